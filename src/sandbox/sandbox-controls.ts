import type { JournalEntry } from '../core/journal.js'
import { resetSandbox } from '../core/reset-sandbox.js'
import type { SandboxCore } from '../core/sandbox-core.js'
import { resolveScenarios } from '../scenarios/scenario-catalogue.js'
import type { ScenarioInput } from '../contract/scenario-schema.js'

/**
 * What a test steers a sandbox with, in-process or standalone alike.
 *
 * @example
 * sandbox.useScenario('server-error')
 * await sandbox.reset()
 */
export interface SandboxControls {
  /** The most recent API requests answered (at most 1000), oldest first, keys masked. */
  readonly requests: readonly JournalEntry[]
  /**
   * Puts these scenarios in force (replacing the current ones) until the next call or `reset()`:
   * built-in names or definitions. Throws a ConfigError for an unknown name, changing nothing.
   */
  useScenario(...scenarios: Array<string | ScenarioInput>): void
  /** Back to the initial state: scenarios, journal, and the records (re-seeded only if a test changed them). */
  reset(): Promise<void>
}

/**
 * The controls over a sandbox whose state exists now and whose data may still be seeding.
 *
 * @example
 * const controls = createSandboxControls(state, corePromise)
 */
export function createSandboxControls(state: Pick<SandboxCore, 'scenarios' | 'journal'>, core: Promise<SandboxCore>): SandboxControls {
  return {
    get requests() {
      return state.journal.list()
    },
    useScenario(...scenarios) {
      state.scenarios.activate(resolveScenarios(state.scenarios.catalogue, scenarios, (index) => `useScenario argument ${index + 1}`))
    },
    async reset() {
      await resetSandbox(await core)
    },
  }
}
