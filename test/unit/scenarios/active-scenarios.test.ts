import { describe, expect, it } from 'vitest'
import { SandboxError } from '../../../src/vocabulary/sandbox-error.js'
import { ERRORS, type ErrorTemplate } from '../../../src/vocabulary/errors.js'
import { ActiveScenarios, enterData, type RuleScope } from '../../../src/scenarios/active-scenarios.js'
import { isHidden, type ScenarioDecision } from '../../../src/scenarios/scenario-decision.js'
import { parseScenario } from '../../../src/scenarios/parse-scenario.js'
import type { Scenario } from '../../../src/contract/scenario-schema.js'

const SEED = 42
const T0 = 1_770_000_000_000

const SCOPE: RuleScope = { endpoint: 'projects', key: 'sbx_user_alpha', projectId: 101 }

function scope(changes: Partial<RuleScope> = {}): RuleScope {
  return { ...SCOPE, ...changes }
}

function make(name: string, ...rules: Record<string, unknown>[]): Scenario {
  return parseScenario({ name, description: `The ${name} test scenario`, rules }, 'test')
}

function compile(...rules: Record<string, unknown>[]): ActiveScenarios {
  return ActiveScenarios.compile([make('test', ...rules)], SEED)
}

/** The decision for one request of `where`, as the pipeline asks it once. */
function decide(active: ActiveScenarios, where: RuleScope = SCOPE, requestNumber = 1): ScenarioDecision {
  return active.decide(where, { requestNumber, observe: false, faults: true })
}

/** What one data-stage call does: `null` when it passes, else the error its refusal ends the request with. */
function enter(
  active: ActiveScenarios,
  at = T0,
  where: RuleScope = SCOPE,
  failure: ErrorTemplate = ERRORS.projectsFailed,
  headers: Record<string, string> = {},
): SandboxError | null {
  try {
    Object.assign(headers, enterData(decide(active, where), failure, at))
    return null
  } catch (refusal) {
    return refusal as SandboxError
  }
}

/** The milliseconds the latency rules add to the `requestNumber`th request of `where`. */
const latencyOf = (active: ActiveScenarios, where: RuleScope, requestNumber: number) => decide(active, where, requestNumber).addedLatencyMs

/** The key stage's refusal of a request of `where`, if any. */
const checkKey = (active: ActiveScenarios, where: RuleScope) =>
  decide(active, where).refusesKey ? new SandboxError(ERRORS.unauthorized) : undefined

/** Whether the project `where` names is hidden from it (with none named: whether every one is). */
const hidesProject = (active: ActiveScenarios, where: RuleScope) => {
  const { hidden } = decide(active, where)
  return hidden === 'all' || (where.projectId !== undefined && isHidden(hidden, where.projectId))
}

/** Whether the analytics of a request of `where` are removed. */
const removesData = (active: ActiveScenarios, where: RuleScope) => decide(active, where).removesData

/** Which of `count` consecutive data-stage calls fail (true) or pass (false). */
function outcomes(active: ActiveScenarios, count: number): boolean[] {
  return Array.from({ length: count }, () => enter(active) !== null)
}

describe('ActiveScenarios.compile', () => {
  it('keeps the names of the scenarios in activation order', () => {
    const active = ActiveScenarios.compile([make('one', { data: 'none' }), make('two', { latency: 1 })], SEED)
    expect(active.names).toEqual(['one', 'two'])
  })

  it('returns NONE for an empty list', () => {
    expect(ActiveScenarios.compile([], SEED)).toBe(ActiveScenarios.NONE)
  })
})

describe('ActiveScenarios.NONE', () => {
  it('has no names and does nothing at any stage', () => {
    const none = ActiveScenarios.NONE
    expect(none.names).toEqual([])
    expect(latencyOf(none, SCOPE, 1)).toBe(0)
    expect(checkKey(none, SCOPE)).toBeUndefined()
    expect(hidesProject(none, SCOPE)).toBe(false)
    const headers: Record<string, string> = {}
    for (let call = 0; call < 5; call++) expect(enter(none, T0, SCOPE, ERRORS.projectsFailed, headers)).toBeNull()
    expect(headers).toEqual({})
    expect(removesData(none, SCOPE)).toBe(false)
  })
})

describe('The latency effect', () => {
  it('adds a fixed latency, in every latency form, to every request', () => {
    expect(latencyOf(compile({ latency: 250 }), SCOPE, 1)).toBe(250)
    expect(latencyOf(compile({ latency: '250' }), SCOPE, 2)).toBe(250)
    expect(latencyOf(compile({ latency: ' 80-80 ' }), SCOPE, 3)).toBe(80)
    expect(latencyOf(compile({ latency: { min: 7, max: 7 } }), SCOPE, 4)).toBe(7)
  })

  it('adds nothing without a latency rule', () => {
    expect(latencyOf(compile({ data: 'none' }), SCOPE, 1)).toBe(0)
  })

  it('sums the latency of every matching rule across scenarios and skips those that do not match', () => {
    const active = ActiveScenarios.compile(
      [
        make('a', { latency: 100 }, { match: { endpoint: 'overview' }, latency: 10_000 }),
        make('b', { match: { key: 'sbx_user_alpha' }, latency: 20 }, { match: { project: 999 }, latency: 30_000 }),
      ],
      SEED,
    )
    expect(latencyOf(active, SCOPE, 1)).toBe(120)
    expect(latencyOf(active, scope({ endpoint: 'overview' }), 1)).toBe(10_120)
    expect(latencyOf(active, scope({ key: null }), 1)).toBe(100)
  })

  it('draws a ranged latency within its bounds, the same for the same seed and request number', () => {
    const range = { min: 100, max: 400 }
    const draws = (seed: number) => {
      const active = ActiveScenarios.compile([make('ranged', { latency: range })], seed)
      return Array.from({ length: 200 }, (_, requestNumber) => latencyOf(active, SCOPE, requestNumber))
    }
    const first = draws(SEED)
    expect(draws(SEED)).toEqual(first)
    const again = ActiveScenarios.compile([make('ranged', { latency: range })], SEED)
    expect(latencyOf(again, SCOPE, 17)).toBe(first[17])
    expect(latencyOf(again, SCOPE, 17)).toBe(first[17])
    for (const delay of first) {
      expect(Number.isInteger(delay)).toBe(true)
      expect(delay).toBeGreaterThanOrEqual(range.min)
      expect(delay).toBeLessThanOrEqual(range.max)
    }
    expect(new Set(first).size).toBeGreaterThan(50)
    expect(draws(SEED + 1)).not.toEqual(first)
  })

  it('draws the string range form within its bounds', () => {
    const active = compile({ latency: '10-20' })
    for (let requestNumber = 0; requestNumber < 100; requestNumber++) {
      const delay = latencyOf(active, SCOPE, requestNumber)
      expect(delay).toBeGreaterThanOrEqual(10)
      expect(delay).toBeLessThanOrEqual(20)
    }
  })
})

describe('The keys effect', () => {
  const unauthorized = (active: ActiveScenarios, where: RuleScope): SandboxError | null => {
    const refusal = checkKey(active, where)
    return refusal === undefined ? null : refusal
  }

  it('refuses every key with ERRORS.unauthorized under an unscoped keys rule, expired or revoked', () => {
    for (const keys of ['expired', 'revoked']) {
      const error = unauthorized(compile({ keys }), SCOPE)
      expect(error?.template).toBe(ERRORS.unauthorized)
      expect(error?.envelope.code).toBe(401)
    }
  })

  it('refuses only the matching endpoints, keys and projects, one value or a list', () => {
    const byEndpoint = compile({ match: { endpoint: ['validate', 'overview'] }, keys: 'expired' })
    expect(unauthorized(byEndpoint, scope({ endpoint: 'validate' }))?.template).toBe(ERRORS.unauthorized)
    expect(unauthorized(byEndpoint, scope({ endpoint: 'overview' }))?.template).toBe(ERRORS.unauthorized)
    expect(unauthorized(byEndpoint, scope({ endpoint: 'projects' }))).toBeNull()

    const byKey = compile({ match: { key: 'sbx_user_beta' }, keys: 'revoked' })
    expect(unauthorized(byKey, scope({ key: 'sbx_user_beta' }))?.template).toBe(ERRORS.unauthorized)
    expect(unauthorized(byKey, SCOPE)).toBeNull()
    expect(unauthorized(byKey, scope({ key: null }))).toBeNull()

    const byKeys = compile({ match: { key: ['sbx_user_beta', 'sbx_user_alpha'] }, keys: 'revoked' })
    expect(unauthorized(byKeys, SCOPE)?.template).toBe(ERRORS.unauthorized)

    const byProject = compile({ match: { project: [102, 101] }, keys: 'expired' })
    expect(unauthorized(byProject, SCOPE)?.template).toBe(ERRORS.unauthorized)
    expect(unauthorized(byProject, scope({ projectId: 103 }))).toBeNull()
    expect(unauthorized(byProject, scope({ projectId: undefined }))).toBeNull()
  })

  it('requires every field of a match to match', () => {
    const active = compile({ match: { endpoint: 'projects', key: 'sbx_user_alpha', project: 101 }, keys: 'expired' })
    expect(unauthorized(active, SCOPE)?.template).toBe(ERRORS.unauthorized)
    expect(unauthorized(active, scope({ endpoint: 'validate' }))).toBeNull()
    expect(unauthorized(active, scope({ key: 'sbx_user_beta' }))).toBeNull()
    expect(unauthorized(active, scope({ projectId: 102 }))).toBeNull()
  })

  it('does nothing without a keys rule', () => {
    expect(unauthorized(compile({ fail: { status: 401 } }, { latency: 1 }), SCOPE)).toBeNull()
  })
})

describe('The projects and data effects', () => {
  it('hides every project under an unscoped hidden rule', () => {
    expect(hidesProject(compile({ projects: 'hidden' }), SCOPE)).toBe(true)
    expect(hidesProject(compile({ projects: 'hidden' }), scope({ projectId: undefined }))).toBe(true)
    expect(hidesProject(compile({ data: 'none' }), SCOPE)).toBe(false)
  })

  it('hides only the projects, keys and endpoints in scope', () => {
    const active = compile({ match: { project: [101, 103], key: 'sbx_user_alpha' }, projects: 'hidden' })
    expect(hidesProject(active, SCOPE)).toBe(true)
    expect(hidesProject(active, scope({ projectId: 103 }))).toBe(true)
    expect(hidesProject(active, scope({ projectId: 102 }))).toBe(false)
    expect(hidesProject(active, scope({ key: 'sbx_user_beta' }))).toBe(false)
    const onOverview = compile({ match: { endpoint: 'overview' }, projects: 'hidden' })
    expect(hidesProject(onOverview, scope({ endpoint: 'overview' }))).toBe(true)
    expect(hidesProject(onOverview, SCOPE)).toBe(false)
  })

  it('removes data everywhere under an unscoped rule and only in scope under a scoped one', () => {
    expect(removesData(compile({ data: 'none' }), SCOPE)).toBe(true)
    expect(removesData(compile({ projects: 'hidden' }), SCOPE)).toBe(false)
    const scoped = compile({ match: { endpoint: 'monitoring', project: 102 }, data: 'none' })
    expect(removesData(scoped, scope({ endpoint: 'monitoring', projectId: 102 }))).toBe(true)
    expect(removesData(scoped, scope({ endpoint: 'overview', projectId: 102 }))).toBe(false)
    expect(removesData(scoped, scope({ endpoint: 'monitoring', projectId: 101 }))).toBe(false)
    expect(removesData(scoped, scope({ endpoint: 'monitoring', projectId: undefined }))).toBe(false)
    const byKey = compile({ match: { key: ['k1', 'k2'] }, data: 'none' })
    expect(removesData(byKey, scope({ key: 'k2' }))).toBe(true)
    expect(removesData(byKey, SCOPE)).toBe(false)
  })
})

describe('The data stage: rate limits', () => {
  it('lets N requests of a key through in a window, sets the X-RateLimit headers, and refuses the next with 429 and Retry-After', () => {
    const active = compile({ rateLimit: { limit: 3, windowSeconds: 60 } })
    for (let call = 1; call <= 3; call++) {
      const headers: Record<string, string> = {}
      expect(enter(active, T0 + call * 1000, SCOPE, ERRORS.projectsFailed, headers)).toBeNull()
      expect(headers).toEqual({
        'x-ratelimit-limit': '3',
        'x-ratelimit-remaining': String(3 - call),
        'x-ratelimit-reset': String(60 - call + 1),
      })
    }
    const headers: Record<string, string> = {}
    const error = enter(active, T0 + 10_500, SCOPE, ERRORS.projectsFailed, headers)
    expect(error?.template).toBe(ERRORS.rateLimited)
    expect(error?.envelope.code).toBe(429)
    expect(error?.envelope.errors).toEqual({
      error: ERRORS.rateLimited.error,
      detail: 'At most 3 requests per 60 seconds; retry after 51 seconds',
    })
    expect(error?.headers).toEqual({
      'x-ratelimit-limit': '3',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': '51',
      'retry-after': '51',
    })
  })

  it('starts a new window windowSeconds after the first request of the last one', () => {
    const active = compile({ rateLimit: { limit: 1, windowSeconds: 10 } })
    expect(enter(active, T0)).toBeNull()
    expect(enter(active, T0 + 9_999)?.template).toBe(ERRORS.rateLimited)
    const headers: Record<string, string> = {}
    expect(enter(active, T0 + 10_000, SCOPE, ERRORS.projectsFailed, headers)).toBeNull()
    expect(headers['x-ratelimit-remaining']).toBe('0')
    expect(headers['x-ratelimit-reset']).toBe('10')
    expect(enter(active, T0 + 10_001)?.template).toBe(ERRORS.rateLimited)
  })

  it('never reports a reset below 1 second', () => {
    const active = compile({ rateLimit: { limit: 0, windowSeconds: 1 } })
    expect(enter(active, T0)?.headers['retry-after']).toBe('1')
    expect(enter(active, T0 + 999)?.headers['retry-after']).toBe('1')
  })

  it('keeps a separate window for each key, and one for requests without a key', () => {
    const active = compile({ rateLimit: { limit: 1, windowSeconds: 60 } })
    expect(enter(active, T0, scope({ key: 'a' }))).toBeNull()
    expect(enter(active, T0, scope({ key: 'b' }))).toBeNull()
    expect(enter(active, T0, scope({ key: null }))).toBeNull()
    expect(enter(active, T0 + 1, scope({ key: 'a' }))?.template).toBe(ERRORS.rateLimited)
    expect(enter(active, T0 + 1, scope({ key: 'b' }))?.template).toBe(ERRORS.rateLimited)
    expect(enter(active, T0 + 1, scope({ key: null }))?.template).toBe(ERRORS.rateLimited)
    expect(enter(active, T0 + 1, scope({ key: 'c' }))).toBeNull()
  })

  it('refuses every request under a spent window, naming its real limit (the rate-limited built-in)', () => {
    const active = compile({ rateLimit: { limit: 60, windowSeconds: 60, spent: true } })
    for (let request = 0; request < 3; request++) {
      const error = enter(active, T0 + request)
      expect(error?.template).toBe(ERRORS.rateLimited)
      expect([error?.headers['x-ratelimit-limit'], error?.headers['x-ratelimit-remaining']]).toEqual(['60', '0'])
    }
  })

  it('refuses every request under a limit of 0', () => {
    const active = compile({ rateLimit: { limit: 0, windowSeconds: 60 } })
    const error = enter(active)
    expect(error?.template).toBe(ERRORS.rateLimited)
    expect(error?.headers['retry-after']).toBe('60')
    expect(error?.headers['x-ratelimit-limit']).toBe('0')
  })

  it('counts only matching requests', () => {
    const active = compile({ match: { endpoint: 'overview' }, rateLimit: { limit: 0, windowSeconds: 60 } })
    const headers: Record<string, string> = {}
    expect(enter(active, T0, SCOPE, ERRORS.projectsFailed, headers)).toBeNull()
    expect(headers).toEqual({})
    expect(enter(active, T0, scope({ endpoint: 'overview' }), ERRORS.overviewFailed)?.template).toBe(ERRORS.rateLimited)
  })

  it('applies rate limits before failures, even when the failing scenario comes first', () => {
    const active = ActiveScenarios.compile(
      [make('fails', { fail: { status: 500 } }), make('limits', { rateLimit: { limit: 0, windowSeconds: 60 } })],
      SEED,
    )
    expect(enter(active)?.template).toBe(ERRORS.rateLimited)
  })

  it('does not count a request refused by a rate limit against the failure rules', () => {
    const active = ActiveScenarios.compile(
      [make('fails', { fail: { status: 503, nth: 1 } }), make('limits', { rateLimit: { limit: 1, windowSeconds: 60 } })],
      SEED,
    )
    expect(enter(active, T0)?.template).toBe(ERRORS.serviceUnavailable)
    expect(enter(active, T0 + 1)?.template).toBe(ERRORS.rateLimited)
    expect(enter(active, T0 + 60_000)).toBeNull()
  })
})

describe('The data stage: forced failures', () => {
  it('answers a forced 500 with the endpoint failure template it is given, errors empty', () => {
    const active = compile({ fail: { status: 500 } })
    for (const template of [ERRORS.validateFailed, ERRORS.projectsFailed, ERRORS.monitoringFailed, ERRORS.overviewFailed]) {
      const error = enter(active, T0, SCOPE, template)
      expect(error?.template).toBe(template)
      expect(error?.envelope.errors).toEqual({})
      expect(error?.headers).toEqual({})
    }
  })

  it('fails every matching request when neither rate nor nth is given', () => {
    expect(outcomes(compile({ fail: {} }), 20).every(Boolean)).toBe(true)
  })

  it('answers a forced 400 with ERRORS.badRequest by default and with the template of a given error code', () => {
    expect(enter(compile({ fail: { status: 400 } }))?.template).toBe(ERRORS.badRequest)
    expect(enter(compile({ fail: { status: 400, error: 'invalid_date' } }))?.template).toBe(ERRORS.invalidDate)
    expect(enter(compile({ fail: { status: 400, error: 'missing_project_id' } }))?.template).toBe(ERRORS.missingProjectId)
    expect(enter(compile({ fail: { status: 400, error: 'bad_request' } }))?.template).toBe(ERRORS.badRequest)
  })

  it.each([
    [401, ERRORS.unauthorized],
    [403, ERRORS.forbidden],
    [404, ERRORS.notFound],
  ] as const)('answers a forced %i with its ERRORS template and no Retry-After', (status, template) => {
    const error = enter(compile({ fail: { status } }))
    expect(error?.template).toBe(template)
    expect(error?.envelope.code).toBe(status)
    expect(error?.headers).toEqual({})
  })

  it.each([
    [429, ERRORS.rateLimited],
    [503, ERRORS.serviceUnavailable],
  ] as const)('answers a forced %i with its ERRORS template and Retry-After 30 by default or retryAfter', (status, template) => {
    const byDefault = enter(compile({ fail: { status } }))
    expect(byDefault?.template).toBe(template)
    expect(byDefault?.headers).toEqual({ 'retry-after': '30' })
    expect(enter(compile({ fail: { status, retryAfter: 5 } }))?.headers).toEqual({ 'retry-after': '5' })
    expect(enter(compile({ fail: { status, retryAfter: 0 } }))?.headers).toEqual({ 'retry-after': '0' })
  })

  it('fails only the nth matching call', () => {
    expect(outcomes(compile({ fail: { nth: 1 } }), 4)).toEqual([true, false, false, false])
    expect(outcomes(compile({ fail: { nth: 3 } }), 4)).toEqual([false, false, true, false])
  })

  it('fails each call whose number is in an nth list', () => {
    expect(outcomes(compile({ fail: { status: 503, nth: [2, 3, 5] } }), 6)).toEqual([false, true, true, false, true, false])
  })

  it('counts only matching calls towards nth', () => {
    const active = compile({ match: { endpoint: 'overview' }, fail: { nth: 2 } })
    const overview = scope({ endpoint: 'overview' })
    expect(enter(active, T0, overview, ERRORS.overviewFailed)).toBeNull()
    expect(enter(active, T0, SCOPE)).toBeNull()
    expect(enter(active, T0, SCOPE)).toBeNull()
    expect(enter(active, T0, overview, ERRORS.overviewFailed)?.template).toBe(ERRORS.overviewFailed)
  })

  it('fails a seeded share: the same seed gives the same sequence and another seed a different one', () => {
    const sequence = (seed: number) => outcomes(ActiveScenarios.compile([make('flaky', { fail: { rate: 0.3 } })], seed), 200)
    const first = sequence(SEED)
    expect(sequence(SEED)).toEqual(first)
    expect(sequence(SEED + 1)).not.toEqual(first)
    expect(first).toContain(true)
    expect(first).toContain(false)
  })

  it('fails close to the given share of 2000 calls', () => {
    for (const rate of [0.1, 0.3, 0.75]) {
      const failed = outcomes(compile({ fail: { rate } }), 2000).filter(Boolean).length
      expect(failed / 2000).toBeGreaterThan(rate - 0.04)
      expect(failed / 2000).toBeLessThan(rate + 0.04)
    }
  })

  it('fails every call at rate 1', () => {
    expect(outcomes(compile({ fail: { rate: 1 } }), 100).every(Boolean)).toBe(true)
  })

  it('lets the first failing rule win and does not count the call for later rules', () => {
    const active = ActiveScenarios.compile(
      [make('first', { fail: { status: 503, nth: 1 } }), make('second', { fail: { status: 404, nth: 1 } })],
      SEED,
    )
    expect(enter(active)?.template).toBe(ERRORS.serviceUnavailable)
    expect(enter(active)?.template).toBe(ERRORS.notFound)
    expect(enter(active)).toBeNull()
  })

  it('counts the call for an earlier rule that lets it pass', () => {
    const active = compile({ fail: { status: 503, nth: 2 } }, { fail: { status: 404, nth: 1 } })
    expect(enter(active)?.template).toBe(ERRORS.notFound)
    expect(enter(active)?.template).toBe(ERRORS.serviceUnavailable)
    expect(enter(active)).toBeNull()
  })

  it('leaves a request alone when no failure rule matches it', () => {
    const active = compile({ match: { key: 'someone-else' }, fail: { status: 500 } }, { data: 'none' }, { latency: 5 })
    expect(outcomes(active, 5)).toEqual([false, false, false, false, false])
  })
})

describe('ActiveScenarios.combine', () => {
  it('returns the other set when one is NONE', () => {
    const active = compile({ data: 'none' })
    expect(ActiveScenarios.combine(active, ActiveScenarios.NONE)).toBe(active)
    expect(ActiveScenarios.combine(ActiveScenarios.NONE, active)).toBe(active)
  })

  it('keeps the first set’s names and rules before the second’s', () => {
    const first = ActiveScenarios.compile([make('one', { fail: { status: 503 } })], SEED)
    const second = ActiveScenarios.compile([make('two', { fail: { status: 404 } }), make('three', { latency: 5 })], SEED)
    const combined = ActiveScenarios.combine(first, second)
    expect(combined.names).toEqual(['one', 'two', 'three'])
    expect(enter(combined)?.template).toBe(ERRORS.serviceUnavailable)
    expect(latencyOf(combined, SCOPE, 1)).toBe(5)
    expect(ActiveScenarios.combine(second, first).names).toEqual(['two', 'three', 'one'])
  })

  it('applies every effect of both sets', () => {
    const combined = ActiveScenarios.combine(
      compile({ projects: 'hidden' }),
      ActiveScenarios.compile([make('other', { data: 'none' }, { keys: 'expired' })], SEED),
    )
    expect(hidesProject(combined, SCOPE)).toBe(true)
    expect(removesData(combined, SCOPE)).toBe(true)
    expect(checkKey(combined, SCOPE)?.template).toBe(ERRORS.unauthorized)
  })

  it('shares counters with the originals: calls through the combined set advance the original’s', () => {
    const original = compile({ fail: { status: 503, nth: [1, 3] } })
    const extra = ActiveScenarios.compile([make('extra', { latency: 1 })], SEED)
    const combined = ActiveScenarios.combine(original, extra)
    expect(enter(combined)?.template).toBe(ERRORS.serviceUnavailable)
    expect(enter(original)).toBeNull()
    expect(enter(combined)?.template).toBe(ERRORS.serviceUnavailable)
    expect(enter(original)).toBeNull()
  })

  it('shares rate-limit windows with the originals', () => {
    const original = compile({ rateLimit: { limit: 2, windowSeconds: 60 } })
    const combined = ActiveScenarios.combine(original, ActiveScenarios.compile([make('extra', { data: 'none' })], SEED))
    expect(enter(original, T0)).toBeNull()
    expect(enter(combined, T0 + 1)).toBeNull()
    expect(enter(original, T0 + 2)?.template).toBe(ERRORS.rateLimited)
  })
})
