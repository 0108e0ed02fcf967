import type { JournalEntry } from '../core/journal.js'
import { loadInputSchemas } from '../contract/load-input-schemas.js'
import { parse } from '../model/parse-body.js'
import { checkExpectation, type ExpectationOutcome } from '../core/behaviour/check-expectation.js'
import type { ExpectationInput } from '../contract/expect-schemas.js'
import { MAX_RETRIES_LIMIT } from '../vocabulary/behaviour-rules.js'
import { ConfigError } from '../vocabulary/config-error.js'
import type { BehaviourReport, BehaviourScope } from '../core/behaviour/behaviour-judge.js'
import { behaviourOf } from '../core/behaviour/behaviour-of.js'
import type { CoverageReport, CoverageScope } from '../core/report/coverage.js'
import { resetSandbox } from '../core/reset-sandbox.js'
import type { SandboxCore, SandboxState } from '../core/sandbox-core.js'
import { resolveScenarios } from '../scenarios/scenario-catalogue.js'
import type { ScenarioInput } from '../contract/scenario-schema.js'
import type { Portal } from '../model/create-portal.js'
import { clockView, setClock } from '../model/clock-controls.js'
import { DOCUMENTED_KEYS } from '../vocabulary/documented-keys.js'
import type {
  AccountInput,
  AccountView,
  ClockView,
  KeyInput,
  KeyPatch,
  KeyRecord,
  ProjectInput,
  ProjectPatch,
  ProjectRecord,
} from '../contract/portal-schemas.js'

/**
 * Accounts made at run time, as `POST /__sandbox/accounts` makes them.
 *
 * @example
 * const { user_key, project_keys } = await sandbox.accounts.create({ projects: 2 })
 */
export interface AccountControls {
  /** A new user with a USER key, its projects (default 1) and one PROJECT key each. */
  create(input?: AccountInput): Promise<AccountView>
}

/**
 * Projects made, changed and removed at run time.
 *
 * @example
 * const project = await sandbox.projects.create({ user_id: 1, display_name: 'Mine' })
 * await sandbox.projects.update(project.id, { status: 'paused' })
 */
export interface ProjectControls {
  /** A project of `user_id`; fields not given are made up from the seed. */
  create(input: ProjectInput): Promise<ProjectRecord>
  update(id: number, patch: ProjectPatch): Promise<ProjectRecord>
  /** Gone: its PROJECT keys get 401, USER keys no longer list it and get 403 for it. */
  delete(id: number): Promise<void>
}

/**
 * The documented keys, and keys made, listed, changed and removed at run time.
 *
 * @example
 * sandbox.keys.user // 'sbx_user_alpha'
 * const { key } = await sandbox.keys.create({ level: 'USER', user_id: 1, expiry: '2030-01-01T00:00:00Z' })
 * await sandbox.keys.revoke(key)
 */
export type KeyControls = typeof DOCUMENTED_KEYS & {
  create(input: KeyInput): Promise<KeyRecord>
  /** Every key with its state at the clock's now; `userId` narrows to one account. */
  list(userId?: number): Promise<KeyRecord[]>
  update(key: string, patch: KeyPatch): Promise<KeyRecord>
  /** Revoking is final, as in the portal. */
  revoke(key: string): Promise<KeyRecord>
  /** Gone: refused with 401 like any unknown key. */
  delete(key: string): Promise<void>
}

/**
 * The sandbox's clock: "now" for key expiry, default ranges and the last day of data.
 *
 * @example
 * await sandbox.clock.set('2026-01-15T00:00:00Z')
 * await sandbox.clock.advance('P30D')
 */
export interface ClockControls {
  get(): Promise<ClockView>
  /** Sets "now" (an ISO 8601 UTC date-time or a Date) and freezes it. */
  set(now: string | Date): Promise<ClockView>
  /** Moves "now" on by an ISO 8601 duration of weeks, days, hours, minutes and seconds: `P30D`, `PT2H`. */
  advance(duration: string): Promise<ClockView>
  /** Back to the clock the sandbox started with. */
  reset(): Promise<ClockView>
}

/**
 * What a test steers a sandbox with, in-process or standalone alike. The portal and clock
 * operations check their input as the admin API does and throw a `PortalError` (its `issues` list
 * every mistake with its field) without changing anything.
 *
 * @example
 * sandbox.useScenario('server-error')
 * const account = await sandbox.accounts.create()
 * await sandbox.clock.advance('P30D')
 * await sandbox.reset()
 */
export interface SandboxControls {
  /** The most recent API requests answered (at most 1000), oldest first, keys masked. */
  readonly requests: readonly JournalEntry[]
  /**
   * The client report: which of the API's outcomes the requests met (each with a request that
   * produces it) and what they probably got wrong (warnings): since the last `reset()` (the
   * default), or with `'suite'` since the start, across resets (and from `startSandbox`, every
   * session too, ended ones included).
   *
   * @example
   * afterAll(() => expect(sandbox.coverage('suite').percent).toBeGreaterThanOrEqual(80))
   */
  coverage(scope?: CoverageScope): CoverageReport
  /**
   * Verdicts on the client's behaviour, per rule and per key: did it wait as `Retry-After` said,
   * retry a failure at most `maxRetries` times (default 3), back off, leave a 400, 401 or 403 alone,
   * stop using a key answered 401? Since the last `reset()` (the default), or with `'suite'` since
   * the start (and from `startSandbox`, every session too, ended ones included).
   *
   * @example
   * sandbox.useScenario('rate-limited')
   * await client.listProjects() // the client under test
   * expect(sandbox.behaviour().summary.fail).toBe(0)
   */
  behaviour(scope?: BehaviourScope, maxRetries?: number): BehaviourReport
  /**
   * Checks what a test expects of its client's requests to one path, against the journal (as
   * `POST /__sandbox/expect` does): how many, after which status, how far apart. Resolves with the
   * requests it counted, or with what differed and the requests judged; rejects with a PortalError
   * naming each field of an expectation it cannot read (400 `invalid_body`, as the admin API).
   *
   * @example
   * sandbox.useScenario('service-unavailable')
   * await client.listProjects()
   * const outcome = await sandbox.expect({ path: '/projects', count: { min: 1, max: 3 }, after: { status: 503 }, min_gap: 'retry-after' })
   * expect(outcome.ok).toBe(true)
   */
  expect(expectation: ExpectationInput): Promise<ExpectationOutcome>
  /**
   * Puts these scenarios in force (replacing the current ones) until the next call or `reset()`:
   * built-in names or definitions. Throws a ConfigError for an unknown name, changing nothing.
   */
  useScenario(...scenarios: Array<string | ScenarioInput>): void
  /** Back to the start state: scenarios, journal, clock, and the records (accounts, projects and keys made since are gone). */
  reset(): Promise<void>
  readonly accounts: AccountControls
  readonly projects: ProjectControls
  readonly keys: KeyControls
  readonly clock: ClockControls
}

/**
 * `maxRetries` as `behaviour()` takes it: a whole number from 0 to 100, or a ConfigError naming it.
 *
 * @example
 * checkedRetries(5) // 5
 */
export function checkedRetries(maxRetries: number | undefined): number | undefined {
  if (maxRetries === undefined || (Number.isInteger(maxRetries) && maxRetries >= 0 && maxRetries <= MAX_RETRIES_LIMIT)) return maxRetries
  throw new ConfigError(
    `Invalid maxRetries for behaviour(): must be a whole number from 0 to ${MAX_RETRIES_LIMIT} (got ${String(maxRetries)})`,
  )
}

/**
 * `scope` as `behaviour()` takes it: `'reset'` (the default) or `'suite'`, or a ConfigError naming it.
 *
 * @example
 * checkedScope(undefined) // 'reset'
 */
export function checkedScope(scope: unknown): BehaviourScope {
  if (scope === undefined) return 'reset'
  if (scope === 'reset' || scope === 'suite') return scope
  throw new ConfigError(`Invalid scope for behaviour(): must be 'reset' or 'suite' (got ${JSON.stringify(scope) ?? String(scope)})`)
}

/**
 * The controls over a sandbox whose state exists now and whose data may still be seeding.
 */
export function createSandboxControls(state: SandboxState, core: Promise<SandboxCore>): SandboxControls {
  /** Runs a portal operation once the data is seeded, and resolves once a test's `db()` holds its change too. */
  const run = async <T>(operation: (portal: Portal) => T): Promise<T> => {
    const sandbox = await core
    const result = operation(sandbox.portal)
    await sandbox.model.settled()
    return result
  }
  return {
    get requests() {
      return state.journal.list()
    },
    coverage: (scope) => state.coverage.report(scope),
    behaviour: (scope, maxRetries) => behaviourOf(state, checkedScope(scope), checkedRetries(maxRetries)),
    async expect(expectation) {
      const checked = parse(loadInputSchemas().expectBodySchema, expectation)
      return checkExpectation(await core, checked)
    },
    useScenario(...scenarios) {
      state.scenarios.activate(resolveScenarios(state.scenarios.catalogue, scenarios, (index) => `useScenario argument ${index + 1}`))
    },
    async reset() {
      const sandbox = await core
      resetSandbox(sandbox)
      await sandbox.model.settled()
    },
    accounts: { create: (input) => run((portal) => portal.createAccount(input ?? {})) },
    projects: {
      create: (input) => run((portal) => portal.createProject(input)),
      update: (id, patch) => run((portal) => portal.updateProject(id, patch)),
      delete: (id) => run((portal) => void portal.deleteProject(id)),
    },
    keys: {
      ...DOCUMENTED_KEYS,
      create: (input) => run((portal) => portal.createKey(input)),
      list: (userId) => run((portal) => portal.listKeys(userId === undefined ? {} : { userId }).keys),
      update: (key, patch) => run((portal) => portal.updateKey(key, patch)),
      revoke: (key) => run((portal) => portal.updateKey(key, { revoked: true })),
      delete: (key) => run((portal) => void portal.deleteKey(key)),
    },
    clock: {
      get: async () => clockView((await core).clock),
      // An invalid Date goes through as text, so it is refused like any bad `now`.
      set: async (now) =>
        setClock((await core).clock, {
          now: now instanceof Date ? (Number.isNaN(now.getTime()) ? 'Invalid Date' : now.toISOString()) : now,
        }),
      advance: async (duration) => setClock((await core).clock, { advance: duration }),
      reset: async () => setClock((await core).clock, { now: null }),
    },
  }
}
