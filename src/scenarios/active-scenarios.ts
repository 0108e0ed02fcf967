import type { EffectName, Scenario } from '../contract/scenario-schema.js'
import type { ErrorTemplate } from '../vocabulary/errors.js'
import { KeyCounters, type CounterHolder } from './key-counters.js'
import { compileRule, matches, type CompiledRule, type RuleScope } from './compiled-rule.js'
import { EFFECT_ORDER, effectEntry, type DecideContext, type RunnableEffect } from './scenario-effects.js'
import { NO_DECISION, type DecisionDraft, type Gate, type ScenarioDecision } from './scenario-decision.js'

export type { RuleScope } from './compiled-rule.js'

/** The rules of one effect in force, each with what the effect compiled of its value. */
interface EffectRules {
  readonly name: EffectName
  readonly entry: RunnableEffect
  readonly rules: readonly { readonly rule: CompiledRule; readonly compiled: unknown }[]
}

/**
 * The scenarios in force for a request, compiled: each effect's rules (the table's order, then
 * activation order) with what the effect made of them. A request is decided once ({@link decide}),
 * as plain data; only the data stage's rules are applied later, where they count.
 *
 * @example
 * const active = ActiveScenarios.compile([flaky], 42)
 * const decision = active.decide(scope, { requestNumber: 1, observe: false, faults: true })
 * enterData(decision, ERRORS.projectsFailed, Date.now()) // throws a 500 refusal for a seeded 30 %
 */
export class ActiveScenarios {
  static readonly NONE = new ActiveScenarios([], [])

  /** The effects that have rules in force, in the table's order. */
  readonly #effects: readonly EffectRules[]

  /**
   * What the compiled rules hold, in entries: one a rule, and one for each item of its `match`
   * lists and what its effects compiled (an `nth` list). A header's set is weighed by it (a rule may
   * carry three lists of 256).
   */
  readonly entries: number

  private constructor(
    readonly names: readonly string[],
    readonly rules: readonly CompiledRule[],
  ) {
    let entries = 0
    const effects: EffectRules[] = []
    for (const rule of rules) entries += 1 + (rule.endpoints?.size ?? 0) + (rule.keys?.size ?? 0) + (rule.projects?.size ?? 0)
    for (const name of EFFECT_ORDER) {
      const entry = effectEntry(name)
      const compiled: { rule: CompiledRule; compiled: unknown }[] = []
      for (const rule of rules) {
        const value = rule.rule[name]
        if (value === undefined) continue
        const made = entry.compile === undefined ? value : entry.compile(value as never)
        entries += entry.weight?.(made) ?? 0
        compiled.push({ rule, compiled: made })
      }
      if (compiled.length > 0) effects.push({ name, entry, rules: compiled })
    }
    this.#effects = effects
    this.entries = entries
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
   * What these scenarios decide for a request of `scope`, once per request, as plain data: every
   * effect's matching rules folded in, the fault drawn (and counted) where the request met the fault
   * stage, the data stage's rules kept for {@link enterData}.
   *
   * @example
   * const decision = active.decide({ endpoint: 'projects', key: 'sbx_user_alpha', projectId: undefined }, context)
   * if (decision.refusesKey) throw new SandboxError(ERRORS.unauthorized)
   */
  decide(scope: RuleScope, context: DecideContext): ScenarioDecision {
    // Without rules there is nothing to count, for the dashboard or anyone.
    if (this.#effects.length === 0) return NO_DECISION
    const draft: DecisionDraft = { ...NO_DECISION, scope, observe: context.observe, gates: [] }
    for (const { name, entry, rules } of this.#effects) {
      const applies = entry.matches ?? matches
      for (const { rule, compiled } of rules) {
        if (!applies(rule, scope)) continue
        if (entry.pass !== undefined) draft.gates.push({ effect: name, rule, compiled })
        else entry.decide?.(draft, compiled, rule, context)
      }
    }
    return draft
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
}

/**
 * The data stage, once every real check has passed: the decision's rate limits (429), then its
 * forced failures, in rule order; throws the first refusal, else gives the rate-limit headers to
 * send (counted). The dashboard's request moves no counter.
 *
 * @example
 * const headers = enterData(decision, endpoint.failure, realNow)
 */
export function enterData(decision: ScenarioDecision, endpointFailure: ErrorTemplate, nowMs: number): Readonly<Record<string, string>> {
  const { gates } = decision
  if (gates.length === 0) return NO_HEADERS
  const headers: Record<string, string> = {}
  const context = { scope: decision.scope, endpointFailure, nowMs, observe: decision.observe, headers }
  for (const { effect, rule, compiled } of gates as readonly Gate[]) {
    const refusal = effectEntry(effect).pass!(compiled, rule, context)
    if (refusal !== undefined) throw refusal
  }
  return headers
}

/** Headers of a request no rate limit counted: one object for them all. */
const NO_HEADERS: Readonly<Record<string, string>> = Object.freeze({})
