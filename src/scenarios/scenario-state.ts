import { BoundedCache } from '../vocabulary/bounded-cache.js'
import { ERRORS } from '../vocabulary/errors.js'
import { SandboxError } from '../vocabulary/sandbox-error.js'
import { ActiveScenarios } from './active-scenarios.js'
import { KeyCounters } from './key-counters.js'
import { unboundedAccount, type BudgetAccount } from '../vocabulary/memory-budget.js'
import { unknownScenarioMessage, type HoldsKey, type ScenarioCatalogue } from './scenario-catalogue.js'
import type { Scenario } from '../contract/scenario-schema.js'

/** Longest `X-Sandbox-Scenario` value read; a longer one is refused whole. */
const MAX_HEADER_LENGTH = 1024

/**
 * Compiled entries (rules, and the items of their `match` and `nth` lists) the header sets kept may
 * hold together, at most 64 sets: a header naming 64 definitions of 256 rules compiles 16,384
 * rules, and 64 such headers held 180 MB. A set heavier than this is compiled for its request and
 * not kept (its counters then start with each request).
 */
export const HEADER_SET_RULES = 4_096

/** Header sets kept at most: each weighs at least this share of {@link HEADER_SET_RULES}. */
const HEADER_SETS = 64

/**
 * What a header's set weighs in the cache: what its own rules hold (a rule, and each item of its
 * lists), and its list of the active ones (pointers).
 */
const weighSet = (value: ActiveScenarios | SandboxError, active: ActiveScenarios): number =>
  value instanceof SandboxError
    ? Infinity
    : Math.max(HEADER_SET_RULES / HEADER_SETS, value.entries - active.entries + Math.ceil(active.rules.length / 64))

/**
 * A sandbox's scenarios: the catalogue, the set in force for every request (which `activate`
 * replaces and `reset` restores), and the sets a request adds with `X-Sandbox-Scenario`.
 *
 * @example
 * const state = new ScenarioState(createScenarioCatalogue(), [], 42)
 * state.activate(resolveScenarios(state.catalogue, ['server-error'], () => 'admin API'))
 * state.forRequest('slow').names // ['server-error', 'slow']
 */
export class ScenarioState {
  #active: ActiveScenarios
  /** Header value → the scenarios in force with it; counters persist across requests with that header. */
  // A refusal weighs more than the cache holds, so it is never kept: the catalogue may change. A set
  // let go gives its own counters back (the active set's it shares stay).
  readonly #byHeader = new BoundedCache<string, ActiveScenarios | SandboxError>(
    HEADER_SET_RULES,
    (value) => weighSet(value, this.#active),
    {
      evicted: (value) => {
        if (value instanceof ActiveScenarios) this.#counters.forget(value.countersFrom(this.#active.rules.length))
      },
    },
  )
  /** Every rule's per-key counters, bounded together and charged to the sandbox's share of the budget. */
  readonly #counters: KeyCounters
  readonly #layer: readonly Scenario[]

  constructor(
    readonly catalogue: ScenarioCatalogue,
    readonly initial: readonly Scenario[],
    readonly seed: number,
    account: BudgetAccount = unboundedAccount(),
    /**
     * The variant a `mutate` run is under: a layer under the scenarios, in force whatever is put
     * in force or reset, and not listed among them.
     */
    readonly layer: Scenario | undefined = undefined,
  ) {
    this.#counters = new KeyCounters(account)
    this.#layer = layer === undefined ? [] : [layer]
    this.#active = ActiveScenarios.compile(initial, seed, this.#counters, this.#layer)
    // What a reset returns to: the built-ins plus the scenarios the sandbox was started with.
    catalogue.checkpoint()
  }

  /** The scenarios in force for every request. */
  get active(): ActiveScenarios {
    return this.#active
  }

  /** The per-key counters of every rule in force, bounded together. */
  get counters(): KeyCounters {
    return this.#counters
  }

  /** Replaces the scenarios in force (with fresh counters). */
  activate(scenarios: readonly Scenario[]): void {
    this.#byHeader.clear()
    this.#counters.clear()
    this.#active = ActiveScenarios.compile(scenarios, this.seed, this.#counters, this.#layer)
  }

  /** Back to the scenarios the sandbox started with, with fresh counters; definitions added since are forgotten. */
  reset(): void {
    this.catalogue.restore()
    this.activate(this.initial)
  }

  /**
   * The scenarios in force for a request: the active set plus those named in its
   * `X-Sandbox-Scenario` header (comma-separated). Throws 400 `unknown_scenario` for an unknown name.
   */
  forRequest(header: string | null, holdsKey?: HoldsKey): ActiveScenarios {
    if (header === null || header.trim() === '') return this.#active
    const named = this.#byHeader.getOrCreate(header, () => {
      const compiled = this.#compileHeader(header, holdsKey)
      if (compiled instanceof SandboxError) return compiled
      const combined = ActiveScenarios.combine(this.#active, compiled)
      // Too heavy to keep: its counters go with its request, outside the sandbox's ledger.
      if (weighSet(combined, this.#active) > HEADER_SET_RULES) compiled.countApart()
      return combined
    })
    if (named instanceof SandboxError) throw named
    return named
  }

  #compileHeader(header: string, holdsKey: HoldsKey | undefined): ActiveScenarios | SandboxError {
    if (header.length > MAX_HEADER_LENGTH) {
      return new SandboxError(ERRORS.unknownScenario, `X-Sandbox-Scenario may be at most ${MAX_HEADER_LENGTH} characters long`)
    }
    const names = header
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name !== '')
    // A scenario already in force counts once: the header does not double its rules.
    const active = new Set(this.#active.names)
    const scenarios: Scenario[] = []
    for (const name of names) {
      if (active.has(name)) continue
      const entry = this.catalogue.get(name)
      if (entry === undefined) return this.#unknown(name, holdsKey)
      scenarios.push(entry.scenario)
    }
    return ActiveScenarios.compile(scenarios, this.seed, this.#counters)
  }

  #unknown(name: string, holdsKey: HoldsKey | undefined): SandboxError {
    // The one message for an unknown name, wherever it was given; here it says where.
    return new SandboxError(ERRORS.unknownScenario, `X-Sandbox-Scenario: ${unknownScenarioMessage(name, this.catalogue, holdsKey)}`)
  }
}
