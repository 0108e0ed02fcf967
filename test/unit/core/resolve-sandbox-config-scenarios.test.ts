import { KeyFinder } from '../../../src/vocabulary/key-finder.js'
import { describe, expect, it } from 'vitest'
import { ConfigError } from '../../../src/vocabulary/config-error.js'
import { createSandboxState, JOURNAL_CAPACITY, resolveSandboxConfig } from '../../../src/sandbox/open-sandbox.js'
import type { SandboxOptions } from '../../../src/sandbox/sandbox-options.js'
import { ERRORS } from '../../../src/vocabulary/errors.js'
import { builtinScenarios } from '../../../src/scenarios/builtin-scenarios.js'
import type { ScenarioInput } from '../../../src/contract/scenario-schema.js'
import { UnknownScenarioError } from '../../../src/vocabulary/unknown-scenario-error.js'
import { enterData } from '../../../src/scenarios/active-scenarios.js'

const BUILTIN_NAMES = builtinScenarios.map((scenario) => scenario.name)
const mine: ScenarioInput = { name: 'mine', description: 'Mine', rules: [{ data: 'none' }] }
const bad = { name: 'broken', description: 'Broken', rules: [{ fail: { status: 418 } }] } as unknown as ScenarioInput
const BAD_WHY = 'rules[0].fail.status: must be one of 400, 401, 403, 404, 429, 500, 503'

/** The message of the ConfigError `run` throws; fails the test if it throws none. */
function configError(run: () => unknown): ConfigError {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    return error as ConfigError
  }
  throw new Error('expected a ConfigError')
}

describe('resolveSandboxConfig with the scenarios option', () => {
  it('starts with no scenarios and the built-in catalogue when the option is absent', () => {
    const config = resolveSandboxConfig({ now: '2026-03-01' })
    expect(config.scenarios).toEqual([])
    expect(config.catalogue.list().map((entry) => entry.scenario.name)).toEqual(BUILTIN_NAMES)
  })

  it('resolves names and inline definitions in order, adding definitions to the catalogue as options.scenarios[i]', () => {
    const config = resolveSandboxConfig({ scenarios: ['slow', mine, 'mine', 'server-error'] })
    expect(config.scenarios.map((scenario) => scenario.name)).toEqual(['slow', 'mine', 'mine', 'server-error'])
    expect(config.catalogue.get('mine')?.source).toBe('options.scenarios[1]')
    expect(config.catalogue.get('mine')?.scenario).toBe(config.scenarios[1])
    expect(config.catalogue.get('slow')?.source).toBe('built-in')
  })

  it('names an inline definition by its OptionSources.scenarios entry when one is given', () => {
    const config = resolveSandboxConfig({ scenarios: ['slow', mine] }, { scenarios: ['slow', './mine.json'] })
    expect(config.catalogue.get('mine')?.source).toBe('./mine.json')
  })

  it('lets an inline definition replace a built-in of the same name', () => {
    const config = resolveSandboxConfig({ scenarios: [{ name: 'slow', description: 'Faster', rules: [{ latency: 1 }] }] })
    expect(config.catalogue.get('slow')).toEqual({ scenario: config.scenarios[0], source: 'options.scenarios[0]' })
  })

  it('names a bad inline definition by options.scenarios[i] when no source is given', () => {
    const error = configError(() => resolveSandboxConfig({ scenarios: ['slow', bad] }))
    expect(error.message).toBe(`Failed to load scenario "broken" (options.scenarios[1]): ${BAD_WHY}`)
  })

  it('names a bad inline definition by its OptionSources.scenarios entry when one is given', () => {
    const error = configError(() => resolveSandboxConfig({ scenarios: ['slow', bad] }, { scenarios: ['slow', 'scenarios/broken.json'] }))
    expect(error.message).toBe(`Failed to load scenario "broken" (scenarios/broken.json): ${BAD_WHY}`)
  })

  it('falls back to options.scenarios[i] when OptionSources.scenarios has no entry for that index', () => {
    const error = configError(() => resolveSandboxConfig({ scenarios: [mine, bad] }, { scenarios: ['./mine.json'] }))
    expect(error.message).toBe(`Failed to load scenario "broken" (options.scenarios[1]): ${BAD_WHY}`)
  })

  it('throws an UnknownScenarioError listing the available names for an unknown name', () => {
    const error = configError(() => resolveSandboxConfig({ scenarios: ['flakey'] }))
    expect(error).toBeInstanceOf(UnknownScenarioError)
    expect(error.message).toBe(`Unknown scenario "flakey". Available scenarios: ${BUILTIN_NAMES.join(', ')}`)
  })

  it.each([['slow'], [{ name: 'slow' }], [42], [null]])(
    'refuses a scenarios option that is not an array (%j), naming the option',
    (value) => {
      const error = configError(() => resolveSandboxConfig({ scenarios: value } as unknown as SandboxOptions))
      expect(error).not.toBeInstanceOf(UnknownScenarioError)
      expect(error.message).toBe(`Invalid option "scenarios": must be an array of names or definitions (got ${JSON.stringify(value)})`)
    },
  )
})

describe('createSandboxState', () => {
  it('activates the configured scenarios and gives an empty journal of the documented capacity', () => {
    const config = resolveSandboxConfig({ seed: 5, scenarios: ['no-data', mine] })
    const state = createSandboxState(config)
    expect(state.scenarios.active.names).toEqual(['no-data', 'mine'])
    expect(state.scenarios.initial).toBe(config.scenarios)
    expect(state.scenarios.seed).toBe(5)
    expect(state.scenarios.catalogue).toBe(config.catalogue)
    expect(state.journal.capacity).toBe(JOURNAL_CAPACITY)
    expect(state.journal.list()).toEqual([])
  })

  it('gives each state its own scenarios and journal', () => {
    const config = resolveSandboxConfig({ scenarios: ['fail-once'] })
    const one = createSandboxState(config)
    const two = createSandboxState(config)
    const scope = { endpoint: 'projects', key: 'k', projectId: undefined } as const
    const context = { requestNumber: 1, observe: false, faults: true }
    expect(() => enterData(one.scenarios.active.decide(scope, context), ERRORS.projectsFailed, 0)).toThrow()
    expect(() => enterData(two.scenarios.active.decide(scope, context), ERRORS.projectsFailed, 0)).toThrow()
    one.journal.record(0, 'GET', '/', '', 200, null, null, [], null, new KeyFinder())
    expect(two.journal.recorded).toBe(0)
  })
})
