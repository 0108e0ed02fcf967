import { dayOfInstant } from '../vocabulary/calendar-date.js'
import type { CoreRequest, TimedAnswer } from './core-request.js'
import type { SandboxCore } from './sandbox-core.js'
import { outcomeSlot } from './report/coverage.js'

/**
 * Answers a repeat of the request the repeat memo keeps before any step runs, as the steps would:
 * the same answer object, journaled and counted for the client report as the steps' answer is. A
 * request is replayed only where nothing could make the steps answer it otherwise: the same method,
 * path, query, `X-API-Key` and `X-Project-ID`; no `X-Sandbox-Scenario`, `X-Sandbox-Client`,
 * `Content-Length` or `Transfer-Encoding` header (a scenario, the dashboard, or a body's warning);
 * no latency; the same scenarios in force (a set without rules); the same records (the model's
 * change count) and known keys (a key made in another sandbox of the process may make its query
 * warn), the same day (by the clock at `realNow`, the real time the request is answered at), and
 * its key not expired since. Anything else is `undefined`, and the steps answer it.
 *
 * What a load or a test does most, the same request again and again, then costs these comparisons
 * and the journal's entry: the route, warnings, scenario and clock steps are not run again for it
 * (docs/benchmarks.md, run 36).
 *
 * @example
 * const replayed = replayRepeat(sandbox, request, sandbox.clock.realNow())
 * if (replayed !== undefined) return replayed // else the steps answer it
 */
export function replayRepeat(sandbox: SandboxCore, request: CoreRequest, realNow: number): TimedAnswer | undefined {
  const kept = sandbox.repeats.kept
  const timed = kept?.timed
  if (kept === undefined || timed === undefined) return undefined
  if (request.method !== kept.method || sandbox.latency !== undefined || sandbox.scenarios.active !== kept.active) return undefined
  const { index } = sandbox.model
  if (index.knownKeys.changes !== kept.keysChanges) return undefined
  if (request.header('x-sandbox-scenario') !== null || request.header('x-sandbox-client') !== null) return undefined
  if (request.header('content-length') !== null || request.header('transfer-encoding') !== null) return undefined
  const keyHeader = request.header('x-api-key')
  const projectHeader = request.header('x-project-id')
  const now = sandbox.clock.at(realNow)
  const { path, query } = request
  if (sandbox.repeats.find(path, query, keyHeader, projectHeader, index.changes, dayOfInstant(now), now) === undefined) return undefined
  sandbox.requestCount++
  // What the first repeat's entry said, its repeats say again. The first gives the kept request's
  // texts, equal to this one's: the journal compares them with the last request's, which they are, at once.
  const { journal } = sandbox
  if (kept.said !== undefined) journal.recordAgain(kept.said, realNow)
  else {
    journal.record(
      realNow,
      kept.method,
      kept.path,
      kept.query,
      timed.status,
      kept.keyHeader,
      kept.projectHeader,
      kept.active.names,
      null,
      index.knownKeys,
    )
    kept.said = journal.lastSaid
  }
  if (sandbox.clientReport)
    sandbox.coverage.count((kept.outcome ??= outcomeSlot(kept.endpoint, timed.status, null, kept.key.apiKey.level, kept.answer.dates)))
  return timed
}
