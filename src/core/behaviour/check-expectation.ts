import type { Expectation } from '../../contract/expect-schemas.js'
import { BEHAVIOUR_TOLERANCE_MS } from '../../vocabulary/behaviour-rules.js'
import { endpointOfExpectedPath } from '../../vocabulary/expected-path.js'
import { ERRORS } from '../../vocabulary/errors.js'
import { errorBody } from '../../vocabulary/sandbox-error.js'
import { journalEntryOf, type JournalEntry, type JournalSaid } from '../journal.js'
import type { SandboxCore } from '../sandbox-core.js'

/**
 * What an expectation found different, as templates the tests import.
 *
 * @example
 * EXPECTATION_DIFFERENCES.tooFew(0, 1, 'to /projects after a 503') // 'found 0 requests to /projects after a 503, expected at least 1'
 */
export const EXPECTATION_DIFFERENCES = {
  noAfter: (what: string, status: number) => `no request ${what} was answered ${status}`,
  tooFew: (found: number, min: number, what: string) => `found ${found} requests ${what}, expected at least ${min}`,
  tooMany: (found: number, max: number, what: string) => `found ${found} requests ${what}, expected at most ${max}`,
  tooSoon: (id: number, gap: number, before: number, wanted: number) =>
    `request ${id} came ${gap} ms after request ${before}, expected at least ${wanted} ms`,
} as const

/** The outcome of an expectation: met, with the requests it matched, or not, with what differed. */
export type ExpectationOutcome =
  | { readonly ok: true; readonly matched: readonly JournalEntry[] }
  | { readonly ok: false; readonly differences: readonly string[]; readonly entries: readonly JournalEntry[] }

interface Seen {
  readonly said: JournalSaid
  readonly at: number
  readonly id: number
}

/**
 * Judges an expectation (`POST /__sandbox/expect`) against the requests the journal keeps: those
 * to its path (and with its key, where given), after the first answered `after.status` where given;
 * their count, and the gap before each (from the one before it, the `after` request included).
 *
 * @example
 * checkExpectation(sandbox, { path: '/projects', count: { min: 1, max: 3 }, after: { status: 503 }, min_gap: 'retry-after' })
 */
export function checkExpectation(sandbox: Pick<SandboxCore, 'journal' | 'basePath'>, expectation: Expectation): ExpectationOutcome {
  // The schema took only a path of the API.
  const name = endpointOfExpectedPath(expectation.path)!
  const own = `${sandbox.basePath}${name}`
  const { key, after, count, min_gap_ms: minGapMs, min_gap: minGap } = expectation
  const seen: Seen[] = []
  sandbox.journal.forEach((said, at, id) => {
    if ((said.path === own || said.path === `${own}/`) && (key === undefined || said.keySent === key)) seen.push({ said, at, id })
  })
  const what = `to /${name}${key === undefined ? '' : ' with that key'}${after === undefined ? '' : ` after a ${after.status}`}`
  const entriesOf = (list: readonly Seen[]) => list.map(({ said, at, id }) => journalEntryOf(said, at, id))
  const start = after === undefined ? -1 : seen.findIndex(({ said }) => said.status === after.status)
  if (after !== undefined && start < 0)
    return { ok: false, differences: [EXPECTATION_DIFFERENCES.noAfter(`to /${name}`, after.status)], entries: entriesOf(seen) }
  const matched = seen.slice(start + 1)
  const differences: string[] = []
  if (count?.min !== undefined && matched.length < count.min)
    differences.push(EXPECTATION_DIFFERENCES.tooFew(matched.length, count.min, what))
  if (count?.max !== undefined && matched.length > count.max)
    differences.push(EXPECTATION_DIFFERENCES.tooMany(matched.length, count.max, what))
  // The gap before each matched request, from the one before it (the `after` request for the first).
  const chain = start < 0 ? matched : seen.slice(start)
  for (let at = 1; at < chain.length; at++) {
    const before = chain[at - 1]!
    const wanted = minGapMs ?? (minGap === 'retry-after' ? (before.said.retryAfter ?? 0) * 1000 : 0)
    const gap = chain[at]!.at - before.at
    if (gap + BEHAVIOUR_TOLERANCE_MS < wanted) differences.push(EXPECTATION_DIFFERENCES.tooSoon(chain[at]!.id, gap, before.id, wanted))
  }
  return differences.length === 0 ? { ok: true, matched: entriesOf(matched) } : { ok: false, differences, entries: entriesOf(chain) }
}

/**
 * The 409 of an expectation not met: the admin error envelope, with what differed and the
 * requests judged in `errors`.
 *
 * @example
 * const body = expectationFailedBody(['found 0 requests to /projects, expected at least 1'], [])
 */
export function expectationFailedBody(differences: readonly string[], entries: readonly JournalEntry[]) {
  const body = errorBody(ERRORS.expectationFailed)
  return { ...body, errors: { ...body.errors, differences, entries } }
}
