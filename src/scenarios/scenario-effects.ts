import { ERRORS, type ErrorTemplate } from '../vocabulary/errors.js'
import { pickDelay, toLatencyRange, type LatencyRange } from '../vocabulary/latency.js'
import { SandboxError } from '../vocabulary/sandbox-error.js'
import {
  DEFAULT_BYTES_PER_SECOND,
  DEFAULT_CUT_AFTER_BYTES,
  DEFAULT_GATEWAY_DELAY_MS,
  DEFAULT_SLOW_BODY_MS,
  DEFAULT_SLOW_HEADERS_MS,
} from '../vocabulary/faults.js'
import { VARIANT_BITS } from '../vocabulary/variants.js'
import type { EffectName, ScenarioRule } from '../contract/scenario-schema.js'
import {
  asSet,
  counts,
  matchesBesidesProject,
  newHolder,
  strikes,
  type CompiledRule,
  type RuleScope,
  type Striking,
} from './compiled-rule.js'
import type { DecisionDraft } from './scenario-decision.js'

/**
 * Where in the pipeline an effect acts, in the spec's check order: the fault stage (after routing,
 * before the key check: the network reads no keys), the key, the project, the data stage (once every
 * real check has passed), the answer, and its delivery (latency).
 */
export type EffectStage = 'fault' | 'key' | 'project' | 'data' | 'answer' | 'delivery'

/** What an effect is told while the decision is made: the request's number, and whether it is the dashboard's, and whether it was routed (met the fault stage). */
export interface DecideContext {
  /** The request's number in its sandbox: latency draws are seeded by it. */
  readonly requestNumber: number
  /** The dashboard's own request: counted rules are left out, nothing is counted. */
  readonly observe: boolean
  /** Whether the request met the fault stage (it was routed): else no fault is drawn. */
  readonly faults: boolean
}

/** What a data-stage effect is told: the request's scope, the endpoint's own 500, the time, whether it is the dashboard's, and the headers a passing request is sent. */
export interface PassContext {
  readonly scope: RuleScope
  readonly endpointFailure: ErrorTemplate
  readonly nowMs: number
  readonly observe: boolean
  readonly headers: Record<string, string>
}

/** A rule's value for effect `N`, as the schema gives it. */
export type EffectValue<N extends EffectName> = NonNullable<ScenarioRule[N]>

/**
 * One effect of the table: its stage, what it compiles of a rule's value (once, when the scenario is
 * put in force), and how a matching rule acts. An effect of every stage but the data stage folds
 * into the request's decision (`decide`); a data-stage effect lets the request pass or refuses it
 * (`pass`), where it counts.
 */
export interface ScenarioEffect<N extends EffectName, C> {
  readonly stage: EffectStage
  /** What it makes of a rule's value, once, when the scenario is put in force (absent: the value itself). */
  compile?(value: EffectValue<N>): C
  /** Entries the compiled value holds, beyond the rule's own one (a list of `nth`), for the sandbox's bounds. */
  weight?(compiled: C): number
  /** Whether the rule applies to the request (default: every field of its `match`). */
  matches?(rule: CompiledRule, scope: RuleScope): boolean
  /** Folds a matching rule into the request's decision. */
  decide?(draft: DecisionDraft, compiled: C, rule: CompiledRule, context: DecideContext): void
  /** The data stage: the refusal of the request (a 429, a forced status), or `undefined` to let it pass. */
  pass?(compiled: C, rule: CompiledRule, context: PassContext): SandboxError | undefined
}

const DEFAULT_RETRY_AFTER_SECONDS = 30

/** The template a forced status answers with: the endpoint's own 500, the real 4xx bodies, or an extension's. */
export function forcedTemplate(fail: EffectValue<'fail'>, endpointFailure: ErrorTemplate): ErrorTemplate {
  switch (fail.status) {
    case 500:
      return endpointFailure
    case 400:
      return (
        Object.values(ERRORS).find((template) => template.status === 400 && 'error' in template && template.error === fail.error) ??
        ERRORS.badRequest
      )
    case 401:
      return ERRORS.unauthorized
    case 403:
      return ERRORS.forbidden
    case 404:
      return ERRORS.notFound
    case 429:
      return ERRORS.rateLimited
    case 503:
      return ERRORS.serviceUnavailable
  }
}

/** A `fail` or `fault` value with its `nth` as a set. */
type Counted<V> = Striking & { readonly value: V }

const counted = <V extends { readonly rate?: number; readonly nth?: number | number[] }>(value: V): Counted<V> => ({
  value,
  rate: value.rate,
  nth: asSet(value.nth),
})

/** A rate limit's window for `scope`'s key: counts the request, sets the headers, and refuses past the limit. */
function countRate(limit: EffectValue<'rateLimit'>, rule: CompiledRule, { scope, nowMs, headers }: PassContext): SandboxError | undefined {
  const { limit: most, windowSeconds, spent } = limit
  const windowMs = windowSeconds * 1000
  const window = rule.ledger.counterOf((rule.windows ??= newHolder()), scope.key ?? '', true, nowMs)
  if (nowMs - window.start >= windowMs) {
    window.start = nowMs
    window.count = 0
  }
  window.count++
  // A spent window counts its limit as used before its first request.
  const used = window.count + (spent === true ? most : 0)
  const reset = String(Math.max(1, Math.ceil((window.start + windowMs - nowMs) / 1000)))
  headers['x-ratelimit-limit'] = String(most)
  headers['x-ratelimit-remaining'] = String(Math.max(0, most - used))
  headers['x-ratelimit-reset'] = reset
  if (used <= most) return undefined
  // The scenario's retry_after, where it says one (a suite kept fast), else the window's end.
  const retry = rule.retryAfter === undefined ? reset : String(rule.retryAfter)
  return new SandboxError(ERRORS.rateLimited, `At most ${most} requests per ${windowSeconds} seconds; retry after ${retry} seconds`, {
    ...headers,
    'retry-after': retry,
  })
}

/**
 * An entry of effect `N`, its compiled value's type inferred from `compile`.
 *
 * @example
 * effect<'data'>()({ stage: 'answer', decide: (draft) => void (draft.removesData = true) })
 */
const effect =
  <N extends EffectName>() =>
  <C = EffectValue<N>>(entry: ScenarioEffect<N, C>): ScenarioEffect<N, C> =>
    entry

/**
 * The scenario effects, one entry each, in the order they are decided and, at the data stage,
 * applied (rate limits before forced failures). Each effect's schema is the same name's entry of
 * `EFFECT_SCHEMAS` (`src/contract/scenario-schema.ts`); the type below holds the two lists to the
 * same names. Adding an effect is an entry here and its schema there.
 *
 * @example
 * SCENARIO_EFFECTS.fault.stage // 'fault'
 */
export const SCENARIO_EFFECTS = {
  fault: effect<'fault'>()({
    stage: 'fault',
    compile: counted<EffectValue<'fault'>>,
    weight: (fault) => fault.nth?.size ?? 0,
    decide(draft, fault, rule, { observe, faults }) {
      // The first matching fault rule that strikes, counted per key as sent (as fail is); those after it count nothing.
      if (!faults || draft.fault !== undefined || (observe && counts(fault)) || !strikes(rule, fault, draft.scope)) return
      const { type, delay, duration, bytes_per_second: bytesPerSecond, bytes } = fault.value
      draft.fault = {
        type,
        delayMs: delay ?? DEFAULT_GATEWAY_DELAY_MS,
        durationMs: duration ?? (type === 'slow-headers' ? DEFAULT_SLOW_HEADERS_MS : DEFAULT_SLOW_BODY_MS),
        bytesPerSecond: bytesPerSecond ?? DEFAULT_BYTES_PER_SECOND,
        bytes: bytes ?? DEFAULT_CUT_AFTER_BYTES,
      }
    },
  }),
  keys: effect<'keys'>()({
    stage: 'key',
    decide(draft) {
      draft.refusesKey = true
    },
  }),
  projects: effect<'projects'>()({
    stage: 'project',
    // The rule's projects are those it hides, whichever project the request names.
    matches: matchesBesidesProject,
    decide(draft, _hidden, rule) {
      const { projects } = rule
      if (projects === undefined || draft.hidden === 'all') draft.hidden = 'all'
      else draft.hidden = new Set([...(draft.hidden === 'none' ? [] : draft.hidden), ...projects])
    },
  }),
  rateLimit: effect<'rateLimit'>()({
    stage: 'data',
    // An observer (the dashboard) moves no window: a test's window is still there for the test.
    pass: (limit, rule, context) => (context.observe ? undefined : countRate(limit, rule, context)),
  }),
  fail: effect<'fail'>()({
    stage: 'data',
    compile: counted<EffectValue<'fail'>>,
    weight: (fail) => fail.nth?.size ?? 0,
    pass(fail, rule, { scope, endpointFailure, observe }) {
      // An observer sees what holds for every request: no nth or seeded share, so a test's fail-once is still there for the test.
      if ((observe && counts(fail)) || !strikes(rule, fail, scope)) return undefined
      const { status, retryAfter } = fail.value
      const retry: Record<string, string> =
        status === 429 || status === 503 ? { 'retry-after': String(retryAfter ?? rule.retryAfter ?? DEFAULT_RETRY_AFTER_SECONDS) } : {}
      return new SandboxError(forcedTemplate(fail.value, endpointFailure), undefined, retry)
    },
  }),
  data: effect<'data'>()({
    stage: 'answer',
    decide(draft) {
      draft.removesData = true
    },
  }),
  variant: effect<'variant'>()({
    stage: 'answer',
    decide(draft, variant) {
      draft.variants |= VARIANT_BITS[variant]
    },
  }),
  latency: effect<'latency'>()({
    stage: 'delivery',
    compile: (latency): LatencyRange => toLatencyRange(latency)!,
    decide(draft, range, rule, { requestNumber }) {
      draft.addedLatencyMs += pickDelay(range, rule.salt, requestNumber)
    },
  }),
} as const satisfies { readonly [N in EffectName]: { readonly stage: EffectStage } }

/**
 * An entry of the table as the active set runs it, whatever its effect: its compiled value opaque.
 *
 * @example
 * const entry: RunnableEffect = effectEntry('latency')
 */
export type RunnableEffect = ScenarioEffect<EffectName, unknown>

/**
 * The entry of effect `name`, as the active set runs it.
 *
 * @example
 * effectEntry('fail').stage // 'data'
 */
export const effectEntry = (name: EffectName): RunnableEffect => SCENARIO_EFFECTS[name] as unknown as RunnableEffect

/**
 * The effects' names in the table's order: the order they are decided and applied in.
 *
 * @example
 * EFFECT_ORDER.indexOf('rateLimit') < EFFECT_ORDER.indexOf('fail') // true
 */
export const EFFECT_ORDER = Object.keys(SCENARIO_EFFECTS) as EffectName[]
