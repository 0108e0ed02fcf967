import { describe, expect, it } from 'vitest'
import { ConfigError } from '../../../src/vocabulary/config-error.js'
import { builtinScenarios } from '../../../src/scenarios/builtin-scenarios.js'
import {
  createScenarioCatalogue,
  MAX_DEFINED_SCENARIO_BYTES,
  MAX_DEFINED_SCENARIOS,
  resolveScenarios,
  unknownScenarioMessage,
} from '../../../src/scenarios/scenario-catalogue.js'
import { UnknownScenarioError } from '../../../src/vocabulary/unknown-scenario-error.js'

const BUILTIN_NAMES = builtinScenarios.map((scenario) => scenario.name)
const sourceOf = (index: number) => `test.scenarios[${index}]`

function definition(name: string, description = `The ${name} scenario`): Record<string, unknown> {
  return { name, description, rules: [{ data: 'none' }] }
}

/** The error `run` throws; fails the test if it throws none. */
function thrown(run: () => unknown): unknown {
  try {
    run()
  } catch (error) {
    return error
  }
  throw new Error('expected an error')
}

describe('createScenarioCatalogue', () => {
  it('lists every built-in scenario, in file-name order, with the source built-in', () => {
    const entries = createScenarioCatalogue().list()
    expect(entries.map((entry) => entry.scenario.name)).toEqual(BUILTIN_NAMES)
    for (const entry of entries) expect(entry.source).toBe('built-in')
  })

  it('gets a built-in by name and nothing for an unknown name', () => {
    const catalogue = createScenarioCatalogue()
    expect(catalogue.get('flaky')?.scenario.rules[0]?.fail).toEqual({ status: 500, rate: 0.3 })
    expect(catalogue.get('flakey')).toBeUndefined()
  })

  it('returns to the built-ins on restore when its checkpoint was taken before anything read it', () => {
    const catalogue = createScenarioCatalogue()
    catalogue.checkpoint()
    resolveScenarios(catalogue, [definition('mine')], sourceOf)
    expect(catalogue.get('mine')).toBeDefined()
    catalogue.restore()
    expect(catalogue.list().map((entry) => entry.scenario.name)).toEqual(BUILTIN_NAMES)
  })

  it('returns to its last checkpoint on restore, additions made before it included and after it dropped', () => {
    const catalogue = createScenarioCatalogue()
    resolveScenarios(catalogue, [definition('kept')], sourceOf)
    catalogue.checkpoint()
    resolveScenarios(catalogue, [definition('dropped')], sourceOf)
    catalogue.restore()
    expect(catalogue.get('kept')?.source).toBe('test.scenarios[0]')
    expect(catalogue.get('dropped')).toBeUndefined()
    catalogue.restore()
    expect(catalogue.list().map((entry) => entry.scenario.name)).toEqual([...BUILTIN_NAMES, 'kept'])
  })

  it('gives every catalogue its own entries, so adding to one leaves another unchanged', () => {
    const one = createScenarioCatalogue()
    const two = createScenarioCatalogue()
    resolveScenarios(one, [definition('mine')], sourceOf)
    expect(one.get('mine')).toBeDefined()
    expect(two.get('mine')).toBeUndefined()
  })
})

describe('resolveScenarios', () => {
  it('resolves names and inline definitions in the order given', () => {
    const catalogue = createScenarioCatalogue()
    const scenarios = resolveScenarios(catalogue, ['slow', definition('mine'), 'server-error'], sourceOf)
    expect(scenarios.map((scenario) => scenario.name)).toEqual(['slow', 'mine', 'server-error'])
    expect(scenarios[0]).toBe(catalogue.get('slow')?.scenario)
  })

  it('returns nothing for an empty list', () => {
    expect(resolveScenarios(createScenarioCatalogue(), [], sourceOf)).toEqual([])
  })

  it('adds an inline definition to the catalogue under its name, with the source for its index', () => {
    const catalogue = createScenarioCatalogue()
    const [, mine] = resolveScenarios(catalogue, ['slow', definition('mine')], sourceOf)
    expect(catalogue.get('mine')).toEqual({ scenario: mine, source: 'test.scenarios[1]' })
    expect(catalogue.list().map((entry) => entry.scenario.name)).toEqual([...BUILTIN_NAMES, 'mine'])
  })

  it('replaces a built-in when a later definition takes its name, keeping its place in the list', () => {
    const catalogue = createScenarioCatalogue()
    resolveScenarios(catalogue, [definition('slow', 'My own slow')], sourceOf)
    expect(catalogue.get('slow')?.source).toBe('test.scenarios[0]')
    expect(catalogue.get('slow')?.scenario.description).toBe('My own slow')
    expect(catalogue.list().map((entry) => entry.scenario.name)).toEqual(BUILTIN_NAMES)
    expect(resolveScenarios(catalogue, ['slow'], sourceOf)[0]?.description).toBe('My own slow')
  })

  it('throws an UnknownScenarioError, a ConfigError, listing the available names for an unknown name', () => {
    const catalogue = createScenarioCatalogue()
    const error = thrown(() => resolveScenarios(catalogue, ['slow', 'flakey'], sourceOf))
    expect(error).toBeInstanceOf(UnknownScenarioError)
    expect(error).toBeInstanceOf(ConfigError)
    expect((error as Error).message).toBe(`Unknown scenario "flakey". Available scenarios: ${BUILTIN_NAMES.join(', ')}`)
    expect((error as Error).message).toBe(unknownScenarioMessage('flakey', catalogue))
  })

  it('throws a plain ConfigError, not an UnknownScenarioError, for an invalid definition, naming its source', () => {
    const error = thrown(() =>
      resolveScenarios(createScenarioCatalogue(), ['slow', { name: 'bad', description: 'd', rules: [] }], sourceOf),
    )
    expect(error).toBeInstanceOf(ConfigError)
    expect(error).not.toBeInstanceOf(UnknownScenarioError)
    expect((error as Error).message).toMatch(/^Failed to load scenario "bad" \(test\.scenarios\[1\]\): rules: /)
  })

  it('adds nothing to the catalogue when any item of the list is bad, checking them all first', () => {
    const catalogue = createScenarioCatalogue()
    expect(() => resolveScenarios(catalogue, [definition('first'), definition('slow', 'Replaced'), 'nope'], sourceOf)).toThrow(
      UnknownScenarioError,
    )
    expect(() => resolveScenarios(catalogue, [definition('second'), { name: 'third' }], sourceOf)).toThrow(ConfigError)
    expect(catalogue.get('first')).toBeUndefined()
    expect(catalogue.get('second')).toBeUndefined()
    expect(catalogue.get('slow')?.source).toBe('built-in')
    expect(catalogue.list().map((entry) => entry.scenario.name)).toEqual(BUILTIN_NAMES)
  })

  it('lets a later item of the same list refer to an inline definition by name', () => {
    const catalogue = createScenarioCatalogue()
    const scenarios = resolveScenarios(catalogue, [definition('mine'), 'mine'], sourceOf)
    expect(scenarios.map((scenario) => scenario.name)).toEqual(['mine', 'mine'])
    expect(scenarios[1]).toBe(scenarios[0])
  })

  it('uses an inline redefinition of a built-in for later references in the same list', () => {
    const scenarios = resolveScenarios(createScenarioCatalogue(), [definition('slow', 'Mine'), 'slow'], sourceOf)
    expect(scenarios[1]?.description).toBe('Mine')
  })

  it('does not let an earlier item refer to a definition that comes later in the list', () => {
    expect(() => resolveScenarios(createScenarioCatalogue(), ['mine', definition('mine')], sourceOf)).toThrow(UnknownScenarioError)
  })

  it('refuses an item that is neither a name nor an object as an invalid definition', () => {
    expect(() => resolveScenarios(createScenarioCatalogue(), [42], sourceOf)).toThrow(
      /^Failed to load scenario \(test\.scenarios\[0\]\): \(root\): /,
    )
  })

  it('asks for a source only for inline definitions', () => {
    const asked: number[] = []
    resolveScenarios(createScenarioCatalogue(), ['slow', definition('a'), 'no-data', definition('b')], (index) => {
      asked.push(index)
      return `s${index}`
    })
    expect(asked).toEqual([1, 3])
  })
})

describe('the catalogue is bounded', () => {
  it(`holds ${MAX_DEFINED_SCENARIOS} defined scenarios besides the built-ins, refuses a new name past that with a ConfigError and no change, and still replaces a known name`, () => {
    const catalogue = createScenarioCatalogue()
    for (let index = 0; index < MAX_DEFINED_SCENARIOS; index++) resolveScenarios(catalogue, [definition(`mine-${index}`)], sourceOf)
    const before = catalogue.list()
    const error = thrown(() => resolveScenarios(catalogue, [definition('one-too-many')], sourceOf))
    expect(error).toBeInstanceOf(ConfigError)
    expect((error as Error).message).toMatch(/^Too many scenarios: a sandbox holds at most 64 besides the built-ins/)
    expect(catalogue.list()).toEqual(before)
    resolveScenarios(catalogue, [definition('mine-0', 'Replaced')], sourceOf)
    expect(catalogue.get('mine-0')?.scenario.description).toBe('Replaced')
  })

  it('refuses definitions past a MiB of JSON in all, whatever their number', () => {
    const catalogue = createScenarioCatalogue()
    const description = 'd'.repeat(60_000)
    const fit = Math.floor(MAX_DEFINED_SCENARIO_BYTES / 60_100)
    for (let index = 0; index < fit; index++) resolveScenarios(catalogue, [definition(`big-${index}`, description)], sourceOf)
    expect(thrown(() => resolveScenarios(catalogue, [definition('big-last', description)], sourceOf))).toBeInstanceOf(ConfigError)
    expect(catalogue.get('big-last')).toBeUndefined()
  })

  it('names at most 32 scenarios in an unknown-scenario message, says how many more, and cuts a long unknown name short', () => {
    const catalogue = createScenarioCatalogue()
    for (let index = 0; index < 40; index++) resolveScenarios(catalogue, [definition(`mine-${index}`)], sourceOf)
    const message = unknownScenarioMessage('x'.repeat(10_000), catalogue)
    expect(message.length).toBeLessThan(900)
    const more = builtinScenarios.length + 40 - 32
    expect(message).toMatch(new RegExp(` and ${more} more \\(GET /__sandbox/scenarios lists them\\)$`))
  })
})
