import { BoundedCache } from '../core/bounded-cache.js'
import { EnvelopeError } from '../core/envelope-error.js'
import { ERRORS } from '../core/errors.js'
import { ActiveScenarios } from './active-scenarios.js'
import type { ScenarioCatalogue } from './scenario-catalogue.js'
import { SCENARIO_NAME, type Scenario } from './scenario-schema.js'

/** Longest `X-Sandbox-Scenario` value read; a longer one is refused whole. */
const MAX_HEADER_LENGTH = 1024

/**
 * A sandbox's scenarios: the catalogue, the set in force for every request (which `activate`
 * replaces and `reset` restores), and the sets a request adds with `X-Sandbox-Scenario`.
 *
 * @example
 * const state = new ScenarioState(createScenarioCatalogue(), [], 42)
 * state.activate(resolveScenarios(state.catalogue, ['server-error'], 'admin API'))
 * state.forRequest('slow').names // ['server-error', 'slow']
 */
export class ScenarioState {
  #active: ActiveScenarios
  /** Header value → the scenarios in force with it; counters persist across requests with that header. */
  readonly #byHeader = new BoundedCache<string, ActiveScenarios>(64)

  constructor(
    readonly catalogue: ScenarioCatalogue,
    readonly initial: readonly Scenario[],
    readonly seed: number,
  ) {
    this.#active = ActiveScenarios.compile(initial, seed)
    // What a reset returns to: the built-ins plus the scenarios the sandbox was started with.
    catalogue.checkpoint()
  }

  /** The scenarios in force for every request. */
  get active(): ActiveScenarios {
    return this.#active
  }

  /** Replaces the scenarios in force (with fresh counters). */
  activate(scenarios: readonly Scenario[]): void {
    this.#active = ActiveScenarios.compile(scenarios, this.seed)
    this.#byHeader.clear()
  }

  /** Back to the scenarios the sandbox started with, with fresh counters; definitions added since are forgotten. */
  reset(): void {
    this.catalogue.restore()
    this.activate(this.initial)
  }

  /**
   * The scenarios in force for a request: the active set plus those named in its
   * `X-Sandbox-Scenario` header (comma-separated). An unknown name is 400 `unknown_scenario`.
   */
  forRequest(header: string | null): ActiveScenarios {
    if (header === null || header.trim() === '') return this.#active
    return this.#byHeader.getOrCreate(header, () => ActiveScenarios.combine(this.#active, this.#compileHeader(header)))
  }

  #compileHeader(header: string): ActiveScenarios {
    if (header.length > MAX_HEADER_LENGTH) {
      throw new EnvelopeError(ERRORS.unknownScenario, `X-Sandbox-Scenario may be at most ${MAX_HEADER_LENGTH} characters long`)
    }
    const names = header
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name !== '')
    // A scenario already in force counts once: the header does not double its rules.
    const active = new Set(this.#active.names)
    const scenarios = names.flatMap((name) => {
      if (active.has(name)) return []
      const entry = this.catalogue.get(name)
      if (entry !== undefined) return [entry.scenario]
      const shown = SCENARIO_NAME.test(name) ? `"${name}"` : 'a malformed name'
      const available = this.catalogue
        .list()
        .map((known) => known.scenario.name)
        .join(', ')
      throw new EnvelopeError(
        ERRORS.unknownScenario,
        `X-Sandbox-Scenario names ${shown}, which is not a scenario. Available scenarios: ${available}`,
      )
    })
    return ActiveScenarios.compile(scenarios, this.seed)
  }
}
