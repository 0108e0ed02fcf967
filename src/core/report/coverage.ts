import { ENDPOINT_NAMES, type EndpointName } from '../../vocabulary/endpoint-rules.js'
import type { KeyLevel } from '../../vocabulary/key-level.js'
import type { Warning } from '../../vocabulary/warnings.js'
import { OUTCOMES, type Outcome } from './outcome-catalogue.js'
import { VARIANT_BITS, VARIANT_NAMES, VARIANT_PREFIX, type VariantSet } from '../../vocabulary/variants.js'

/**
 * An outcome with how often it was answered.
 *
 * @example
 * const missing = report.outcomes.filter((outcome: CoveredOutcome) => outcome.seen === 0)
 */
export interface CoveredOutcome extends Outcome {
  readonly seen: number
}

/**
 * A kind of warning the requests got: how many, and the first one's text and journal id.
 *
 * @example
 * report.warnings.map((warning: WarningCount) => `${warning.code} ×${warning.count}`)
 */
export interface WarningCount {
  readonly code: string
  readonly count: number
  readonly detail: string
  /** The journal `id` of the first request that got it. */
  readonly request_id: number
}

/**
 * The client report: which of the API's outcomes the requests met, and what they probably got wrong.
 *
 * @example
 * const report: CoverageReport = sandbox.coverage()
 * expect(report.percent).toBeGreaterThanOrEqual(80)
 */
export interface CoverageReport {
  readonly total: number
  readonly covered: number
  /** covered / total × 100, to one decimal. */
  readonly percent: number
  readonly outcomes: readonly CoveredOutcome[]
  readonly warnings: readonly WarningCount[]
  /** The endpoints that answered a success (under a variant too): what a mutation of theirs can reach. */
  readonly reached: readonly EndpointName[]
}

/** Where each outcome of an endpoint is counted: by error code, its own 500, its successes. */
interface EndpointSlots {
  readonly byError: ReadonlyMap<string, number>
  readonly failure: number
  /** By key level (USER 0, PROJECT 1) × dates (some 0, none 1; just 0 where they do not matter). */
  readonly success: readonly number[]
}

const SLOTS: ReadonlyMap<EndpointName, EndpointSlots> = (() => {
  const slots = new Map<EndpointName, { byError: Map<string, number>; failure: number; success: number[] }>()
  OUTCOMES.forEach((outcome, index) => {
    if (outcome.endpoint === null) return
    let entry = slots.get(outcome.endpoint)
    if (entry === undefined) slots.set(outcome.endpoint, (entry = { byError: new Map(), failure: -1, success: [] }))
    if (outcome.error !== null) entry.byError.set(outcome.error, index)
    else if (outcome.status !== 200) entry.failure = index
    else entry.success[(outcome.key_level === 'USER' ? 0 : 2) + (outcome.dates === 'none' ? 1 : 0)] = index
  })
  return slots
})()

/** The outcome of each variant and fault, by its scenario's name. */
const SURPRISES: ReadonlyMap<string, number> = new Map(
  OUTCOMES.flatMap((outcome, index) => (outcome.endpoint === null ? [[outcome.id, index] as const] : [])),
)

/** The outcome of each variant, by its bit. */
const VARIANT_SLOTS: ReadonlyArray<readonly [number, number]> = VARIANT_NAMES.map((name) => [
  VARIANT_BITS[name],
  SURPRISES.get(`${VARIANT_PREFIX}${name}`)!,
])

/**
 * Where an answer of `endpoint` is counted among {@link OUTCOMES}: its error's outcome, its key
 * level's success (with or without dates), or the endpoint's 500; -1 where none is (a status the
 * catalogue does not list). A repeat answered as before keeps its slot, so counting it again costs
 * an increment (docs/benchmarks.md, run 44).
 *
 * @example
 * coverage.count(outcomeSlot('projects', 200, null, 'USER', undefined))
 */
export function outcomeSlot(
  endpoint: EndpointName,
  status: number,
  error: string | null,
  level: KeyLevel | undefined,
  dates: number | undefined,
): number {
  const slots = SLOTS.get(endpoint)
  if (slots === undefined) return -1
  let index: number | undefined
  if (error !== null) index = slots.byError.get(error)
  else if (status === 200 && level !== undefined) index = slots.success[(level === 'USER' ? 0 : 2) + (dates === 0 ? 1 : 0)]
  else if (status >= 500) index = slots.failure
  return index === undefined || index < 0 ? -1 : index
}

/** Counts of one span: by outcome, and warnings by kind. */
class Tally {
  readonly seen = new Array<number>(OUTCOMES.length).fill(0)
  readonly warnings = new Map<string, { count: number; detail: string; requestId: number }>()
  /** Endpoints that answered a success under a variant (counted as the variant's outcome, not the endpoint's). */
  readonly reachedUnderVariants = new Set<EndpointName>()

  add(other: Tally): void {
    other.seen.forEach((count, index) => (this.seen[index]! += count))
    for (const endpoint of other.reachedUnderVariants) this.reachedUnderVariants.add(endpoint)
    for (const [code, warning] of other.warnings) {
      const kept = this.warnings.get(code)
      if (kept === undefined) this.warnings.set(code, { ...warning })
      else kept.count += warning.count
    }
  }

  clear(): void {
    this.seen.fill(0)
    this.warnings.clear()
    this.reachedUnderVariants.clear()
  }
}

/**
 * What a report covers: since the last reset (`reset`, the default, what `POST /reset` clears), or
 * the whole suite (`suite`): since the sandbox started, across resets, and at the root of a server
 * every session too, ended ones included.
 */
export type CoverageScope = 'reset' | 'suite'

/** The coverage scopes, for a query parameter or a flag. */
export const COVERAGE_SCOPES: readonly CoverageScope[] = ['reset', 'suite']

/**
 * Where every sandbox made in this process also counts what it answers, while a `mutate` or
 * `report -- <command>` run listens (the node entry sets it from ANALYTICS_SANDBOX_REPORT_DIR; see
 * src/server/run-report.ts): a sandbox made with it set counts into `coverage` too and calls
 * `changed`. Unset (every other process), counting costs one comparison more.
 *
 * @example
 * RUN_LISTENER.coverage = new Coverage()
 */
export const RUN_LISTENER: { coverage: Coverage | undefined; changed: () => void } = {
  coverage: undefined,
  changed: () => {},
}

/**
 * Counts, as requests are answered, which outcomes of {@link OUTCOMES} they met and which warnings
 * they got: an array slot per outcome and a map of at most six warning kinds, so recording costs a
 * map lookup and an increment. Cleared by a reset; the same requests give the same report.
 *
 * @example
 * const coverage = new Coverage()
 * coverage.record('projects', 200, null, 'USER', undefined)
 * coverage.report().covered // 1
 */
export class Coverage {
  /** Since the last reset. */
  readonly #current = new Tally()
  /** Since the start, across resets. */
  readonly #total = new Tally()
  /** The run this sandbox also counts into, where one listens ({@link RUN_LISTENER}). */
  readonly #mirror = RUN_LISTENER.coverage

  /** Counts an answer of `endpoint`; `dates` is the number of dates of an analytics success. */
  record(endpoint: EndpointName, status: number, error: string | null, level: KeyLevel | undefined, dates: number | undefined): void {
    this.count(outcomeSlot(endpoint, status, error, level, dates))
  }

  /** Counts an answer whose outcome's slot ({@link outcomeSlot}) is known already; -1 counts nothing. */
  count(slot: number): void {
    if (slot < 0) return
    this.#current.seen[slot]!++
    this.#total.seen[slot]!++
    this.#mirrored()?.count(slot)
  }

  /** Counts the outcome of a fault or a variant, by its scenario's name. */
  meet(name: string): void {
    const index = SURPRISES.get(name)
    if (index === undefined) return
    this.#current.seen[index]!++
    this.#total.seen[index]!++
    this.#mirrored()?.meet(name)
  }

  /** Counts the outcome of each variant in `variants`, which a success of `endpoint` was answered with. */
  meetVariants(variants: VariantSet, endpoint: EndpointName): void {
    for (const [bit, index] of VARIANT_SLOTS) {
      if ((variants & bit) === 0) continue
      this.#current.seen[index]!++
      this.#total.seen[index]!++
    }
    this.#current.reachedUnderVariants.add(endpoint)
    this.#total.reachedUnderVariants.add(endpoint)
    this.#mirrored()?.meetVariants(variants, endpoint)
  }

  /** The run's coverage where one listens, its listener told (it writes once the request's counts are made). */
  #mirrored(): Coverage | undefined {
    if (this.#mirror === undefined) return undefined
    RUN_LISTENER.changed()
    return this.#mirror
  }

  /** Counts the warnings of the request the journal recorded as `requestId`. */
  warn(warnings: readonly Warning[], requestId: number): void {
    this.#mirrored()?.warn(warnings, requestId)
    for (const tally of [this.#current, this.#total]) {
      for (const { code, detail } of warnings) {
        const kept = tally.warnings.get(code)
        if (kept === undefined) tally.warnings.set(code, { count: 1, detail, requestId })
        else kept.count++
      }
    }
  }

  /** Adds what `other` counted since its start to this one's suite: a session that ends leaves its counts to its server. */
  absorb(other: Coverage): void {
    this.#total.add(other.#total)
  }

  /**
   * The report: every outcome with its count, the warnings by kind (in the order first met); for
   * the `suite`, with what `others` counted since their start added (a server's sessions).
   */
  report(scope: CoverageScope = 'reset', others: readonly Coverage[] = []): CoverageReport {
    let tally = scope === 'reset' ? this.#current : this.#total
    if (scope === 'suite' && others.length > 0) {
      const sum = new Tally()
      sum.add(tally)
      for (const other of others) sum.add(other.#total)
      tally = sum
    }
    const outcomes = OUTCOMES.map((outcome, index) => ({ ...outcome, seen: tally.seen[index]! }))
    const covered = outcomes.filter((outcome) => outcome.seen > 0).length
    const reached = new Set(tally.reachedUnderVariants)
    for (const outcome of outcomes)
      if (outcome.endpoint !== null && outcome.status === 200 && outcome.seen > 0) reached.add(outcome.endpoint)
    return {
      total: outcomes.length,
      covered,
      percent: Math.round((covered / outcomes.length) * 1000) / 10,
      outcomes,
      warnings: [...tally.warnings].map(([code, { count, detail, requestId }]) => ({ code, count, detail, request_id: requestId })),
      reached: ENDPOINT_NAMES.filter((endpoint) => reached.has(endpoint)),
    }
  }

  /** Forgets the counts since the last reset (a reset); the suite's stay. */
  clear(): void {
    this.#current.clear()
  }
}
