import { builtinScenarios } from './builtin-scenarios.js'
import { parseScenario } from './parse-scenario.js'
import type { Scenario } from './scenario-schema.js'
import { UnknownScenarioError } from './unknown-scenario-error.js'

/** A scenario the sandbox knows by name, and where it came from. */
export interface CatalogueEntry {
  readonly scenario: Scenario
  /** `built-in`, a file path, or `options` / `admin API` for inline definitions. */
  readonly source: string
}

/**
 * The scenarios a sandbox can activate by name: the built-ins, plus any loaded from files or given
 * inline (a later one with a built-in's name replaces it).
 *
 * @example
 * const catalogue = createScenarioCatalogue()
 * catalogue.get('flaky')?.scenario.description
 */
export interface ScenarioCatalogue {
  get(name: string): CatalogueEntry | undefined
  list(): readonly CatalogueEntry[]
  /** Adds (or replaces) a scenario by its name. */
  add(scenario: Scenario, source: string): void
  /** Makes the current entries the ones `restore` returns to. */
  checkpoint(): void
  /** Back to the entries of the last checkpoint (the built-ins, before any checkpoint). */
  restore(): void
}

let builtins: readonly Scenario[] | undefined

/** The built-in scenarios, validated once per process, on first use. */
function validatedBuiltins(): readonly Scenario[] {
  builtins ??= builtinScenarios.map((scenario) => parseScenario(scenario, `scenarios/${scenario.name}.json`))
  return builtins
}

/** A fresh map of the built-in entries. */
function builtinEntries(): Map<string, CatalogueEntry> {
  return new Map(validatedBuiltins().map((scenario) => [scenario.name, { scenario, source: 'built-in' }]))
}

/**
 * Creates a catalogue holding the built-in scenarios. They are validated when a catalogue is first
 * read or added to, so a sandbox that activates no scenario starts without validating them.
 *
 * @example
 * const catalogue = createScenarioCatalogue()
 * catalogue.get('flaky')?.scenario.description
 */
export function createScenarioCatalogue(): ScenarioCatalogue {
  // `entries` undefined: nothing has read the catalogue yet, so it holds the built-ins.
  // `saved` undefined: the last checkpoint (or none) was taken while it still held them.
  let entries: Map<string, CatalogueEntry> | undefined
  let saved: Map<string, CatalogueEntry> | undefined
  const current = () => (entries ??= builtinEntries())
  return {
    get: (name) => current().get(name),
    list: () => [...current().values()],
    add: (scenario, source) => void current().set(scenario.name, { scenario, source }),
    checkpoint: () => void (saved = entries === undefined ? undefined : new Map(entries)),
    restore: () => void (entries = saved === undefined ? undefined : new Map(saved)),
  }
}

/**
 * The message for an unknown scenario name, listing the names the catalogue knows.
 *
 * @example
 * throw new UnknownScenarioError(unknownScenarioMessage('flakey', catalogue))
 */
export function unknownScenarioMessage(name: string, catalogue: ScenarioCatalogue): string {
  const names = catalogue.list().map((entry) => entry.scenario.name)
  return `Unknown scenario "${name}". Available scenarios: ${names.join(', ')}`
}

/**
 * Resolves names and inline definitions, in order. All are checked before any inline definition
 * joins the catalogue, so a bad list changes nothing. Throws a {@link ConfigError} for an unknown
 * name (an {@link UnknownScenarioError}) or an invalid definition.
 *
 * @example
 * resolveScenarios(catalogue, ['slow', { name: 'mine', description: '…', rules: [{ data: 'none' }] }], (index) => `options.scenarios[${index}]`)
 */
export function resolveScenarios(catalogue: ScenarioCatalogue, items: readonly unknown[], sourceOf: (index: number) => string): Scenario[] {
  const inline = new Map<string, { scenario: Scenario; source: string }>()
  const scenarios = items.map((item, index) => {
    if (typeof item !== 'string') {
      const source = sourceOf(index)
      const scenario = parseScenario(item, source)
      inline.set(scenario.name, { scenario, source })
      return scenario
    }
    const scenario = inline.get(item)?.scenario ?? catalogue.get(item)?.scenario
    if (scenario === undefined) throw new UnknownScenarioError(unknownScenarioMessage(item, catalogue))
    return scenario
  })
  for (const { scenario, source } of inline.values()) catalogue.add(scenario, source)
  return scenarios
}
