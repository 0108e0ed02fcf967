import { BoundedCache } from '../vocabulary/bounded-cache.js'
import { ERRORS } from '../vocabulary/errors.js'
import { SandboxError } from '../vocabulary/sandbox-error.js'
import { ActiveScenarios } from './active-scenarios.js'
import { unknownScenarioMessage, type ScenarioCatalogue } from './scenario-catalogue.js'
import type { Scenario } from '../contract/scenario-schema.js'

/** Longest `X-Sandbox-Scenario` value read; a longer one is refused whole. */
const MAX_HEADER_LENGTH = 1024

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
  // A refusal weighs more than the cache holds, so it is never kept: the catalogue may change.
  readonly #byHeader = new BoundedCache<string, ActiveScenarios | SandboxError>(64, (value) =>
    value instanceof SandboxError ? Infinity : 1,
  )

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
  forRequest(header: string | null): ActiveScenarios | SandboxError {
    if (header === null || header.trim() === '') return this.#active
    return this.#byHeader.getOrCreate(header, () => {
      const named = this.#compileHeader(header)
      return named instanceof SandboxError ? named : ActiveScenarios.combine(this.#active, named)
    })
  }

  #compileHeader(header: string): ActiveScenarios | SandboxError {
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
      if (entry === undefined) return this.#unknown(name)
      scenarios.push(entry.scenario)
    }
    return ActiveScenarios.compile(scenarios, this.seed)
  }

  #unknown(name: string): SandboxError {
    // The one message for an unknown name, wherever it was given; here it says where.
    return new SandboxError(ERRORS.unknownScenario, `X-Sandbox-Scenario: ${unknownScenarioMessage(name, this.catalogue)}`)
  }
}
