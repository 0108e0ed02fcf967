import type { LatencyRange } from '../vocabulary/latency.js'
import type { FixturesInput } from '../contract/fixtures-schema.js'
import type { ScenarioInput } from '../contract/scenario-schema.js'
import { libraryOptionNames } from '../vocabulary/options.js'

/**
 * How to build a sandbox. Every field is optional: the default is the documented data, seed 1,
 * the real clock, no added latency.
 *
 * @example
 * createSandbox({ seed: 7, now: '2026-01-15', latency: '50-150' })
 */
export interface SandboxOptions {
  /** Records to serve instead of the documented default data (validated; see `fixtures/default.json`). */
  fixtures?: FixturesInput
  /** Seed of every generated value (analytics, generated projects, latency, faults). Default 1. */
  seed?: number
  /** The start clock, frozen there: `YYYY-MM-DD` (its first instant, UTC), a UTC date-time, or a Date. Default: the real time. */
  now?: string | Date
  /** Latency added to every answer, in ms: `250`, `'250'`, `'100-400'` or `{ min, max }`. */
  latency?: number | string | LatencyRange
  /**
   * Scenarios in force from the start (and again after a reset): built-in names, or definitions in
   * the scenario file format, which also join the catalogue under their names.
   */
  scenarios?: ReadonlyArray<string | ScenarioInput>
  /** Adds a generated account (key `sbx_user_generated`) with this many projects. */
  generateProjects?: number
  /** The API's base address, for the msw handlers; it ends in `/api/v1/`. Default: any origin. */
  baseUrl?: string
  /**
   * Strict mode: a request the real API would answer but probably not as meant (an unknown query
   * parameter such as `startDate`, a key in the query string…) is answered 400 with the warning's
   * code, so a client's typo fails its test. Default false: such a request gets `X-Sandbox-Warning`.
   */
  strict?: boolean
  /** Whether requests are counted for `coverage()` and checked for warnings. Default true. */
  clientReport?: boolean
  /**
   * A mutation's id (`drop:projects:data.total`: every success of that endpoint answered without
   * the field) or a variant's name (`variant-trend`: that scenario in force), as
   * `analytics-sandbox mutate` runs a suite under each. Default: `ANALYTICS_SANDBOX_MUTATION` from
   * the environment, else none.
   */
  mutation?: string
}

/**
 * Every option of {@link SandboxOptions}, from the options table: another name is a mistake
 * (`seeed`), reported by name.
 *
 * @example
 * SANDBOX_OPTION_NAMES.has('seed') // true
 */
export const SANDBOX_OPTION_NAMES: ReadonlySet<string> = libraryOptionNames('in-process')
