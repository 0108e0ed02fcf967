import type { SandboxCore } from './sandbox-core.js'

/**
 * The one reset, for the admin API and the library alike: the scenarios the sandbox started with
 * (definitions made since are forgotten), an empty journal and client report, the request count at 0, the start
 * clock, the portal's counters, and the seeded records (accounts, projects and keys made since are
 * gone). Everything the request path reads is restored before it returns; a test's `db()`
 * collections, if it opened them, follow from the index (`sandbox.model.settled()` resolves once they
 * hold the records, or rejects with a copy that failed: a failure is kept until someone awaits it,
 * never dropped).
 *
 * @example
 * resetSandbox(sandbox) // as new
 * await sandbox.model.settled() // and so is db()
 */
export function resetSandbox(sandbox: SandboxCore): void {
  sandbox.scenarios.reset()
  // The judge reads what is left of the journal as it is cleared, then starts afresh.
  sandbox.journal.clear()
  sandbox.behaviour.reset()
  sandbox.observerJournal.clear()
  sandbox.coverage.clear()
  sandbox.requestCount = 0
  sandbox.repeats.clear()
  sandbox.lastWarnings.clear()
  sandbox.clock.restore()
  sandbox.portal.reset()
  sandbox.model.reseed()
}
