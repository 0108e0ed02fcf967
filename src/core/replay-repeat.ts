import { dayOfInstant } from '../vocabulary/calendar-date.js'
import type { CoreRequest, TimedAnswer } from './core-request.js'
import type { SandboxCore } from './sandbox-core.js'
import { finishRequest } from './finish-request.js'

/**
 * Answers a repeat of the request the repeat memo keeps before any step runs, as the steps would:
 * the same answer object, finished with the same record (`finishRequest`: journaled and counted
 * for the client report) as the steps' answer was. A
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
  if (kept === undefined || timed === undefined || kept.finished === undefined) return undefined
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
  // The record the steps finished it with, finished again; what its first replay's entry said, its
  // replays say again (the journal compares the kept texts with the last request's at once).
  const { finished } = kept
  finishRequest(sandbox, finished, realNow)
  finished.said ??= sandbox.journal.lastSaid
  return timed
}
