import type { SandboxCore } from './sandbox-core.js'

/**
 * The one reset, for the admin API and the library alike: the scenarios the sandbox started with
 * (definitions made since are forgotten), an empty journal and client report, the request count at 0, the start
 * clock, the portal's counters, and the seeded records (accounts, projects and keys made since are
 * gone). The records the request path reads are restored before it returns; the promise resolves
 * once a test's `db()` collections, if it opened them, hold them too.
 *
 * @example
 * await resetSandbox(sandbox) // as new
 */
export function resetSandbox(sandbox: SandboxCore): Promise<void> {
  sandbox.scenarios.reset()
  sandbox.journal.clear()
  sandbox.observerJournal.clear()
  sandbox.coverage.clear()
  sandbox.requestCount = 0
  sandbox.clock.restore()
  sandbox.portal.reset()
  return sandbox.model.reseed()
}
