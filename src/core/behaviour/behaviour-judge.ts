import {
  BEHAVIOUR_RULE_NAMES,
  BEHAVIOUR_RULES,
  BEHAVIOUR_TOLERANCE_MS,
  DEFAULT_MAX_RETRIES,
  MAX_FAILURE_ENTRIES,
  MAX_JUDGED_KEYS,
  MAX_KEPT_FAILURES,
  MAX_LISTED_KEYS,
  MAX_RETRIES_LIMIT,
  MIN_BACKOFF_MS,
  NO_RETRY_STATUSES,
  type BehaviourRuleName,
  type BehaviourVerdict,
} from '../../vocabulary/behaviour-rules.js'
import { journalEntryOf, type JournalEntry, type JournalSaid } from '../journal.js'

/**
 * What a failure says, as templates the tests import.
 *
 * @example
 * BEHAVIOUR_FAILURES.retryAfter(120, 1000) // 'came 120 ms after a Retry-After of 1000 ms'
 */
export const BEHAVIOUR_FAILURES = {
  retryAfter: (gap: number, wanted: number) => `came ${gap} ms after a Retry-After of ${wanted} ms`,
  retries: (attempts: number, max: number) =>
    `sent ${attempts} times in a row after a failure: ${attempts - 1} ${attempts === 2 ? 'retry' : 'retries'}, at most ${max}`,
  tooSoon: (gap: number) => `retried ${gap} ms after the last attempt, under ${MIN_BACKOFF_MS} ms`,
  shrank: (before: number, gap: number) => `the gap between attempts shrank from ${before} ms to ${gap} ms`,
  sentAgain: (status: number) => `sent again unchanged, as the next request of its key, after a ${status}`,
  deadKey: (uses: number) => `used ${uses} more times after its 401 (at most 1)`,
  waitedOut: (waited: number) => `waited ${waited} ms for the whole answer: no time-out closed the connection`,
  notSentAgain: 'met a keep-alive connection closed under it and was not sent again: the next request of its key was another',
} as const

/** A request as the judge remembers it: what its entry said, when it came, its id. */
interface Seen {
  readonly said: JournalSaid
  readonly at: number
  readonly id: number
}

/** One broken rule: why, the gap that broke it where a gap did, and the requests. */
interface Failure {
  message: string
  readonly gapMs: number | null
  readonly wantedMs: number | null
  readonly seen: Seen[]
  /** Requests of it not kept in `seen`. */
  more: number
}

/** A run of the same request of a key, each attempt after a failure a client may retry. */
interface Chain {
  readonly seen: Seen[]
  attempts: number
  lastAt: number
  lastGap: number | null
  /** Whether its last attempt failed so that another may follow. */
  retryable: boolean
  backoffBroken: boolean
}

/** What one key did, under one sandbox: its counts per rule, its failures, its retry chains. */
interface KeyTally {
  /** The key as sent, to tell keys apart (two keys can look the same masked); never shown. */
  readonly name: string
  readonly key: string | null
  readonly session: string | null
  readonly exercised: number[]
  readonly failed: number[]
  readonly failures: Failure[][]
  /** How many chains had each number of retries (the last slot: that many or more). */
  readonly retries: number[]
  /** The longest chains, for the failures of `bounded-retries` at any `max_retries`. */
  readonly longest: Chain[]
  /** How long the client waited before it gave up (`gives-up`), the first few times. */
  readonly gaveUpAfter: number[]
}

/** What a key's next request is judged against. */
interface KeyState {
  readonly tally: KeyTally
  last: Seen | undefined
  chain: Chain | undefined
  dead: Seen | undefined
  deadUses: number
  deadFailure: Failure | undefined
  /** The request that met a keep-alive connection closed under it (`fault-keepalive-close`), until the next. */
  closedUnder: Seen | undefined
}

const RULE_INDEX = new Map(BEHAVIOUR_RULE_NAMES.map((name, index) => [name, index]))
const index = (rule: BehaviourRuleName) => RULE_INDEX.get(rule)!

/** How the journal names the fault `fresh-connection` follows. */
const KEEPALIVE_CLOSE = 'fault-keepalive-close'

/**
 * Whether a client may send the same request again after it, as a retry of a failure: a 5xx, or no
 * answer at all (a reset, an empty reply). A keep-alive connection closed under a request is a race
 * of the connection, not a failure: it is sent again at once, on a new one (`fresh-connection`).
 */
const retryable = (said: JournalSaid) =>
  (said.status === null && said.fault !== KEEPALIVE_CLOSE) || (said.status !== null && said.status >= 500)

/** Whether two requests are the same: method, path, query and project, as the journal keeps them. */
const sameRequest = (a: JournalSaid, b: JournalSaid) =>
  a === b || (a.method === b.method && a.path === b.path && a.query === b.query && a.projectId === b.projectId)

function newTally(name: string, key: string | null, session: string | null): KeyTally {
  const rules = BEHAVIOUR_RULE_NAMES.length
  return {
    name,
    key,
    session,
    exercised: new Array<number>(rules).fill(0),
    failed: new Array<number>(rules).fill(0),
    failures: Array.from({ length: rules }, () => []),
    retries: new Array<number>(MAX_RETRIES_LIMIT + 2).fill(0),
    longest: [],
    gaveUpAfter: [],
  }
}

/** Adds `from`'s counts and kept failures and chains to `into`. */
function addTally(into: KeyTally, from: KeyTally): void {
  for (let rule = 0; rule < into.exercised.length; rule++) {
    into.exercised[rule]! += from.exercised[rule]!
    into.failed[rule]! += from.failed[rule]!
    for (const failure of from.failures[rule]!) if (into.failures[rule]!.length < MAX_KEPT_FAILURES) into.failures[rule]!.push(failure)
  }
  for (let retries = 0; retries < into.retries.length; retries++) into.retries[retries]! += from.retries[retries]!
  for (const chain of from.longest) keepLongest(into.longest, chain)
  for (const waited of from.gaveUpAfter) if (into.gaveUpAfter.length < MAX_KEPT_FAILURES) into.gaveUpAfter.push(waited)
}

/** Keeps `chain` among the longest chains of a key, if it is one of them. */
function keepLongest(longest: Chain[], chain: Chain): void {
  if (longest.includes(chain)) return
  if (longest.length < MAX_KEPT_FAILURES) {
    longest.push(chain)
    return
  }
  let shortest = 0
  for (let at = 1; at < longest.length; at++) if (longest[at]!.attempts < longest[shortest]!.attempts) shortest = at
  if (longest[shortest]!.attempts < chain.attempts) longest[shortest] = chain
}

/** What the keys past {@link MAX_JUDGED_KEYS} of a suite are added up under, and shown as. */
const OTHER_KEYS_ID = '\u0000other keys'
const OTHER_KEYS = '(other keys, added up)'

/** Verdicts of the keys of many judges, as one tally per key and session. */
class Tallies {
  readonly byKey = new Map<string, KeyTally>()
  judged = 0
  notJudged = 0

  add(tally: KeyTally, session: string | null): void {
    const id = `${session ?? ''}\n${tally.name}`
    let into = this.byKey.get(id)
    if (into === undefined) {
      // Past the bound (a suite of many sessions, or many resets), the further keys are added up as
      // one, so no verdict they carry, a failure above all, is lost.
      const full = this.byKey.size >= MAX_JUDGED_KEYS
      const at = full ? OTHER_KEYS_ID : id
      into = this.byKey.get(at)
      if (into === undefined) {
        into = full ? newTally(OTHER_KEYS_ID, OTHER_KEYS, null) : newTally(tally.name, tally.key, session)
        this.byKey.set(at, into)
      }
    }
    addTally(into, tally)
  }

  addAll(other: Tallies, session: string | null): void {
    for (const tally of other.byKey.values()) this.add(tally, session ?? tally.session)
    this.judged += other.judged
    this.notJudged += other.notJudged
  }
}

/** One request of a failure, as the journal lists it. */
export type BehaviourEntry = JournalEntry

/**
 * One broken rule, as the reports show it.
 *
 * @example
 * failure.message // 'came 120 ms after a Retry-After of 1000 ms'
 */
export interface BehaviourFailure {
  readonly message: string
  /** The gap that broke it, where a gap did, and the least gap the rule wanted. */
  readonly gap_ms: number | null
  readonly wanted_ms: number | null
  /** The requests, in the journal's order. */
  readonly entries: readonly BehaviourEntry[]
  /** Requests of it not listed in `entries`. */
  readonly more: number
}

/**
 * One rule's verdict for one key as sent (masked), under one sandbox.
 *
 * @example
 * keyVerdict.verdict // 'pass'
 */
export interface BehaviourKeyVerdict {
  readonly key: string | null
  /** The session it was sent under; `null` for the sandbox itself. */
  readonly session: string | null
  readonly verdict: BehaviourVerdict
  /** How many times the rule was met (a Retry-After answered, a failure retried or not…). */
  readonly exercised: number
  /** How many times it was broken; at most {@link MAX_KEPT_FAILURES} are listed. */
  readonly failed: number
  readonly failures: readonly BehaviourFailure[]
  /** `gives-up`: how long the client waited before it closed the connection, the first few times. */
  readonly waited_ms: readonly number[]
}

/**
 * One rule's verdict: `fail` if any key broke it, `pass` if some key met it, else `not-exercised`
 * with the scenario that would exercise it.
 *
 * @example
 * report.rules.find((rule) => rule.rule === 'retry-after')?.verdict // 'pass'
 */
export interface BehaviourRuleVerdict {
  readonly rule: BehaviourRuleName
  readonly verdict: BehaviourVerdict
  readonly description: string
  /** How to exercise it, where it was not. */
  readonly exercise: string | null
  /** The keys' verdicts, the broken first, at most {@link MAX_LISTED_KEYS}; `keys_left_out` counts the rest. */
  readonly keys: readonly BehaviourKeyVerdict[]
  readonly keys_left_out: number
}

/** Which requests a behaviour report judges: since the last reset, or since the start (at the root, every session's too). */
export type BehaviourScope = 'reset' | 'suite'

/**
 * The verdicts on a client's behaviour (`GET /__sandbox/behaviour`, `sandbox.behaviour()`).
 *
 * @example
 * const report: BehaviourReport = sandbox.behaviour()
 * report.summary.fail // 0
 */
export interface BehaviourReport {
  readonly scope: BehaviourScope
  readonly max_retries: number
  /** Requests judged; requests of keys past the first {@link MAX_JUDGED_KEYS} are counted apart. */
  readonly judged: number
  readonly not_judged: number
  /** How many rules have each verdict. */
  readonly summary: { readonly pass: number; readonly fail: number; readonly not_exercised: number }
  readonly rules: readonly BehaviourRuleVerdict[]
}

/** Requests the judge remembers, as the journal lists them. */
const entriesOf = (seen: readonly Seen[]) => seen.map(({ said, at, id }) => journalEntryOf(said, at, id))

const failureView = (failure: Failure): BehaviourFailure => ({
  message: failure.message,
  gap_ms: failure.gapMs,
  wanted_ms: failure.wantedMs,
  entries: entriesOf(failure.seen),
  more: failure.more,
})

/**
 * Judges a client's behaviour from a sandbox's journal, request by request as entries leave the
 * journal or are read (`Journal.drain`): per key as sent, whether it waits as `Retry-After` says,
 * retries a failure a bounded number of times, backs off, leaves a 400, 401 or 403 alone and stops
 * using a key answered 401. A reset starts the judging afresh (a retry does not span tests); what
 * was judged before counts for the suite.
 *
 * @example
 * const judge = new BehaviourJudge()
 * const journal = new Journal(1000, budget, (said, at, id) => judge.feed(said, at, id))
 * journal.drain()
 * judge.report('reset').summary.fail // 0
 */
export class BehaviourJudge {
  /** Since the last reset: the keys' states and their tallies. */
  #states = new Map<string, KeyState>()
  #current = new Tallies()
  /** Judged before the last reset. */
  readonly #before = new Tallies()
  /** Told when a verdict changes outside the journal (`settle`), where a run listens. */
  changed: (() => void) | undefined

  /** The state of the key `said` was sent with; `undefined` past {@link MAX_JUDGED_KEYS} keys. */
  #stateOf(said: JournalSaid): KeyState | undefined {
    const name = said.keySent ?? said.key ?? ''
    const state = this.#states.get(name)
    if (state !== undefined) return state
    if (this.#states.size >= MAX_JUDGED_KEYS) return undefined
    const tally = newTally(name, said.key, null)
    this.#current.byKey.set(`\n${name}`, tally)
    const made: KeyState = {
      tally,
      last: undefined,
      chain: undefined,
      dead: undefined,
      deadUses: 0,
      deadFailure: undefined,
      closedUnder: undefined,
    }
    this.#states.set(name, made)
    return made
  }

  /** Judges one request (what its journal entry said, its arrival, its id) after the ones before it. */
  feed(said: JournalSaid, at: number, id: number): void {
    const state = this.#stateOf(said)
    if (state === undefined) {
      this.#current.notJudged++
      return
    }
    this.#current.judged++
    const seen: Seen = { said, at, id }
    const { tally, last } = state
    if (last !== undefined) {
      const gap = at - last.at
      const retryAfter = last.said.retryAfter
      if (retryAfter !== null && gap + BEHAVIOUR_TOLERANCE_MS < retryAfter * 1000)
        fail(tally, 'retry-after', BEHAVIOUR_FAILURES.retryAfter(gap, retryAfter * 1000), gap, retryAfter * 1000, [last, seen])
      const status = last.said.status
      if (status !== null && NO_RETRY_STATUSES.has(status) && sameRequest(last.said, said))
        fail(tally, 'no-retry-on-4xx', BEHAVIOUR_FAILURES.sentAgain(status), null, null, [last, seen])
    }
    this.#judgeDeadKey(state, seen)
    this.#judgeChain(state, seen)
    this.#judgeFreshConnection(state, seen)
    if (said.retryAfter !== null) tally.exercised[index('retry-after')]!++
    if (said.status !== null && NO_RETRY_STATUSES.has(said.status)) tally.exercised[index('no-retry-on-4xx')]!++
    state.last = seen
  }

  /** `dead-key`: after a 401, one more use of the key is allowed; a success ends its death (the portal or a scenario revived it). */
  #judgeDeadKey(state: KeyState, seen: Seen): void {
    const { tally } = state
    if (state.dead !== undefined) {
      if (seen.said.status !== 401) {
        state.dead = undefined
        return
      }
      const uses = ++state.deadUses
      if (uses === 2)
        state.deadFailure = fail(tally, 'dead-key', BEHAVIOUR_FAILURES.deadKey(uses), null, null, [state.dead, state.last!, seen])
      else if (uses > 2 && state.deadFailure !== undefined) {
        state.deadFailure.message = BEHAVIOUR_FAILURES.deadKey(uses)
        if (state.deadFailure.seen.length < MAX_FAILURE_ENTRIES) state.deadFailure.seen.push(seen)
        else state.deadFailure.more++
      }
      return
    }
    // Requests without a key are one group: there is no key to stop using.
    if (seen.said.status !== 401 || tally.name === '') return
    state.dead = seen
    state.deadUses = 0
    state.deadFailure = undefined
    tally.exercised[index('dead-key')]!++
  }

  /** `fresh-connection`: the next request of a key after one met a keep-alive connection closed under it. */
  #judgeFreshConnection(state: KeyState, seen: Seen): void {
    const closed = state.closedUnder
    // Only a request the close left unanswered counts: on a new connection the fault answers as usual.
    state.closedUnder = seen.said.fault === KEEPALIVE_CLOSE && seen.said.status === null ? seen : undefined
    if (closed === undefined) return
    // Sent again and closed under again (another connection of the pool was stale too): judged at its end.
    if (state.closedUnder !== undefined && sameRequest(closed.said, seen.said)) return
    const { tally } = state
    tally.exercised[index('fresh-connection')]!++
    if (!sameRequest(closed.said, seen.said)) fail(tally, 'fresh-connection', BEHAVIOUR_FAILURES.notSentAgain, null, null, [closed, seen])
  }

  /** `bounded-retries` and `backoff`: the runs of the same request of a key after a failure. */
  #judgeChain(state: KeyState, seen: Seen): void {
    const { tally, chain } = state
    const { said, at } = seen
    if (chain !== undefined && chain.retryable && sameRequest(chain.seen[0]!.said, said)) {
      const gap = at - chain.lastAt
      if (chain.attempts === 1) tally.exercised[index('backoff')]!++
      if (!chain.backoffBroken && gap + BEHAVIOUR_TOLERANCE_MS < MIN_BACKOFF_MS) {
        chain.backoffBroken = true
        fail(tally, 'backoff', BEHAVIOUR_FAILURES.tooSoon(gap), gap, MIN_BACKOFF_MS, [state.last!, seen])
      } else if (!chain.backoffBroken && chain.lastGap !== null && gap + BEHAVIOUR_TOLERANCE_MS < chain.lastGap) {
        chain.backoffBroken = true
        fail(tally, 'backoff', BEHAVIOUR_FAILURES.shrank(chain.lastGap, gap), gap, chain.lastGap, [state.last!, seen])
      }
      const before = Math.min(chain.attempts - 1, MAX_RETRIES_LIMIT + 1)
      chain.attempts++
      tally.retries[before]!--
      tally.retries[Math.min(chain.attempts - 1, MAX_RETRIES_LIMIT + 1)]!++
      if (chain.seen.length < MAX_FAILURE_ENTRIES) chain.seen.push(seen)
      chain.lastGap = gap
      chain.lastAt = at
      chain.retryable = retryable(said)
      keepLongest(tally.longest, chain)
      return
    }
    state.chain = undefined
    if (!retryable(said)) return
    state.chain = { seen: [seen], attempts: 1, lastAt: at, lastGap: null, retryable: true, backoffBroken: false }
    tally.retries[0]!++
    tally.exercised[index('bounded-retries')]!++
  }

  /**
   * Judges how an answer a client should give up on ended (`gives-up`): the transport tells, once
   * it has ended, how long it took and whether the client closed the connection first. An answer it
   * waited out whole breaks the rule.
   *
   * @example
   * judge.settle(said, arrivedAt, id, 2000, true) // gave up after 2 s: kept
   */
  settle(said: JournalSaid, at: number, id: number, waitedMs: number, byClient: boolean): void {
    const state = this.#stateOf(said)
    if (state === undefined) return
    const { tally } = state
    tally.exercised[index('gives-up')]!++
    const waited = Math.round(waitedMs)
    if (!byClient) fail(tally, 'gives-up', BEHAVIOUR_FAILURES.waitedOut(waited), waited, null, [{ said, at, id }])
    else if (tally.gaveUpAfter.length < MAX_KEPT_FAILURES) tally.gaveUpAfter.push(waited)
    this.changed?.()
  }

  /**
   * Starts judging afresh (a reset): what was judged counts for the suite, and no request before
   * is held against one after.
   */
  reset(): void {
    this.#before.addAll(this.#current, null)
    this.#states = new Map()
    this.#current = new Tallies()
  }

  /** What was judged, as tallies to add up: since the last reset, or since the start. */
  tallies(scope: BehaviourScope): Tallies {
    if (scope === 'reset') return this.#current
    const all = new Tallies()
    all.addAll(this.#before, null)
    all.addAll(this.#current, null)
    return all
  }

  /**
   * Takes in what another judge judged (a session that ended), under the session's id (`null`: a
   * judge of ended sessions, whose verdicts keep their own ids).
   *
   * @example
   * root.absorb(session.core.behaviour, session.id)
   */
  absorb(other: BehaviourJudge, session: string | null): void {
    this.#before.addAll(other.tallies('suite'), session)
  }

  /**
   * The verdicts, for `scope`, allowing `maxRetries` retries; `others` are more judges to add up
   * (the root's suite: every live session, by id; `null` for a judge whose verdicts carry their sessions' ids).
   */
  report(
    scope: BehaviourScope,
    maxRetries = DEFAULT_MAX_RETRIES,
    others: readonly (readonly [string | null, BehaviourJudge])[] = [],
  ): BehaviourReport {
    const all = new Tallies()
    all.addAll(this.tallies(scope), null)
    for (const [session, judge] of others) all.addAll(judge.tallies('suite'), session)
    return reportOf(scope, maxRetries, all)
  }
}

/** Records a broken rule for a key, keeping at most {@link MAX_KEPT_FAILURES} of them. */
function fail(
  tally: KeyTally,
  rule: BehaviourRuleName,
  message: string,
  gapMs: number | null,
  wantedMs: number | null,
  seen: Seen[],
): Failure {
  const failure: Failure = { message, gapMs, wantedMs, seen, more: 0 }
  const at = index(rule)
  tally.failed[at]!++
  if (tally.failures[at]!.length < MAX_KEPT_FAILURES) tally.failures[at]!.push(failure)
  return failure
}

/** How many of a key's chains broke `bounded-retries` at `maxRetries`: from how many had how many retries. */
function retriesFailed(tally: KeyTally, maxRetries: number): number {
  let failed = 0
  for (let retries = maxRetries + 1; retries < tally.retries.length; retries++) failed += tally.retries[retries]!
  return failed
}

/** The failures of `bounded-retries` at `maxRetries` a key lists: its longest chains past it. */
function retriesFailures(tally: KeyTally, maxRetries: number): BehaviourFailure[] {
  return tally.longest
    .filter((chain) => chain.attempts - 1 > maxRetries)
    .sort((a, b) => b.attempts - a.attempts)
    .map((chain) => ({
      message: BEHAVIOUR_FAILURES.retries(chain.attempts, maxRetries),
      gap_ms: null,
      wanted_ms: null,
      entries: entriesOf(chain.seen),
      more: chain.attempts - chain.seen.length,
    }))
}

const verdictOf = (exercised: number, failed: number): BehaviourVerdict => (failed > 0 ? 'fail' : exercised > 0 ? 'pass' : 'not-exercised')

/**
 * A rule's verdict from its keys': `fail` if any broke it, `pass` if some met it, else
 * `not-exercised`, with the scenario that would exercise it. The judge's reports and a run's merge
 * of them both make a rule's verdict so.
 *
 * @example
 * ruleVerdictOf('backoff', judged, listed, judged.length - listed.length).verdict // 'pass'
 */
export function ruleVerdictOf(
  rule: BehaviourRuleName,
  keys: readonly { readonly verdict: BehaviourVerdict }[],
  listed: readonly BehaviourKeyVerdict[],
  leftOut: number,
): BehaviourRuleVerdict {
  const verdict = keys.some((key) => key.verdict === 'fail')
    ? 'fail'
    : keys.some((key) => key.verdict === 'pass')
      ? 'pass'
      : 'not-exercised'
  const { description, exercise } = BEHAVIOUR_RULES[rule]
  return { rule, verdict, description, exercise: verdict === 'not-exercised' ? exercise : null, keys: listed, keys_left_out: leftOut }
}

/**
 * A report of `rules`' verdicts, with how many rules have each.
 *
 * @example
 * reportOfRules('suite', 3, 12, 0, rules).summary // { pass: 1, fail: 0, not_exercised: 6 }
 */
export function reportOfRules(
  scope: BehaviourScope,
  maxRetries: number,
  judged: number,
  notJudged: number,
  rules: readonly BehaviourRuleVerdict[],
): BehaviourReport {
  const count = (verdict: BehaviourVerdict) => rules.filter((rule) => rule.verdict === verdict).length
  return {
    scope,
    max_retries: maxRetries,
    judged,
    not_judged: notJudged,
    summary: { pass: count('pass'), fail: count('fail'), not_exercised: count('not-exercised') },
    rules,
  }
}

/** The order keys are listed in: the broken first, then the kept, then the rest, each in the order first met. */
const LISTED_FIRST: Readonly<Record<BehaviourVerdict, number>> = { fail: 0, pass: 1, 'not-exercised': 2 }

function reportOf(scope: BehaviourScope, maxRetries: number, all: Tallies): BehaviourReport {
  const tallies = [...all.byKey.values()]
  const rules = BEHAVIOUR_RULE_NAMES.map((rule): BehaviourRuleVerdict => {
    const at = index(rule)
    // Every key's verdict first (counts only); the failures are built for the keys listed alone.
    const judged = tallies.map((tally) => {
      const exercised = tally.exercised[at]!
      const failed = rule === 'bounded-retries' ? retriesFailed(tally, maxRetries) : tally.failed[at]!
      return { tally, exercised, failed, verdict: verdictOf(exercised, failed) }
    })
    const listed = judged
      .map((key, order) => ({ key, order }))
      .sort((a, b) => LISTED_FIRST[a.key.verdict] - LISTED_FIRST[b.key.verdict] || a.order - b.order)
      .slice(0, MAX_LISTED_KEYS)
      .map(
        ({ key: { tally, exercised, failed, verdict } }): BehaviourKeyVerdict => ({
          key: tally.key,
          session: tally.session,
          verdict,
          exercised,
          failed,
          failures: rule === 'bounded-retries' ? retriesFailures(tally, maxRetries) : tally.failures[at]!.map(failureView),
          waited_ms: rule === 'gives-up' ? tally.gaveUpAfter : [],
        }),
      )
    return ruleVerdictOf(rule, judged, listed, judged.length - listed.length)
  })
  return reportOfRules(scope, maxRetries, all.judged, all.notJudged, rules)
}
