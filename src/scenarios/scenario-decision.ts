import type { FaultType } from '../vocabulary/faults.js'
import type { VariantSet } from '../vocabulary/variants.js'
import type { EffectName } from '../contract/scenario-schema.js'
import type { CompiledRule, RuleScope } from './compiled-rule.js'

/**
 * The fault a rule makes of one request: its type, and for the paced and cut ones how (each field
 * holds its default where the fault's type does not read it).
 *
 * @example
 * decision.fault // { type: 'gateway-timeout', delayMs: 5000, durationMs: 3000, bytesPerSecond: 512, bytes: 0 }
 */
export interface FaultDecision {
  readonly type: FaultType
  /** `gateway-timeout`: milliseconds before the 504. */
  readonly delayMs: number
  /** `slow-body`: milliseconds the body is spread over; `slow-headers`: the status line and headers. */
  readonly durationMs: number
  /** `bandwidth`: bytes a second the body is sent at. */
  readonly bytesPerSecond: number
  /** `cut-after`: bytes of the body sent before the connection closes. */
  readonly bytes: number
}

/**
 * The projects hidden from a request: none, every one, or these.
 *
 * @example
 * isHidden(decision.hidden, 101)
 */
export type HiddenProjects = 'none' | 'all' | ReadonlySet<number>

/**
 * Whether project `id` is hidden from the request.
 *
 * @example
 * isHidden(new Set([103]), 103) // true
 */
export const isHidden = (hidden: HiddenProjects, id: number): boolean => hidden === 'all' || (hidden !== 'none' && hidden.has(id))

/**
 * A rule that matched and acts at the data stage (a rate limit, a forced failure): applied there,
 * where it counts, once every real check has passed.
 */
export interface Gate {
  readonly effect: EffectName
  readonly rule: CompiledRule
  /** What the effect compiled of the rule's value. */
  readonly compiled: unknown
}

/**
 * What the scenarios in force decided for one request, once, as plain data: each effect's entry
 * of the table folded what its matching rules say into it. The pipeline reads it at each stage.
 *
 * @example
 * const decision = active.decide(scope, { requestNumber: 7, observe: false, faults: true })
 * if (decision.refusesKey) throw new SandboxError(ERRORS.unauthorized)
 */
export interface ScenarioDecision {
  /** The scope the rules were matched with (the data stage counts per its key). */
  readonly scope: RuleScope
  /** The dashboard's request: counted rules are left out, nothing is counted. */
  readonly observe: boolean
  /** The fault stage: the fault the request meets, if any. */
  readonly fault: FaultDecision | undefined
  /** The key stage: a rule treats the key as expired or revoked (401). */
  readonly refusesKey: boolean
  /** The project stage: the projects a rule hides from this request. */
  readonly hidden: HiddenProjects
  /** The data stage: the matching rate limits, then the matching forced failures, in rule order. */
  readonly gates: readonly Gate[]
  /** The answer: a rule removes the analytics (0 dates). */
  readonly removesData: boolean
  /** The answer: the variants a success (and, for `sparse`, an error) is answered with. */
  readonly variants: VariantSet
  /** The delivery: milliseconds the matching latency rules add. */
  readonly addedLatencyMs: number
}

/** A decision as the effects fill it in. */
export type DecisionDraft = { -readonly [K in keyof ScenarioDecision]: K extends 'gates' ? Gate[] : ScenarioDecision[K] }

/** The decision where no scenario is in force, for an observer or not. */
export const NO_DECISION: ScenarioDecision = Object.freeze({
  scope: Object.freeze({ endpoint: undefined, key: null, projectId: undefined }),
  observe: false,
  fault: undefined,
  refusesKey: false,
  hidden: 'none',
  gates: Object.freeze([]) as readonly Gate[],
  removesData: false,
  variants: 0,
  addedLatencyMs: 0,
})
