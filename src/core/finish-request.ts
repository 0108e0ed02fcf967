import type { FinishedRequest } from './finished-request.js'
import { outcomeSlot } from './report/coverage.js'
import type { SandboxCore } from './sandbox-core.js'

/**
 * The one finish of a request of the public API, whichever way it was answered (the steps, or a
 * replayed repeat): its journal entry at `realNow` (the dashboard's in its own journal, keys masked
 * wherever they are) and its count in the client report (its outcome, or the fault it met, or the
 * variants a success showed; its warnings). Gives the entry's id.
 *
 * @example
 * const id = finishRequest(sandbox, finished, sandbox.clock.realNow())
 */
export function finishRequest(sandbox: SandboxCore, finished: FinishedRequest, realNow: number): number {
  const journal = finished.observer ? sandbox.observerJournal : sandbox.journal
  const { said, endpoint, warnings, fault } = finished
  const id =
    said !== undefined
      ? journal.recordAgain(said, realNow)
      : journal.record(
          realNow,
          finished.method,
          finished.path,
          finished.query,
          finished.seenStatus,
          finished.keyHeader,
          finished.projectHeader,
          finished.scenarios,
          finished.error,
          sandbox.model.index.knownKeys,
          warnings,
          fault,
          finished.retryAfter,
        )
  if (!sandbox.clientReport || finished.observer || endpoint === undefined) return id
  const { coverage } = sandbox
  // A fault is what the client met, not the endpoint's answer; a success under variants is those
  // variants' outcome, not the plain success (so each outcome's example meets it alone).
  if (fault !== null) coverage.meet(fault)
  else if (finished.variants !== 0 && finished.status === 200) coverage.meetVariants(finished.variants, endpoint)
  else coverage.count((finished.outcome ??= outcomeSlot(endpoint, finished.status, finished.error, finished.level, finished.dates)))
  if (warnings.length > 0) coverage.warn(warnings, id)
  return id
}
