import { hashString, mixHash, unitInterval } from '../vocabulary/hash.js'
import type { EndpointName } from '../vocabulary/endpoint-rules.js'
import type { RuleMatch, Scenario, ScenarioRule } from '../contract/scenario-schema.js'
import type { CounterHolder, KeyCounters } from './key-counters.js'

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

/**
 * A rule ready to apply: its scope as sets, and its own counters (shared wherever it is active).
 * What each effect makes of its value is kept beside it, in the active set's list of that effect.
 */
export interface CompiledRule {
  readonly rule: ScenarioRule
  readonly salt: number
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
  /** The seconds its scenario's `retry_after` says every Retry-After is, where it says. */
  readonly retryAfter: number | undefined
}

/** A rule's counters before the first is made. */
export const newHolder = (): CounterHolder => ({
  counters: undefined,
  overflow: undefined,
  held: { counters: 0, unknown: 0, unknownChars: 0, bytes: 0 },
})

/**
 * `value` as a set: one item, or a list's items; `undefined` stays so (absent: any).
 *
 * @example
 * asSet([1, 2])?.has(2) // true
 */
export const asSet = <T>(value: T | T[] | undefined): ReadonlySet<T> | undefined =>
  value === undefined ? undefined : new Set(Array.isArray(value) ? value : [value])

/**
 * The `index`th rule of `scenario`, compiled: its scope as sets and a salt for its seeded draws.
 *
 * @example
 * const rule = compileRule(scenario, 0, 42, ledger)
 */
export function compileRule(scenario: Scenario, index: number, seed: number, ledger: KeyCounters): CompiledRule {
  const rule = scenario.rules[index]!
  const match: RuleMatch = rule.match ?? {}
  return {
    rule,
    salt: mixHash(mixHash(mixHash(0x5ce7, seed), hashString(scenario.name)), index),
    endpoints: asSet<string>(match.endpoint),
    keys: asSet(match.key),
    projects: asSet(match.project),
    // Made on first use: most rules (latency, keys, data) never count, and 16,384 rules may be in force.
    calls: undefined,
    windows: undefined,
    ledger,
    retryAfter: scenario.retry_after,
  }
}

/**
 * Whether `rule`'s endpoint and key match `scope` (its projects left out: the hidden projects are
 * what such a rule decides).
 *
 * @example
 * matchesBesidesProject(rule, { endpoint: 'projects', key: 'sbx_user_alpha', projectId: undefined })
 */
export function matchesBesidesProject(rule: CompiledRule, scope: RuleScope): boolean {
  return (
    (rule.endpoints === undefined || (scope.endpoint !== undefined && rule.endpoints.has(scope.endpoint))) &&
    (rule.keys === undefined || (scope.key !== null && rule.keys.has(scope.key)))
  )
}

/**
 * Whether `rule` applies to a request of `scope`: every field of its `match` matches.
 *
 * @example
 * matches(rule, { endpoint: 'monitoring', key: 'sbx_project_101', projectId: 101 })
 */
export function matches(rule: CompiledRule, scope: RuleScope): boolean {
  return (
    matchesBesidesProject(rule, scope) &&
    (rule.projects === undefined || (scope.projectId !== undefined && rule.projects.has(scope.projectId)))
  )
}

/** The share or the calls a `fail` or `fault` rule strikes: a seeded share (`rate`), or its `nth` calls. */
export interface Striking {
  readonly rate: number | undefined
  readonly nth: ReadonlySet<number> | undefined
}

/**
 * Whether a `fail` or `fault` rule counts the calls it matches (`nth`, or a seeded `rate`), so an
 * observer must not set it off.
 *
 * @example
 * counts({ rate: 0.3, nth: undefined }) // true
 */
export const counts = (striking: Striking): boolean => striking.nth !== undefined || striking.rate !== undefined

/**
 * Whether a `fail` or `fault` rule strikes this matching call of `key`: always, on its `nth`
 * call(s), or for a seeded share (`rate`). A counting rule counts the call, per key.
 *
 * @example
 * strikes(rule, { rate: undefined, nth: new Set([1]) }, scope) // true on the first call only
 */
export function strikes(rule: CompiledRule, striking: Striking, scope: RuleScope): boolean {
  if (!counts(striking)) return true
  const call = ++rule.ledger.counterOf((rule.calls ??= newHolder()), scope.key ?? '', scope.keyKnown !== false, 0).count
  return striking.nth !== undefined ? striking.nth.has(call) : unitInterval(mixHash(rule.salt, call)) < striking.rate!
}
