/** What an option takes: a whole number in its range, a start instant, a latency, a repeatable list, a text or a file's path. */
export type OptionKind = 'whole' | 'instant' | 'latency' | 'list' | 'text' | 'file'

/** One option of the sandbox, as each way of giving it knows it. */
export interface OptionRow {
  readonly kind: OptionKind
  /** Its range, for a whole number (both ends included). */
  readonly min?: number
  readonly max?: number
  /** Its flag, as commander spells it, and the help the flag shows. */
  readonly flag: string
  readonly help: string
  /** The environment variable the flag is read from when it is not given. */
  readonly env?: string
  /** Its value where nothing gives one (the command line's and the library's, unless said otherwise). */
  readonly default?: number
  /** The library option it is (a path, as `timeouts.headersMs`), where the library takes it. */
  readonly option?: string
  /** The field of `POST /__sandbox/sessions` that takes it, where a session does. */
  readonly session?: string
}

/**
 * The sandbox's options, one row each: its kind and range, its flag and help, its environment
 * variable, its default, the library option and the session field it is. The command line makes its
 * flags from here (`optionOf`), the library checks its options against the same ranges
 * (`checkWholeOption`), and the session schema takes its seed's range from here. A flag that one
 * command alone takes and that has nothing to check is written where that command is.
 *
 * @example
 * OPTIONS.seed.max // 4294967295
 */
export const OPTIONS = {
  port: {
    kind: 'whole',
    min: 0,
    max: 65_535,
    flag: '-p, --port <port>',
    help: 'port to listen on; 0 picks a free one',
    env: 'PORT',
    option: 'port',
  },
  fixtures: {
    kind: 'file',
    flag: '--fixtures <file>',
    help: 'serve the records of this JSON file instead of the default data',
    option: 'fixtures',
  },
  seed: {
    kind: 'whole',
    min: 0,
    max: 0xffffffff,
    flag: '--seed <n>',
    help: 'seed of all generated values',
    default: 1,
    option: 'seed',
    session: 'seed',
  },
  generateProjects: {
    kind: 'whole',
    min: 0,
    max: 100_000,
    flag: '--generate-projects <n>',
    help: 'add a generated account (key sbx_user_generated) with n projects',
    default: 0,
    option: 'generateProjects',
  },
  now: {
    kind: 'instant',
    flag: '--now <date>',
    help: 'start the clock, frozen, at YYYY-MM-DD or a UTC date-time',
    option: 'now',
    session: 'now',
  },
  latency: { kind: 'latency', flag: '--latency <ms>', help: 'add latency to every answer: 250, or a range 100-400', option: 'latency' },
  scenario: {
    kind: 'list',
    flag: '--scenario <name|file>',
    help: 'activate a built-in scenario, or one from a JSON file (repeatable)',
    option: 'scenarios',
    session: 'scenarios',
  },
  maxSessions: {
    kind: 'whole',
    min: 0,
    max: 100_000,
    flag: '--max-sessions <n>',
    help: 'live sessions at most (POST /__sandbox/sessions)',
    default: 1000,
    option: 'maxSessions',
  },
  sessionTtl: {
    kind: 'whole',
    min: 1,
    max: 7 * 86_400,
    flag: '--session-ttl <seconds>',
    help: 'a session unused this long ends by itself',
    default: 30 * 60,
    option: 'sessionTtl',
  },
  adminToken: {
    kind: 'text',
    flag: '--admin-token <token>',
    help: "the sandbox's admin token, if it has one",
    env: 'ANALYTICS_SANDBOX_ADMIN_TOKEN',
    option: 'adminToken',
  },
  headersTimeout: {
    kind: 'whole',
    min: 100,
    max: 600_000,
    flag: '--headers-timeout <ms>',
    help: 'a client must send its request headers within this',
    default: 10_000,
    option: 'timeouts.headersMs',
  },
  keepAliveTimeout: {
    kind: 'whole',
    min: 100,
    max: 600_000,
    flag: '--keep-alive-timeout <ms>',
    help: 'an idle keep-alive connection is closed after this',
    default: 5_000,
    option: 'timeouts.keepAliveMs',
  },
  shutdownGrace: {
    kind: 'whole',
    min: 0,
    max: 600_000,
    flag: '--shutdown-grace <ms>',
    help: 'on SIGINT or SIGTERM, requests in flight may finish within this',
    default: 5_000,
    option: 'timeouts.shutdownGraceMs',
  },
  /** `report` and `verify`: how long a request may take. */
  timeout: { kind: 'whole', min: 1, max: 9_999_999, flag: '--timeout <ms>', help: 'per request', default: 10_000, option: 'timeout' },
  /** `mutate --jobs`: runs at once. */
  jobs: { kind: 'whole', min: 1, max: 64, flag: '--jobs <n>', help: 'runs at once', option: 'jobs' },
  /** `mutate --timeout`: seconds a run may take. */
  runTimeout: {
    kind: 'whole',
    min: 1,
    max: 86_400,
    flag: '--timeout <s>',
    help: 'seconds a run may take before it is killed',
    default: 120,
    option: 'timeout',
  },
  /** `report` and `mutate`: where the report goes. */
  out: { kind: 'file', flag: '--out <file>', help: 'write the report to this file instead of stdout' },
} as const satisfies Record<string, OptionRow>

/** An option of the sandbox, by its name in {@link OPTIONS}. */
export type OptionName = keyof typeof OPTIONS
