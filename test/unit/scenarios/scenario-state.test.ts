import { describe, expect, it } from 'vitest'
import { SandboxError } from '../../../src/vocabulary/sandbox-error.js'
import { ERRORS } from '../../../src/vocabulary/errors.js'
import { enterData, type ActiveScenarios, type RuleScope } from '../../../src/scenarios/active-scenarios.js'
import { createScenarioCatalogue, MALFORMED_SCENARIO_NAME, resolveScenarios } from '../../../src/scenarios/scenario-catalogue.js'
import { HEADER_SET_RULES, ScenarioState } from '../../../src/scenarios/scenario-state.js'

const SEED = 7
const SCOPE: RuleScope = { endpoint: 'projects', key: 'sbx_user_alpha', projectId: undefined }

function state(...initial: string[]): ScenarioState {
  const catalogue = createScenarioCatalogue()
  return new ScenarioState(
    catalogue,
    resolveScenarios(catalogue, initial, (index) => `test[${index}]`),
    SEED,
  )
}

/** Whether one data-stage call through `active` fails. */
function fails(active: ActiveScenarios): boolean {
  try {
    enterData(decide(active), ERRORS.projectsFailed, 0)
    return false
  } catch {
    return true
  }
}

/** The decision `active` makes for a request of SCOPE. */
function decide(active: ActiveScenarios) {
  return active.decide(SCOPE, { requestNumber: 1, observe: false, faults: true })
}

/** The refusal `forRequest(header)` returns, as the error it ends the request with; fails the test if it accepts. */
function refusal(scenarios: ScenarioState, header: string): SandboxError {
  try {
    scenarios.forRequest(header)
  } catch (error) {
    if (error instanceof SandboxError) return error
    throw error
  }
  throw new Error(`forRequest accepted ${JSON.stringify(header)}`)
}

/** The scenarios `forRequest(header)` puts in force; fails the test if it refuses. */
function accepted(scenarios: ScenarioState, header: string | null): ActiveScenarios {
  return scenarios.forRequest(header)
}

describe('ScenarioState', () => {
  it('starts with the initial scenarios active, or none', () => {
    expect(state('slow', 'no-data').active.names).toEqual(['slow', 'no-data'])
    expect(state().active.names).toEqual([])
  })

  it('returns the active set itself for a request without the header or with a blank one', () => {
    const scenarios = state('slow')
    expect(accepted(scenarios, null)).toBe(scenarios.active)
    expect(accepted(scenarios, '')).toBe(scenarios.active)
    expect(accepted(scenarios, '  \t ')).toBe(scenarios.active)
  })

  it('adds the header’s scenarios after the active ones, in the order named, trimming spaces and empty items', () => {
    const scenarios = state('slow')
    expect(accepted(scenarios, 'no-data, server-error').names).toEqual(['slow', 'no-data', 'server-error'])
    expect(accepted(scenarios, ' flaky ,, expired-keys ,').names).toEqual(['slow', 'flaky', 'expired-keys'])
    expect(accepted(state(), 'no-data').names).toEqual(['no-data'])
  })

  it('applies the header’s effects on top of the active ones', () => {
    const withHeader = accepted(state('no-data'), 'empty-account')
    expect(decide(withHeader).removesData).toBe(true)
    expect(decide(withHeader).hidden).toBe('all')
  })

  it('refuses an unknown name with ERRORS.unknownScenario, naming it and listing the available scenarios', () => {
    const scenarios = state()
    const error = refusal(scenarios, 'slow, flakey')
    expect(error.template).toBe(ERRORS.unknownScenario)
    expect(error.envelope.code).toBe(400)
    const available = scenarios.catalogue
      .list()
      .map((entry) => entry.scenario.name)
      .join(', ')
    expect(error.envelope.errors).toEqual({
      error: ERRORS.unknownScenario.error,
      detail: `X-Sandbox-Scenario: Unknown scenario "flakey". Available scenarios: ${available}`,
    })
  })

  it('says what a scenario name is, for a name that does not match the name pattern, without echoing it', () => {
    for (const name of ['Slow', '<script>alert(1)</script>', 'a'.repeat(65), 'x y']) {
      const error = refusal(state(), name)
      expect(error.template).toBe(ERRORS.unknownScenario)
      expect(error.envelope.errors.detail).toContain(`X-Sandbox-Scenario: Unknown scenario: ${MALFORMED_SCENARIO_NAME}.`)
      expect(error.envelope.errors.detail).not.toContain(name)
    }
  })

  it('refuses a header longer than 1024 characters whole, and accepts one of exactly 1024', () => {
    const exact = `${'slow,'.repeat(204)}slow`
    expect(exact).toHaveLength(1024)
    // A scenario named many times counts once.
    expect(accepted(state(), exact).names).toEqual(['slow'])
    const error = refusal(state(), `${exact},`)
    expect(error.template).toBe(ERRORS.unknownScenario)
    expect(error.envelope.errors.detail).toBe('X-Sandbox-Scenario may be at most 1024 characters long')
  })

  it('caches the set for a header, so the same header gives the same object and its counters persist', () => {
    const scenarios = state()
    const first = accepted(scenarios, 'fail-once')
    expect(accepted(scenarios, 'fail-once')).toBe(first)
    expect(fails(first)).toBe(true)
    expect(fails(accepted(scenarios, 'fail-once'))).toBe(false)
    expect(accepted(scenarios, 'fail-once, no-data')).not.toBe(first)
  })

  it('does not cache a refused header', () => {
    const scenarios = state()
    expect(refusal(scenarios, 'nope').template).toBe(ERRORS.unknownScenario)
    expect(refusal(scenarios, 'nope').template).toBe(ERRORS.unknownScenario)
  })

  it('shares the active set’s counters with the sets a header adds to', () => {
    const scenarios = state('fail-once')
    expect(fails(accepted(scenarios, 'slow'))).toBe(true)
    expect(fails(scenarios.active)).toBe(false)
  })

  it('replaces the active set on activate, with fresh counters, and drops cached header sets', () => {
    const scenarios = state('fail-once')
    const cached = accepted(scenarios, 'slow')
    expect(fails(scenarios.active)).toBe(true)
    expect(fails(scenarios.active)).toBe(false)
    scenarios.activate(resolveScenarios(scenarios.catalogue, ['fail-once', 'no-data'], String))
    expect(scenarios.active.names).toEqual(['fail-once', 'no-data'])
    expect(fails(scenarios.active)).toBe(true)
    const fresh = accepted(scenarios, 'slow')
    expect(fresh).not.toBe(cached)
    expect(fresh.names).toEqual(['fail-once', 'no-data', 'slow'])
  })

  it('turns every scenario off when activated with an empty list', () => {
    const scenarios = state('server-error')
    scenarios.activate([])
    expect(scenarios.active.names).toEqual([])
    expect(fails(scenarios.active)).toBe(false)
  })

  it('restores the initial scenarios with fresh counters on reset, and drops cached header sets', () => {
    const scenarios = state('fail-once')
    expect(fails(scenarios.active)).toBe(true)
    scenarios.activate([])
    const cached = accepted(scenarios, 'slow')
    scenarios.reset()
    expect(scenarios.active.names).toEqual(['fail-once'])
    expect(fails(scenarios.active)).toBe(true)
    expect(accepted(scenarios, 'slow')).not.toBe(cached)
    expect(accepted(scenarios, 'slow').names).toEqual(['fail-once', 'slow'])
  })

  it('resolves header names against the catalogue, including definitions added later', () => {
    const scenarios = state()
    expect(refusal(scenarios, 'mine').template).toBe(ERRORS.unknownScenario)
    resolveScenarios(scenarios.catalogue, [{ name: 'mine', description: 'Mine', rules: [{ data: 'none' }] }], String)
    expect(decide(accepted(scenarios, 'mine')).removesData).toBe(true)
  })

  it('draws header scenarios with the sandbox seed, as the active set would', () => {
    const viaHeader = accepted(state(), 'flaky')
    const viaActive = state('flaky').active
    const sequence = (active: ActiveScenarios) => Array.from({ length: 50 }, () => fails(active))
    expect(sequence(viaHeader)).toEqual(sequence(viaActive))
  })
})

describe('ScenarioState.reset and the catalogue', () => {
  it('forgets scenarios defined after the start, and restores a built-in a definition had replaced', () => {
    const catalogue = createScenarioCatalogue()
    const initial = resolveScenarios(catalogue, [{ name: 'mine', description: 'at start', rules: [{ data: 'none' }] }], () => 'start')
    const state = new ScenarioState(catalogue, initial, 1)
    resolveScenarios(catalogue, [{ name: 'later', description: 'added', rules: [{ data: 'none' }] }], () => 'PUT')
    resolveScenarios(catalogue, [{ name: 'slow', description: 'replaced', rules: [{ latency: 1 }] }], () => 'PUT')
    state.reset()
    expect(catalogue.get('later')).toBeUndefined()
    expect(catalogue.get('mine')?.source).toBe('start')
    expect(catalogue.get('slow')?.source).toBe('built-in')
    expect(state.active.names).toEqual(['mine'])
  })
})

describe('ScenarioState: a scenario named twice', () => {
  it('counts once when the header repeats it or names one already active', () => {
    const catalogue = createScenarioCatalogue()
    const state = new ScenarioState(
      catalogue,
      resolveScenarios(catalogue, ['fail-once'], () => 'start'),
      1,
    )
    expect(accepted(state, 'fail-once, slow, slow').names).toEqual(['fail-once', 'slow'])
    state.activate(resolveScenarios(catalogue, ['no-data', 'no-data'], () => 'PUT'))
    expect(state.active.names).toEqual(['no-data'])
  })
})

describe('ScenarioState: header sets of many rules', () => {
  /** `count` definitions of `rules` latency rules each, defined (not in force). */
  function withDefinitions(count: number, rules: number): ScenarioState {
    const catalogue = createScenarioCatalogue()
    const definitions = Array.from({ length: count }, (_, index) => ({
      name: `many-${index}`,
      description: 'Many rules',
      rules: Array.from({ length: rules }, () => ({ latency: 1 })),
    }))
    resolveScenarios(catalogue, definitions, () => 'test')
    return new ScenarioState(catalogue, [], 1)
  }

  it('keeps a light header set, so its counters go on from request to request', () => {
    const state = withDefinitions(1, 4)
    expect(state.forRequest('many-0')).toBe(state.forRequest('many-0'))
  })

  it(`compiles a set of more than ${HEADER_SET_RULES} rules for its request without keeping it, so headers cannot fill the heap`, () => {
    const state = withDefinitions(20, 256)
    const header = Array.from({ length: 20 }, (_, index) => `many-${index}`).join(',')
    const first = state.forRequest(header) as ActiveScenarios
    expect(first.rules.length).toBe(20 * 256)
    expect(state.forRequest(header)).not.toBe(first)
  })
})

describe('ScenarioState: header sets whose rules carry long lists', () => {
  it('weighs a set by the items of its rules’ lists too, so 16 rules of three 256-item lists are not kept', () => {
    const catalogue = createScenarioCatalogue()
    const ids = Array.from({ length: 256 }, (_, index) => index + 1)
    const definitions = Array.from({ length: 4 }, (_, index) => ({
      name: `lists-${index}`,
      description: 'Long lists',
      rules: Array.from({ length: 4 }, () => ({ match: { project: ids }, fail: { status: 500 as const, nth: ids } })),
    }))
    resolveScenarios(catalogue, definitions, () => 'test')
    const state = new ScenarioState(catalogue, [], 1)
    const header = definitions.map((definition) => definition.name).join(',')
    const first = state.forRequest(header) as ActiveScenarios
    expect(first.entries).toBeGreaterThan(HEADER_SET_RULES)
    expect(state.forRequest(header)).not.toBe(first)
  })
})
