import { Option } from 'commander'
import { collect, parseDateArgument, wholeOption } from './flag-readers.js'

/** How a flag more than one command takes is spelled, what its help says, and how its value is read. */
interface SharedFlag {
  readonly flags: string
  readonly help: string
  readonly parse?: (text: string, previous: string[]) => unknown
  /** Read from this environment variable when the flag is not given. */
  readonly env?: string
}

/**
 * The flags more than one command takes (the server and `mutate`, `report` and `mutate`), one row
 * each, so a flag is spelled, explained and read one way wherever it is given. Ranges come from
 * `LIMITS.options`, as the library's checks do.
 *
 * @example
 * SHARED_FLAGS.seed.flags // '--seed <n>'
 */
export const SHARED_FLAGS = {
  fixtures: { flags: '--fixtures <file>', help: 'serve the records of this JSON file instead of the default data' },
  seed: { flags: '--seed <n>', help: 'seed of all generated values', parse: wholeOption('seed') },
  now: { flags: '--now <date>', help: 'start the clock, frozen, at YYYY-MM-DD or a UTC date-time', parse: parseDateArgument },
  scenario: {
    flags: '--scenario <name|file>',
    help: 'activate a built-in scenario, or one from a JSON file (repeatable)',
    parse: collect,
  },
  out: { flags: '--out <file>', help: 'write the report to this file instead of stdout' },
  adminToken: { flags: '--admin-token <token>', help: "the sandbox's admin token, if it has one", env: 'ANALYTICS_SANDBOX_ADMIN_TOKEN' },
} as const satisfies Record<string, SharedFlag>

/**
 * The commander option of a shared flag, with what this command adds: its own help where the flag
 * means more here, its default.
 *
 * @example
 * program.addOption(sharedFlag('seed', { default: DEFAULT_SEED }))
 */
export function sharedFlag(
  name: keyof typeof SHARED_FLAGS,
  own: { readonly help?: string; readonly default?: unknown; readonly defaultHelp?: string } = {},
): Option {
  const row: SharedFlag = SHARED_FLAGS[name]
  const option = new Option(row.flags, own.help ?? row.help)
  if (row.env !== undefined) option.env(row.env)
  if (own.default !== undefined) option.default(own.default, own.defaultHelp)
  if (row.parse !== undefined) option.argParser(row.parse as (value: string, previous: unknown) => unknown)
  return option
}
