import { describe, expect, it } from 'vitest'
import { EFFECT_SCHEMAS } from '../../../src/contract/scenario-schema.js'
import { EFFECT_ORDER, SCENARIO_EFFECTS } from '../../../src/scenarios/scenario-effects.js'
import { ActiveScenarios, enterData, type RuleScope } from '../../../src/scenarios/active-scenarios.js'
import { parseScenario } from '../../../src/scenarios/parse-scenario.js'
import { ERRORS } from '../../../src/vocabulary/errors.js'
import { DEFAULT_BYTES_PER_SECOND, DEFAULT_CUT_AFTER_BYTES, DEFAULT_SLOW_HEADERS_MS } from '../../../src/vocabulary/faults.js'

const SCOPE: RuleScope = { endpoint: 'monitoring', key: 'sbx_project_101', projectId: 101 }
const CONTEXT = { requestNumber: 3, observe: false, faults: true }

function compile(...rules: Record<string, unknown>[]): ActiveScenarios {
  return ActiveScenarios.compile([parseScenario({ name: 'test', description: 'A test scenario', rules }, 'test')], 42)
}

describe('The scenario effects table', () => {
  it('has one entry for each effect the schema takes, and no other', () => {
    expect([...EFFECT_ORDER].sort()).toEqual(Object.keys(EFFECT_SCHEMAS).sort())
  })

  it('gives every entry a stage and a way to act: folded into the decision, or applied at the data stage', () => {
    for (const name of EFFECT_ORDER) {
      const entry = SCENARIO_EFFECTS[name] as { stage: string; decide?: unknown; pass?: unknown }
      expect(['fault', 'key', 'project', 'data', 'answer', 'delivery']).toContain(entry.stage)
      expect((entry.decide === undefined) !== (entry.pass === undefined)).toBe(true)
      expect(entry.pass !== undefined).toBe(entry.stage === 'data')
    }
  })

  it('applies rate limits before forced failures at the data stage', () => {
    expect(EFFECT_ORDER.indexOf('rateLimit')).toBeLessThan(EFFECT_ORDER.indexOf('fail'))
  })
})

describe('ActiveScenarios.decide', () => {
  it('decides every effect of a request at once, as plain data', () => {
    const active = compile(
      { latency: 40 },
      { keys: 'expired', match: { key: 'someone-else' } },
      { projects: 'hidden', match: { project: 103 } },
      { data: 'none' },
      { variant: 'trend' },
      { fault: { type: 'empty-reply', nth: 2 } },
    )
    const decision = active.decide(SCOPE, CONTEXT)
    expect(decision).toMatchObject({
      scope: SCOPE,
      observe: false,
      fault: undefined,
      refusesKey: false,
      hidden: new Set([103]),
      gates: [],
      removesData: true,
      addedLatencyMs: 40,
    })
    expect(decision.variants).not.toBe(0)
    expect(active.decide(SCOPE, CONTEXT).fault).toEqual({
      type: 'empty-reply',
      delayMs: 5000,
      durationMs: 3000,
      bytesPerSecond: 512,
      bytes: 0,
    })
  })

  it("gives each fault's fields their defaults where the rule gives none, and the rule's own where it does", () => {
    const decided = (fault: Record<string, unknown>) => compile({ fault }).decide(SCOPE, CONTEXT).fault
    expect(decided({ type: 'bandwidth' })).toMatchObject({ bytesPerSecond: DEFAULT_BYTES_PER_SECOND })
    expect(decided({ type: 'bandwidth', bytes_per_second: 2_000 })).toMatchObject({ bytesPerSecond: 2_000 })
    expect(decided({ type: 'slow-headers' })).toMatchObject({ durationMs: DEFAULT_SLOW_HEADERS_MS })
    expect(decided({ type: 'slow-headers', duration: 40 })).toMatchObject({ durationMs: 40 })
    expect(decided({ type: 'cut-after' })).toMatchObject({ bytes: DEFAULT_CUT_AFTER_BYTES })
    expect(decided({ type: 'cut-after', bytes: 7 })).toMatchObject({ bytes: 7 })
  })

  it('draws a fault only where the request met the fault stage, and counts it only then', () => {
    const active = compile({ fault: { type: 'connection-reset', nth: 1 } })
    expect(active.decide(SCOPE, { ...CONTEXT, faults: false }).fault).toBeUndefined()
    expect(active.decide(SCOPE, CONTEXT).fault?.type).toBe('connection-reset')
    expect(active.decide(SCOPE, CONTEXT).fault).toBeUndefined()
  })

  it('counts nothing for the dashboard: its request leaves a test its first fault and failure', () => {
    const active = compile({ fault: { type: 'empty-reply', nth: 1 } }, { fail: { status: 503, nth: 1 } })
    const observed = active.decide(SCOPE, { ...CONTEXT, observe: true })
    expect(observed.fault).toBeUndefined()
    expect(enterData(observed, ERRORS.monitoringFailed, 0)).toEqual({})
    expect(active.decide(SCOPE, CONTEXT).fault?.type).toBe('empty-reply')
  })

  it('keeps the data stage for later: deciding counts no rate limit or failure, entering does', () => {
    const active = compile({ rateLimit: { limit: 1, windowSeconds: 60 } }, { fail: { status: 503, nth: 2 } })
    const decisions = [active.decide(SCOPE, CONTEXT), active.decide(SCOPE, CONTEXT)]
    expect(decisions[0]!.gates.map((gate) => gate.effect)).toEqual(['rateLimit', 'fail'])
    expect(enterData(decisions[0]!, ERRORS.monitoringFailed, 0)['x-ratelimit-remaining']).toBe('0')
    expect(() => enterData(decisions[1]!, ERRORS.monitoringFailed, 1)).toThrow(expect.objectContaining({ template: ERRORS.rateLimited }))
  })

  it('hides from a rule scoped to projects only those projects, and every project from one that is not', () => {
    expect(compile({ projects: 'hidden', match: { project: [101, 102] } }).decide(SCOPE, CONTEXT).hidden).toEqual(new Set([101, 102]))
    expect(compile({ projects: 'hidden' }, { projects: 'hidden', match: { project: 5 } }).decide(SCOPE, CONTEXT).hidden).toBe('all')
    expect(compile({ projects: 'hidden', match: { key: 'other' } }).decide(SCOPE, CONTEXT).hidden).toBe('none')
  })
})
