import { builtinScenarios } from './builtin-scenarios.js'
import { parseScenario } from './parse-scenario.js'
import type { Scenario } from '../contract/scenario-schema.js'
import { SCENARIO_NAME } from '../vocabulary/scenario-name.js'
import { ConfigError } from '../vocabulary/config-error.js'
import { UnknownScenarioError } from '../vocabulary/unknown-scenario-error.js'
import { unboundedAccount, type BudgetAccount } from '../vocabulary/memory-budget.js'
import { SandboxError } from '../vocabulary/sandbox-error.js'
import { ERRORS } from '../vocabulary/errors.js'
import type { KnownKeys } from '../vocabulary/mask-key.js'

/**
 * Scenarios a catalogue holds besides the built-ins: files, options and definitions sent at run
 * time. A definition of an existing name replaces it; a new name past this is refused, so a
 * client sending new definitions without end cannot grow the sandbox.
 */
export const MAX_DEFINED_SCENARIOS = 64

/** Bytes (as JSON) of the scenarios a catalogue holds besides the built-ins. */
export const MAX_DEFINED_SCENARIO_BYTES = 1024 * 1024

/**
 * Heap a defined rule may hold, drawn on the process's budget: parsed, compiled in force and
 * compiled again in a header's set (about 350, 300 and 300 bytes, as measured).
 */
export const RULE_HEAP_BYTES = 1024

/**
 * Heap per byte of the definitions' JSON besides: the parsed lists, and the sets a rule's `match`
 * and `nth` lists are compiled into (a 256-item list of ids, about 1.5 KB as JSON, is a set of
 * about 8 KB), in force and in a header's set.
 */
const HEAP_PER_JSON_BYTE = 6

/** Names an unknown-scenario message lists before it says how many more there are. */
const LISTED_NAMES = 32

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
  /**
   * Adds (or replaces) scenarios by name, all or none: throws a {@link ConfigError} when they would
   * take the catalogue past {@link MAX_DEFINED_SCENARIOS} or {@link MAX_DEFINED_SCENARIO_BYTES}.
   */
  add(scenarios: ReadonlyArray<{ readonly scenario: Scenario; readonly source: string }>): void
  /** Makes the current entries the ones `restore` returns to. */
  checkpoint(): void
  /** Back to the entries of the last checkpoint (the built-ins, before any checkpoint). */
  restore(): void
  /**
   * Draws what the definitions weigh on `account` from now on (a sandbox's, on the process's
   * budget): an `add` past it throws the 409 `memory_full`, a `restore` gives back.
   */
  attach(account: BudgetAccount): void
}

/** A fresh map of the built-in entries. */
function builtinEntries(): Map<string, CatalogueEntry> {
  // The built-ins are written in their checked form (a test parses each and finds it unchanged),
  // so reading them needs no schema.
  return new Map(builtinScenarios.map((scenario) => [scenario.name, { scenario, source: 'built-in' }]))
}

/** The number, bytes (as JSON) and heap (against the budget) of the entries that are not built in. */
function definedOf(entries: ReadonlyMap<string, CatalogueEntry>): { count: number; bytes: number; heap: number } {
  let count = 0
  let bytes = 0
  let rules = 0
  for (const entry of entries.values()) {
    if (entry.source === 'built-in') continue
    count++
    bytes += JSON.stringify(entry.scenario).length
    rules += entry.scenario.rules.length
  }
  return { count, bytes, heap: HEAP_PER_JSON_BYTE * bytes + rules * RULE_HEAP_BYTES }
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
  let account: BudgetAccount = unboundedAccount()
  /** Heap the definitions hold against `account`. */
  let held = 0
  const current = () => (entries ??= builtinEntries())
  /** Takes (or gives back) what the definitions weigh, or throws the 409 and takes nothing. */
  const weigh = (heap: number, force = false) => {
    if (account.change(held, heap)) held = heap
    else if (!force) throw new SandboxError(ERRORS.memoryFull)
  }
  return {
    get: (name) => current().get(name),
    list: () => [...current().values()],
    add(scenarios) {
      const next = new Map(current())
      for (const { scenario, source } of scenarios) next.set(scenario.name, { scenario, source })
      const defined = definedOf(next)
      if (defined.count > MAX_DEFINED_SCENARIOS || defined.bytes > MAX_DEFINED_SCENARIO_BYTES) {
        throw new ConfigError(
          `Too many scenarios: a sandbox holds at most ${MAX_DEFINED_SCENARIOS} besides the built-ins, of ${MAX_DEFINED_SCENARIO_BYTES / 1024} KiB in all; reuse a name to replace a definition, or reset the sandbox to forget those sent at run time`,
        )
      }
      weigh(defined.heap)
      entries = next
    },
    checkpoint: () => void (saved = entries === undefined ? undefined : new Map(entries)),
    restore: () => {
      entries = saved === undefined ? undefined : new Map(saved)
      // What the sandbox started with was taken when it was made: going back to it always fits.
      weigh(entries === undefined ? 0 : definedOf(entries).heap, true)
    },
    attach(to) {
      account = to
      held = 0
      weigh(entries === undefined ? 0 : definedOf(entries).heap)
    },
  }
}

/**
 * What an unknown-scenario message says instead of a name that could not be one (`SLOW`,
 * `slow,flaky` given to one flag): what a name is, and how several are given.
 *
 * @example
 * `Unknown scenario: ${MALFORMED_SCENARIO_NAME}. Available scenarios: …`
 */
export const MALFORMED_SCENARIO_NAME =
  'not a scenario name, which is 1 to 64 lower-case letters, digits, ".", "_" and "-", starting with a letter or digit (several: comma-separated in X-Sandbox-Scenario, one --scenario flag or list item each)'

/**
 * What an unknown-scenario message says instead of a name that holds an API key the sandbox knows
 * (`X-Sandbox-Scenario: sbx_user_alpha`, a key pasted in the wrong header): an answer, a log or a
 * proxy's record must never show a key whole.
 *
 * @example
 * `Unknown scenario: ${KEY_AS_SCENARIO_NAME}. Available scenarios: …`
 */
export const KEY_AS_SCENARIO_NAME = 'a value holding an API key, not shown (the key goes in X-API-Key; this names scenarios)'

/** The keys a name is checked against: whether a text holds one the sandbox knows (a KeyFinder's `contains`). */
export type HoldsKey = Pick<KnownKeys, 'contains'>

const HOLDS_NO_KEY: HoldsKey = { contains: () => false }

/**
 * The message for an unknown scenario name, listing the names the catalogue knows. A name that
 * holds a known key (`holdsKey`) is not shown.
 *
 * @example
 * throw new UnknownScenarioError(unknownScenarioMessage('flakey', catalogue))
 */
export function unknownScenarioMessage(name: string, catalogue: ScenarioCatalogue, holdsKey: HoldsKey = HOLDS_NO_KEY): string {
  const names = catalogue.list().map((entry) => entry.scenario.name)
  const listed = names.slice(0, LISTED_NAMES).join(', ')
  const more = names.length > LISTED_NAMES ? ` and ${names.length - LISTED_NAMES} more (GET /__sandbox/scenarios lists them)` : ''
  // The name is the caller's: quoted when it could be a name at all, never echoed otherwise (a
  // header may carry anything), so the message stays small and safe whatever was sent.
  const shown = holdsKey.contains(name)
    ? `: ${KEY_AS_SCENARIO_NAME}`
    : SCENARIO_NAME.test(name)
      ? ` ${JSON.stringify(name)}`
      : `: ${MALFORMED_SCENARIO_NAME}`
  return `Unknown scenario${shown}. Available scenarios: ${listed}${more}`
}

/**
 * The message of an inline definition whose name an earlier one of the same list has: the catalogue
 * could list one and apply the other.
 *
 * @example
 * ({ field: 'scenarios[1].name', message: DEFINED_TWICE })
 */
export const DEFINED_TWICE = 'the list defines this name twice'

/**
 * How {@link resolveScenarios} words its refusals: which names hold a key (never shown), and the
 * field of a request's body each item is, where the items are one.
 *
 * @example
 * const options: ResolveOptions = { holdsKey: index.knownKeys, fieldOf: (index) => `scenarios[${index}]` }
 */
export interface ResolveOptions {
  readonly holdsKey?: HoldsKey
  readonly fieldOf?: (index: number) => string
}

/**
 * Resolves names and inline definitions, in order. All are checked before any inline definition
 * joins the catalogue, so a bad list changes nothing. Throws a {@link ConfigError} for an unknown
 * name (an {@link UnknownScenarioError}, not showing a name that holds a key by `holdsKey`) or an
 * invalid definition. Where the items are a field of a request's body, `fieldOf` names each item's
 * field (`scenarios[0]`), and a definition's mistakes are in the error's `issues` at their fields.
 *
 * @example
 * resolveScenarios(catalogue, ['slow', { name: 'mine', description: '…', rules: [{ data: 'none' }] }], (index) => `options.scenarios[${index}]`)
 */
export function resolveScenarios(
  catalogue: ScenarioCatalogue,
  items: readonly unknown[],
  sourceOf: (index: number) => string,
  { holdsKey = HOLDS_NO_KEY, fieldOf }: ResolveOptions = {},
): Scenario[] {
  const inline = new Map<string, { scenario: Scenario; source: string }>()
  const scenarios = items.map((item, index) => {
    if (typeof item !== 'string') {
      const source = sourceOf(index)
      const field = fieldOf?.(index)
      const scenario = parseScenario(item, source, field)
      if (inline.has(scenario.name)) {
        throw new ConfigError(
          `Failed to load scenario ${JSON.stringify(scenario.name)} (${source}): ${DEFINED_TWICE}`,
          ERRORS.invalidBody,
          field === undefined ? [] : [{ field: `${field}.name`, message: DEFINED_TWICE }],
        )
      }
      inline.set(scenario.name, { scenario, source })
      return scenario
    }
    const scenario = inline.get(item)?.scenario ?? catalogue.get(item)?.scenario
    if (scenario === undefined) throw new UnknownScenarioError(unknownScenarioMessage(item, catalogue, holdsKey))
    return scenario
  })
  if (inline.size > 0) catalogue.add([...inline.values()])
  return scenarios
}
