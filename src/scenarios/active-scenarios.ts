import { hashString, mixHash, unitInterval } from '../vocabulary/hash.js'
import type { EndpointName } from '../vocabulary/endpoint-names.js'
import { ERRORS, type ErrorTemplate } from '../vocabulary/errors.js'
import { pickDelay, toLatencyRange, type LatencyRange } from '../vocabulary/latency.js'
import { SandboxError } from '../vocabulary/sandbox-error.js'
import type { RuleMatch, Scenario, ScenarioRule } from '../contract/scenario-schema.js'
import { DEFAULT_GATEWAY_DELAY_MS, DEFAULT_SLOW_BODY_MS, type FaultType } from '../vocabulary/faults.js'
import { VARIANT_BITS, type VariantSet } from '../vocabulary/variants.js'
import { KeyCounters, type CounterHolder } from './key-counters.js'

/**
 * The fault a rule makes of one request: its type, and for the paced ones the time it takes.
 *
 * @example
 * const fault = active.faultFor(scope, false) // { type: 'gateway-timeout', delayMs: 5000, durationMs: 3000 }
 */
export interface FaultDecision {
  readonly type: FaultType
  /** `gateway-timeout`: milliseconds before the 504. */
  readonly delayMs: number
  /** `slow-body`: milliseconds the body is spread over. */
  readonly durationMs: number
}

/** What a rule's `match` is compared with: the endpoint, the key sent, and the project concerned. */
export interface RuleScope {
  /** `undefined` for a path that is no endpoint (a 404): rules scoped to endpoints do not match it. */
  readonly endpoint: EndpointName | undefined
  readonly key: string | null
  readonly projectId: number | undefined
  /**
   * Whether the sandbox knows the key (default: it does, the key check passed). The fault stage
   * comes before that check: a made-up key's counters are bounded apart ({@link KeyCounters}).
   */
  readonly keyKnown?: boolean
}

/** A rule ready to apply: its scope as sets, and its own counters (shared wherever it is active). */
interface CompiledRule {
  readonly rule: ScenarioRule
  readonly salt: number
  readonly latency: LatencyRange | undefined
  readonly nth: ReadonlySet<number> | undefined
  readonly endpoints: ReadonlySet<string> | undefined
  readonly keys: ReadonlySet<string> | undefined
  readonly projects: ReadonlySet<number> | undefined
  /**
   * Matching requests counted per API key (`nth`, `rate`): tests that use different keys (an
   * account each) never share a `fail-once` or a `flaky` sequence.
   */
  calls: CounterHolder | undefined
  /** Rate-limit windows per key: when the window began (ms) and requests counted in it. */
  windows: CounterHolder | undefined
  /** Where the counters are kept within the sandbox's bounds: the sandbox's, or a one-request set's own. */
  ledger: KeyCounters
}

const DEFAULT_RETRY_AFTER_SECONDS = 30

/** Headers of a request no rate limit counted: one object for them all. */
const NO_HEADERS: Readonly<Record<string, string>> = Object.freeze({})

/**
 * What the scenarios in force decided for one request, asked once the key is known: whether they
 * refuse the key, which projects they hide, whether they remove the data, and (at the data stage)
 * whether they fail it or limit its rate, and the latency they add. The pipeline asks each once.
 */
export interface ScenarioDecision {
  /** A rule treats the key as expired or revoked: 401. */
  readonly refusesKey: boolean
  /** Whether a rule hides projects at all (answers listing projects then depend on the request). */
  readonly hidesProjects: boolean
  /** Whether a rule hides project `id` from this request. */
  hides(id: number): boolean
  /** A rule removes the analytics (0 dates). */
  readonly removesData: boolean
  /**
   * The data stage, once every real check has passed: throws a rate limit's 429 or a forced
   * failure; else the rate-limit headers to send (counted). `observe`: counts nothing.
   */
  enterData(endpointFailure: ErrorTemplate, nowMs: number, observe: boolean): Readonly<Record<string, string>>
  /** Milliseconds the matching latency rules add to the `requestNumber`th request. */
  addedLatency(requestNumber: number): number
  /** The variants a success (and, for `sparse`, an error) is answered with. */
  readonly variants: VariantSet
}

/** The decision where no scenario is in force: one object for every such request. */
const NO_DECISION: ScenarioDecision = Object.freeze({
  refusesKey: false,
  hidesProjects: false,
  hides: () => false,
  removesData: false,
  enterData: () => NO_HEADERS,
  addedLatency: () => 0,
  variants: 0,
})

/** A rule's counters before the first is made. */
const newHolder = (): CounterHolder => ({
  counters: undefined,
  overflow: undefined,
  held: { counters: 0, unknown: 0, unknownChars: 0, bytes: 0 },
})

const UNAUTHORIZED = new SandboxError(ERRORS.unauthorized)

/** Whether a `fail` or `fault` rule counts the calls it matches (`nth`, or a seeded `rate`), so an observer must not set it off. */
const counts = (rule: CompiledRule, rate: number | undefined) => rule.nth !== undefined || rate !== undefined

/**
 * Whether a `fail` or `fault` rule strikes this matching call of `key`: always, on its `nth`
 * call(s), or for a seeded share (`rate`). A counting rule counts the call, per key.
 */
function strikes(rule: CompiledRule, rate: number | undefined, scope: RuleScope): boolean {
  if (!counts(rule, rate)) return true
  const call = ++rule.ledger.counterOf((rule.calls ??= newHolder()), scope.key ?? '', scope.keyKnown !== false, 0).count
  return rule.nth !== undefined ? rule.nth.has(call) : unitInterval(mixHash(rule.salt, call)) < rate!
}

const asSet = <T>(value: T | T[] | undefined): ReadonlySet<T> | undefined =>
  value === undefined ? undefined : new Set(Array.isArray(value) ? value : [value])

function compileRule(scenario: Scenario, index: number, seed: number, ledger: KeyCounters): CompiledRule {
  const rule = scenario.rules[index]!
  const match: RuleMatch = rule.match ?? {}
  const latency = rule.latency
  return {
    rule,
    salt: mixHash(mixHash(mixHash(0x5ce7, seed), hashString(scenario.name)), index),
    latency: latency === undefined ? undefined : toLatencyRange(latency),
    // A rule has fail or fault, not both: its nth is the one of them it has.
    nth: asSet(rule.fail?.nth ?? rule.fault?.nth),
    endpoints: asSet<string>(match.endpoint),
    keys: asSet(match.key),
    projects: asSet(match.project),
    // Made on first use: most rules (latency, keys, data) never count, and 16,384 rules may be in force.
    calls: undefined,
    windows: undefined,
    ledger,
  }
}

function matches(rule: CompiledRule, scope: RuleScope): boolean {
  return (
    (rule.endpoints === undefined || (scope.endpoint !== undefined && rule.endpoints.has(scope.endpoint))) &&
    (rule.keys === undefined || (scope.key !== null && rule.keys.has(scope.key))) &&
    (rule.projects === undefined || (scope.projectId !== undefined && rule.projects.has(scope.projectId)))
  )
}

/** The template a forced status answers with: the endpoint's own 500, the real 4xx bodies, or an extension's. */
export function forcedTemplate(fail: NonNullable<ScenarioRule['fail']>, endpointFailure: ErrorTemplate): ErrorTemplate {
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

/**
 * The scenarios in force for a request, compiled: each effect's rules in activation order. Every
 * method is a no-op loop over empty lists when no scenario is active, so the request path pays
 * nothing for the feature it does not use.
 *
 * @example
 * const active = ActiveScenarios.compile([flaky], 42)
 * active.enterData(scope, ERRORS.projectsFailed, headers, Date.now()) // a 500 refusal for a seeded 30 %
 */
export class ActiveScenarios {
  static readonly NONE = new ActiveScenarios([], [])

  readonly #latency: readonly CompiledRule[]
  readonly #keys: readonly CompiledRule[]
  readonly #hidden: readonly CompiledRule[]
  readonly #rateLimits: readonly CompiledRule[]
  readonly #failures: readonly CompiledRule[]
  readonly #noData: readonly CompiledRule[]
  readonly #faults: readonly CompiledRule[]
  readonly #variants: readonly CompiledRule[]

  /**
   * What the compiled rules hold, in entries: one a rule, and one for each item of its `match`
   * lists and `nth`. A header's set is weighed by it (a rule may carry three lists of 256).
   */
  readonly entries: number

  private constructor(
    readonly names: readonly string[],
    readonly rules: readonly CompiledRule[],
  ) {
    let entries = 0
    for (const rule of rules)
      entries += 1 + (rule.nth?.size ?? 0) + (rule.endpoints?.size ?? 0) + (rule.keys?.size ?? 0) + (rule.projects?.size ?? 0)
    this.entries = entries
    this.#latency = rules.filter((rule) => rule.latency !== undefined)
    this.#keys = rules.filter((rule) => rule.rule.keys !== undefined)
    this.#hidden = rules.filter((rule) => rule.rule.projects === 'hidden')
    this.#rateLimits = rules.filter((rule) => rule.rule.rateLimit !== undefined)
    this.#failures = rules.filter((rule) => rule.rule.fail !== undefined)
    this.#noData = rules.filter((rule) => rule.rule.data === 'none')
    this.#faults = rules.filter((rule) => rule.rule.fault !== undefined)
    this.#variants = rules.filter((rule) => rule.rule.variant !== undefined)
  }

  /**
   * Compiles `scenarios` (in order; a name given twice counts once) with fresh counters, seeded by
   * `seed`, kept in `ledger` (the sandbox's, so they count within its bounds).
   */
  static compile(
    given: readonly Scenario[],
    seed: number,
    ledger: KeyCounters = new KeyCounters(),
    layer: readonly Scenario[] = [],
  ): ActiveScenarios {
    const scenarios = given.filter((scenario, index) => given.findIndex((other) => other.name === scenario.name) === index)
    if (scenarios.length === 0 && layer.length === 0) return ActiveScenarios.NONE
    // The layer's rules (a mutate run's variant) come last and are in force unnamed.
    const rules = [...scenarios, ...layer].flatMap((scenario) =>
      scenario.rules.map((_, index) => compileRule(scenario, index, seed, ledger)),
    )
    return new ActiveScenarios(
      scenarios.map((scenario) => scenario.name),
      rules,
    )
  }

  /**
   * Both sets in force at once, `first`'s rules first; counters stay shared with the originals.
   * `second` should not repeat a scenario of `first` (see ScenarioState.forRequest).
   */
  static combine(first: ActiveScenarios, second: ActiveScenarios): ActiveScenarios {
    if (second.rules.length === 0) return first
    if (first.rules.length === 0) return second
    return new ActiveScenarios([...first.names, ...second.names], [...first.rules, ...second.rules])
  }

  /**
   * What these scenarios decide for a request of `scope`: asked once per request, once the key is
   * known (or, for a request refused before, once at its end for its latency).
   *
   * @example
   * const decision = active.decide({ endpoint: 'projects', key: 'sbx_user_alpha', projectId: undefined })
   * if (decision.refusesKey) throw new SandboxError(ERRORS.unauthorized)
   */
  decide(scope: RuleScope): ScenarioDecision {
    if (this.rules.length === 0) return NO_DECISION
    const hidesProjects = this.#hidden.length > 0
    return {
      refusesKey: this.checkKey(scope) !== undefined,
      hidesProjects,
      hides: (projectId) => hidesProjects && this.hidesProject({ ...scope, projectId }),
      removesData: this.removesData(scope),
      enterData: (endpointFailure, nowMs, observe) => {
        const headers: Record<string, string> = {}
        const refusal = this.enterData(scope, endpointFailure, headers, nowMs, observe)
        if (refusal !== undefined) throw refusal
        return headers
      },
      addedLatency: (requestNumber) => this.addedLatency(scope, requestNumber),
      variants: this.variantsFor(scope),
    }
  }

  /** The counters of the rules from `from` on (a header's own, after the active set's): what a set let go gives back. */
  countersFrom(from: number): CounterHolder[] {
    const holders: CounterHolder[] = []
    for (let index = from; index < this.rules.length; index++) {
      const { calls, windows } = this.rules[index]!
      if (calls !== undefined) holders.push(calls)
      if (windows !== undefined) holders.push(windows)
    }
    return holders
  }

  /**
   * Keeps these rules' counters in a ledger of their own, before any is made: a set compiled for
   * one request and not kept, whose counters go with it.
   */
  countApart(): void {
    const apart = new KeyCounters()
    for (const rule of this.rules) rule.ledger = apart
  }

  /** Whether any rule makes faults (else `faultFor` is `undefined` for every request). */
  get makesFaults(): boolean {
    return this.#faults.length > 0
  }

  /** Whether any rule answers with variants (else `variantsFor` is 0 for every request). */
  get hasVariants(): boolean {
    return this.#variants.length > 0
  }

  /**
   * The fault stage, after routing and before the key check (the network reads no keys): the first
   * matching fault rule that strikes this request, counted per key as sent, as `fail` is. With
   * `observe`, counted rules are left out and nothing is counted.
   */
  faultFor(scope: RuleScope, observe: boolean): FaultDecision | undefined {
    for (const rule of this.#faults) {
      if (!matches(rule, scope)) continue
      const fault = rule.rule.fault!
      if (observe && counts(rule, fault.rate)) continue
      if (!strikes(rule, fault.rate, scope)) continue
      return { type: fault.type, delayMs: fault.delay ?? DEFAULT_GATEWAY_DELAY_MS, durationMs: fault.duration ?? DEFAULT_SLOW_BODY_MS }
    }
    return undefined
  }

  /** The variants the matching rules answer `scope` with. */
  variantsFor(scope: RuleScope): VariantSet {
    let variants = 0
    for (const rule of this.#variants) if (matches(rule, scope)) variants |= VARIANT_BITS[rule.rule.variant!]
    return variants
  }

  /** Whether any rule adds latency (else `addedLatency` is 0 for every request). */
  get addsLatency(): boolean {
    return this.#latency.length > 0
  }

  /** Milliseconds the matching latency rules add to the `requestNumber`th request (seeded draws). */
  addedLatency(scope: RuleScope, requestNumber: number): number {
    let total = 0
    for (const rule of this.#latency) if (matches(rule, scope)) total += pickDelay(rule.latency!, rule.salt, requestNumber)
    return total
  }

  /** The key stage: a 401 when a rule treats the key as expired or revoked. */
  checkKey(scope: RuleScope): SandboxError | undefined {
    for (const rule of this.#keys) if (matches(rule, scope)) return UNAUTHORIZED
    return undefined
  }

  /** Whether any rule hides projects at all (answers listing projects then depend on the request). */
  get hidesProjects(): boolean {
    return this.#hidden.length > 0
  }

  /** The project stage: whether a rule hides this project (an empty account answers as if it had none). */
  hidesProject(scope: RuleScope): boolean {
    for (const rule of this.#hidden) if (matches(rule, scope)) return true
    return false
  }

  /**
   * The data stage, once every real check has passed: rate limits (429), then forced failures, in
   * rule order; the first that fails the request is returned. Rate-limit headers of the
   * passing requests go into `headers`. With `observe`, counted rules are left out and nothing is counted.
   */
  enterData(
    scope: RuleScope,
    endpointFailure: ErrorTemplate,
    headers: Record<string, string>,
    nowMs: number,
    observe = false,
  ): SandboxError | undefined {
    // An observer (the dashboard) sees what holds for every request, and moves no counter: no rate
    // limit, no nth or seeded share, so a test's fail-once or window is still there for the test.
    const rateLimits = this.#rateLimits
    for (let index = 0; !observe && index < rateLimits.length; index++) {
      const rule = rateLimits[index]!
      if (!matches(rule, scope)) continue
      const limited = this.#countRate(rule, scope, headers, nowMs)
      if (limited !== undefined) return limited
    }
    for (const rule of this.#failures) {
      if (!matches(rule, scope)) continue
      const fail = rule.rule.fail!
      if (observe && counts(rule, fail.rate)) continue
      if (!strikes(rule, fail.rate, scope)) continue
      const retry: Record<string, string> =
        fail.status === 429 || fail.status === 503 ? { 'retry-after': String(fail.retryAfter ?? DEFAULT_RETRY_AFTER_SECONDS) } : {}
      return new SandboxError(forcedTemplate(fail, endpointFailure), undefined, retry)
    }
    return undefined
  }

  /** Whether a rule removes the analytics of this request (0 dates). */
  removesData(scope: RuleScope): boolean {
    for (const rule of this.#noData) if (matches(rule, scope)) return true
    return false
  }

  #countRate(rule: CompiledRule, scope: RuleScope, headers: Record<string, string>, nowMs: number): SandboxError | undefined {
    const { limit, windowSeconds, spent } = rule.rule.rateLimit!
    const windowMs = windowSeconds * 1000
    const window = rule.ledger.counterOf((rule.windows ??= newHolder()), scope.key ?? '', true, nowMs)
    if (nowMs - window.start >= windowMs) {
      window.start = nowMs
      window.count = 0
    }
    window.count++
    // A spent window counts its limit as used before its first request.
    const used = window.count + (spent === true ? limit : 0)
    const reset = String(Math.max(1, Math.ceil((window.start + windowMs - nowMs) / 1000)))
    headers['x-ratelimit-limit'] = String(limit)
    headers['x-ratelimit-remaining'] = String(Math.max(0, limit - used))
    headers['x-ratelimit-reset'] = reset
    if (used <= limit) return undefined
    return new SandboxError(ERRORS.rateLimited, `At most ${limit} requests per ${windowSeconds} seconds; retry after ${reset} seconds`, {
      ...headers,
      'retry-after': reset,
    })
  }
}
