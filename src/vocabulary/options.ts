import { DEFAULT_MAX_RETRIES, MAX_RETRIES_LIMIT } from './behaviour-rules.js'

/** What an option takes: a whole number in its range, a start instant, a latency, a repeatable list, a text, a file's path or a switch. */
export type OptionKind = 'whole' | 'instant' | 'latency' | 'list' | 'text' | 'file' | 'switch'

/**
 * Which of the library's two functions take an option: both (`createSandbox` in process and
 * `startSandbox`), or only the server's (where to listen, sessions, time-outs) or only the
 * in-process one (the base URL msw intercepts).
 */
export type OptionScope = 'both' | 'server' | 'in-process'

/** One option of the sandbox, as each way of giving it knows it. */
export interface OptionRow {
  readonly kind: OptionKind
  /** Its range, for a whole number (both ends included). */
  readonly min?: number
  readonly max?: number
  /** Its flag, as commander spells it, and the help the flag shows; none for an option of the library alone. */
  readonly flag?: string
  readonly help: string
  /** The environment variable the flag is read from when it is not given. */
  readonly env?: string
  /** Its value where nothing gives one (the command line's and the library's, unless said otherwise). */
  readonly default?: number | string
  /** The library option it is (a path, as `timeouts.headersMs`), where the library takes it, and which functions take it (default: both). */
  readonly option?: string
  readonly scope?: OptionScope
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
    scope: 'server',
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
    scope: 'server',
  },
  sessionTtl: {
    kind: 'whole',
    min: 1,
    max: 7 * 86_400,
    flag: '--session-ttl <seconds>',
    help: 'a session unused this long ends by itself',
    default: 30 * 60,
    option: 'sessionTtl',
    scope: 'server',
  },
  adminToken: {
    kind: 'text',
    flag: '--admin-token <token>',
    help: "the sandbox's admin token, if it has one",
    env: 'ANALYTICS_SANDBOX_ADMIN_TOKEN',
    option: 'adminToken',
    scope: 'server',
  },
  headersTimeout: {
    kind: 'whole',
    min: 100,
    max: 600_000,
    flag: '--headers-timeout <ms>',
    help: 'a client must send its request headers within this',
    default: 10_000,
    option: 'timeouts.headersMs',
    scope: 'server',
  },
  keepAliveTimeout: {
    kind: 'whole',
    min: 100,
    max: 600_000,
    flag: '--keep-alive-timeout <ms>',
    help: 'an idle keep-alive connection is closed after this',
    default: 5_000,
    option: 'timeouts.keepAliveMs',
    scope: 'server',
  },
  shutdownGrace: {
    kind: 'whole',
    min: 0,
    max: 600_000,
    flag: '--shutdown-grace <ms>',
    help: 'on SIGINT or SIGTERM, requests in flight may finish within this',
    default: 5_000,
    option: 'timeouts.shutdownGraceMs',
    scope: 'server',
  },
  /** `report` and `verify`: how long a request may take. */
  timeout: { kind: 'whole', min: 1, max: 9_999_999, flag: '--timeout <ms>', help: 'per request', default: 10_000 },
  /** `report --max-retries`: the retries of the same request `bounded-retries` allows. */
  maxRetries: {
    kind: 'whole',
    min: 0,
    max: MAX_RETRIES_LIMIT,
    flag: '--max-retries <n>',
    help: 'retries of the same request bounded-retries allows',
    default: DEFAULT_MAX_RETRIES,
  },
  /** `mutate --jobs`: runs at once. */
  jobs: { kind: 'whole', min: 1, max: 64, flag: '--jobs <n>', help: 'runs at once' },
  /** `mutate --timeout`: seconds a run may take. */
  runTimeout: {
    kind: 'whole',
    min: 1,
    max: 86_400,
    flag: '--timeout <s>',
    help: 'seconds a run may take before it is killed',
    default: 120,
  },
  strict: {
    kind: 'switch',
    flag: '--strict',
    help: 'answer a request the real API would probably misread (such as ?startDate=) with 400 and its warning code',
    env: 'ANALYTICS_SANDBOX_STRICT',
    option: 'strict',
    session: 'strict',
  },
  clientReport: {
    kind: 'switch',
    flag: '--no-client-report',
    help: 'neither count outcomes for the client report nor check requests for warnings',
    option: 'clientReport',
  },
  host: { kind: 'text', flag: '--host <address>', help: 'address to bind', default: '127.0.0.1', option: 'host', scope: 'server' },
  baseUrl: { kind: 'text', help: 'the base URL msw intercepts', option: 'baseUrl', scope: 'in-process' },
  mutation: {
    kind: 'text',
    help: 'the mutation or variant its answers are given with, as mutate runs a suite',
    option: 'mutation',
    session: 'mutation',
  },
  /** `report` and `mutate`: where the report goes. */
  out: { kind: 'file', flag: '--out <file>', help: 'write the report to this file instead of stdout' },
} as const satisfies Record<string, OptionRow>

/** An option of the sandbox, by its name in {@link OPTIONS}. */
export type OptionName = keyof typeof OPTIONS

/**
 * The names the library's options object takes, for `createSandbox` (`in-process`) or
 * `startSandbox` (`server`): each row's library option (the first part of its path), in the
 * table's order. Another name is a mistake, reported by name.
 *
 * @example
 * libraryOptionNames('server').has('timeouts') // true
 */
export function libraryOptionNames(api: Exclude<OptionScope, 'both'>): ReadonlySet<string> {
  const names = new Set<string>()
  for (const row of Object.values(OPTIONS) as OptionRow[]) {
    const scope = row.scope ?? 'both'
    if (row.option !== undefined && (scope === 'both' || scope === api)) names.add(row.option.split('.')[0]!)
  }
  return names
}
