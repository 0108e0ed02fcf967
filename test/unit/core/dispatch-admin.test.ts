import { answeredNow } from '../../support/answered-now.js'
import { ADMIN_OPERATION_LIST, ADMIN_OPERATIONS, matchAdminRoute } from '../../../src/contract/admin-operations.js'
import { ENDPOINT_CONTRACTS } from '../../../src/contract/endpoint-contracts.js'
import { ENDPOINT_NAMES } from '../../../src/vocabulary/endpoint-rules.js'
import { resolveRoute } from '../../../src/core/guards/resolve-route.js'
import { NO_SERVER } from '../../../src/core/server-settings.js'
import { queryValueDetail, unknownParameterDetail } from '../../../src/core/admin/read-admin-query.js'
import { repeatedParameterDetail } from '../../../src/vocabulary/repeated-parameter.js'
import { describe, expect, it } from 'vitest'
import { createSandboxCore, JOURNAL_CAPACITY, resolveSandboxConfig } from '../../../src/sandbox/open-sandbox.js'
import type { SandboxOptions } from '../../../src/sandbox/sandbox-options.js'
import { ADMIN_HANDLERS, JOURNAL_PAGE } from '../../../src/core/admin/admin-handlers.js'
import { adminNotFoundDetail, dispatchAdmin } from '../../../src/core/admin/dispatch-admin.js'
import { ADMIN_BASE_PATH } from '../../../src/core/admin/admin-paths.js'
import type { CoreRequest, TimedAnswer } from '../../../src/core/core-request.js'
import { ADMIN_RESPONSE_HEADERS, RESPONSE_HEADERS } from '../../../src/core/answer.js'
import { dispatch } from '../../../src/core/dispatch.js'
import { fail } from '../../../src/contract/envelope.js'
import { ERRORS } from '../../../src/vocabulary/errors.js'
import type { SandboxCore } from '../../../src/core/sandbox-core.js'
import { DOCUMENTED_KEYS } from '../../../src/vocabulary/documented-keys.js'
import { builtinScenarios } from '../../../src/scenarios/builtin-scenarios.js'
import { expectConforming } from '../../support/expect-conforming.js'
import { THIS_PROCESS } from '../../../src/sandbox/this-process.js'

const BUILTIN_NAMES = builtinScenarios.map((scenario) => scenario.name)

interface Body {
  success: boolean
  message: string
  code: number
  data: Record<string, unknown>
  errors: { error?: string; detail?: string }
  meta_data: Record<string, never>
}

function sandbox(options: SandboxOptions = {}): Promise<SandboxCore> {
  return createSandboxCore(resolveSandboxConfig({ now: '2026-03-01', ...options }), THIS_PROCESS)
}

function admin(
  core: SandboxCore,
  method: string,
  name: string,
  options: { body?: string; query?: string } = {},
): { response: TimedAnswer; body: Body } {
  const request: CoreRequest = {
    method,
    path: `${ADMIN_BASE_PATH}${name}`,
    query: options.query ?? '',
    header: () => null,
    body: options.body,
  }
  const response = answeredNow(dispatchAdmin(core, request, NO_SERVER))
  const text = new TextDecoder().decode(response.body)
  expectConforming({ method, path: request.path, status: response.status, text })
  return { response, body: JSON.parse(text) as Body }
}

function put(core: SandboxCore, body: unknown): { response: TimedAnswer; body: Body } {
  return admin(core, 'PUT', 'scenario', { body: typeof body === 'string' ? body : JSON.stringify(body) })
}

/** Sends an API request through the full dispatcher, so it is counted and journaled. */
function apiRequest(core: SandboxCore, path = '/api/v1/projects', query = ''): TimedAnswer {
  const headers = new Map([['x-api-key', DOCUMENTED_KEYS.user]])
  const response = answeredNow(dispatch(core, { method: 'GET', path, query, header: (name) => headers.get(name) ?? null }))
  expectConforming({ method: 'GET', path, status: response.status, text: new TextDecoder().decode(response.body) })
  return response
}

/** The parts of the sandbox's state the admin API can change. */
function snapshot(core: SandboxCore) {
  return {
    active: core.scenarios.active,
    names: [...core.scenarios.active.names],
    catalogue: core.scenarios.catalogue.list().map((entry) => ({ ...entry })),
    journal: core.journal.list(),
    requestCount: core.requestCount,
  }
}

describe('dispatchAdmin', () => {
  it('answers GET health with today, the seed, the active scenarios and the request count', async () => {
    const core = await sandbox()
    const { response, body } = admin(core, 'GET', 'health')
    expect(response.status).toBe(200)
    expect(response.delayMs).toBe(0)
    expect(response.headers).toEqual({ ...ADMIN_RESPONSE_HEADERS, 'content-length': String(response.body.byteLength) })
    expect(body).toEqual({
      success: true,
      message: 'Sandbox is healthy',
      code: 200,
      data: { status: 'ok', today: '2026-03-01', seed: 1, active_scenarios: [], requests: 0, mutation: null },
      errors: {},
      meta_data: {},
    })
    apiRequest(core)
    expect(admin(core, 'GET', 'health').body.data.requests).toBe(1)
  })

  it('accepts a trailing slash after the admin endpoint name', async () => {
    const core = await sandbox({ seed: 9, scenarios: ['slow'] })
    const { body } = admin(core, 'GET', 'health/')
    expect(body.code).toBe(200)
    expect(body.data).toMatchObject({ seed: 9, active_scenarios: ['slow'] })
  })

  it('answers GET scenarios with every scenario’s name, description, source and whether it is active', async () => {
    const core = await sandbox({ scenarios: ['no-data'] })
    const { response, body } = admin(core, 'GET', 'scenarios')
    expect(response.status).toBe(200)
    expect(body.message).toBe('Scenarios retrieved successfully')
    expect(body.data.active).toEqual(['no-data'])
    expect(body.data.scenarios).toEqual(
      builtinScenarios.map((scenario) => ({
        name: scenario.name,
        description: scenario.description,
        source: 'built-in',
        active: scenario.name === 'no-data',
      })),
    )
  })

  it('answers GET scenario with the active set', async () => {
    const core = await sandbox({ scenarios: ['slow', 'flaky'] })
    const { body } = admin(core, 'GET', 'scenario')
    expect(body).toMatchObject({ success: true, code: 200, message: 'Active scenarios', data: { active: ['slow', 'flaky'] } })
  })

  it('replaces the active set on PUT scenario with names, and turns every scenario off with an empty list', async () => {
    const core = await sandbox({ scenarios: ['slow'] })
    const { response, body } = put(core, { scenarios: ['server-error', 'no-data'] })
    expect(response.status).toBe(200)
    expect(body).toMatchObject({ success: true, message: 'Scenarios activated', data: { active: ['server-error', 'no-data'] } })
    expect(core.scenarios.active.names).toEqual(['server-error', 'no-data'])
    expect(admin(core, 'GET', 'scenario').body.data.active).toEqual(['server-error', 'no-data'])
    expect(apiRequest(core).status).toBe(500)
    expect(put(core, { scenarios: [] }).body.data.active).toEqual([])
    expect(apiRequest(core).status).toBe(200)
  })

  it('reads a PUT scenario body that begins with a UTF-8 byte order mark as the JSON after it', async () => {
    const core = await sandbox()
    const { response, body } = admin(core, 'PUT', 'scenario', { body: '\uFEFF{"scenarios":["slow"]}' })
    expect(response.status).toBe(200)
    expect(body.data).toEqual({ active: ['slow'] })
  })

  it('adds an inline definition given to PUT scenario to the catalogue, with the admin API as its source', async () => {
    const core = await sandbox()
    const mine = { name: 'mine', description: 'Mine', rules: [{ match: { endpoint: 'projects' }, fail: { status: 503 } }] }
    expect(put(core, { scenarios: [mine, 'no-data'] }).body.data.active).toEqual(['mine', 'no-data'])
    const listed = admin(core, 'GET', 'scenarios').body.data.scenarios as { name: string; source: string; active: boolean }[]
    expect(listed.find((entry) => entry.name === 'mine')).toEqual({
      name: 'mine',
      description: 'Mine',
      source: 'admin API, scenarios[0]',
      active: true,
    })
    expect(apiRequest(core).status).toBe(503)
  })

  it.each([
    ['no body', undefined],
    ['an empty body', ''],
    ['a body that is not JSON', '{"scenarios": ['],
    ['a JSON array', '["slow"]'],
    ['JSON null', 'null'],
    ['a JSON string', '"slow"'],
    ['an object without scenarios', '{}'],
    ['scenarios given as a string', '{"scenarios": "slow"}'],
    ['scenarios given as an object', '{"scenarios": {"name": "slow"}}'],
  ])('refuses %s with 400 invalid_body and changes nothing', async (_, body) => {
    const core = await sandbox({ scenarios: ['slow'] })
    const before = snapshot(core)
    const answer = admin(core, 'PUT', 'scenario', body === undefined ? {} : { body })
    expect(answer.response.status).toBe(400)
    expect(answer.body.errors.error).toBe(ERRORS.invalidBody.error)
    expect(answer.body.message).toBe(ERRORS.invalidBody.message)
    expect(answer.body.errors.detail).toContain('["server-error"]')
    expect(snapshot(core)).toEqual(before)
    expect(core.scenarios.active).toBe(before.active)
  })

  it('refuses an unknown name with 400 unknown_scenario listing the available names, and changes nothing', async () => {
    const core = await sandbox({ scenarios: ['slow'] })
    const before = snapshot(core)
    const mine = { name: 'mine', description: 'Mine', rules: [{ data: 'none' }] }
    const { response, body } = put(core, { scenarios: [mine, 'server-error', 'flakey'] })
    expect(response.status).toBe(400)
    expect(body).toEqual(fail(ERRORS.unknownScenario, `Unknown scenario "flakey". Available scenarios: ${BUILTIN_NAMES.join(', ')}`))
    expect(snapshot(core)).toEqual(before)
    expect(core.scenarios.catalogue.get('mine')).toBeUndefined()
  })

  it('refuses an invalid definition with 400 invalid_body naming it and its index, and changes nothing', async () => {
    const core = await sandbox()
    const before = snapshot(core)
    const { response, body } = put(core, { scenarios: ['slow', { name: 'slow', description: 'Replaced', rules: [{ latency: 'fast' }] }] })
    expect(response.status).toBe(400)
    expect(body.errors.error).toBe(ERRORS.invalidBody.error)
    expect(body.errors.detail).toBe(
      'Failed to load scenario "slow" (admin API, scenarios[1]): rules[0].latency: must be milliseconds such as "250" or a range such as "100-400" (min <= max <= 600000)',
    )
    expect(snapshot(core)).toEqual(before)
    expect(core.scenarios.catalogue.get('slow')?.source).toBe('built-in')
  })

  it('restores the initial scenarios on POST reset and clears the journal and the request count', async () => {
    const core = await sandbox({ scenarios: ['fail-once'] })
    expect(apiRequest(core).status).toBe(500)
    expect(apiRequest(core).status).toBe(200)
    put(core, { scenarios: ['server-error'] })
    apiRequest(core)
    expect(core.requestCount).toBe(3)
    expect(core.journal.recorded).toBe(3)
    const { response, body } = admin(core, 'POST', 'reset')
    expect(response.status).toBe(200)
    expect(body).toMatchObject({ success: true, message: 'Sandbox reset', data: { active: ['fail-once'] } })
    expect(core.scenarios.active.names).toEqual(['fail-once'])
    expect(core.requestCount).toBe(0)
    expect(core.journal.recorded).toBe(0)
    expect(core.journal.list()).toEqual([])
    expect(admin(core, 'GET', 'health').body.data).toMatchObject({ active_scenarios: ['fail-once'], requests: 0 })
    expect(apiRequest(core).status).toBe(500)
  })

  it('answers GET requests with the journal, oldest first, the count recorded and the capacity', async () => {
    const core = await sandbox()
    apiRequest(core, '/api/v1/projects')
    apiRequest(core, '/api/v1/validate')
    apiRequest(core, '/api/v1/nope', 'a=1')
    const { response, body } = admin(core, 'GET', 'requests')
    expect(response.status).toBe(200)
    expect(body.message).toBe('Requests retrieved successfully')
    expect(body.data.recorded).toBe(3)
    expect(body.data.capacity).toBe(JOURNAL_CAPACITY)
    const requests = body.data.requests as { id: number; path: string; status: number; key: string; query: string }[]
    expect(requests.map((entry) => [entry.id, entry.path, entry.status, entry.query])).toEqual([
      [1, '/api/v1/projects', 200, ''],
      [2, '/api/v1/validate', 200, ''],
      [3, '/api/v1/nope', 404, 'a=1'],
    ])
    for (const entry of requests) expect(entry.key).toBe('sbx_us…ha')
    expect(new TextDecoder().decode(response.body)).not.toContain(DOCUMENTED_KEYS.user)
  })

  it('answers GET requests?limit=n with the last n entries', async () => {
    const core = await sandbox()
    for (let n = 0; n < 4; n++) apiRequest(core)
    const ids = (query: string) =>
      (admin(core, 'GET', 'requests', { query }).body.data.requests as { id: number }[]).map((entry) => entry.id)
    expect(ids('limit=2')).toEqual([3, 4])
    expect(ids('limit=100')).toEqual([1, 2, 3, 4])
    expect(admin(core, 'GET', 'requests', { query: 'limit=1' }).body.data.recorded).toBe(4)
  })

  it('lists at most JOURNAL_PAGE entries without a limit, and never more than the journal keeps', async () => {
    const core = await sandbox()
    for (let n = 0; n < JOURNAL_PAGE + 5; n++) apiRequest(core)
    const page = admin(core, 'GET', 'requests').body.data.requests as { id: number }[]
    expect(page.map((entry) => entry.id)).toEqual(Array.from({ length: JOURNAL_PAGE }, (_, index) => index + 6))
    expect((admin(core, 'GET', 'requests', { query: 'limit=1000' }).body.data.requests as unknown[]).length).toBe(JOURNAL_PAGE + 5)
  })

  it('pages the journal with since: the first limit entries after that id, oldest first, and whether more follow', async () => {
    const core = await sandbox()
    for (let n = 0; n < 7; n++) apiRequest(core)
    const page = (query: string) => {
      const data = admin(core, 'GET', 'requests', { query }).body.data as { requests: { id: number }[]; more: boolean }
      return { ids: data.requests.map((entry) => entry.id), more: data.more }
    }
    expect(page('since=0&limit=3')).toEqual({ ids: [1, 2, 3], more: true })
    expect(page('since=3&limit=3')).toEqual({ ids: [4, 5, 6], more: true })
    expect(page('since=6&limit=3')).toEqual({ ids: [7], more: false })
    expect(page('since=7')).toEqual({ ids: [], more: false })
    expect(page('since=70')).toEqual({ ids: [], more: false })
  })

  it.each(['since=abc', 'since=-1', 'since=1e3'])('refuses GET requests?%s with 400 bad_request naming since', async (query) => {
    const core = await sandbox()
    expect(admin(core, 'GET', 'requests', { query }).body).toEqual(fail(ERRORS.badRequest, queryValueDetail('get_requests', 'since')))
  })

  it.each(['limit=abc', 'limit=-1', 'limit=1.5', 'limit=0', 'limit=1001'])(
    'refuses GET requests?%s with 400 bad_request',
    async (query) => {
      const core = await sandbox()
      const { response, body } = admin(core, 'GET', 'requests', { query })
      expect(response.status).toBe(400)
      expect(body).toEqual(fail(ERRORS.badRequest, queryValueDetail('get_requests', 'limit', { limit: core.journal.capacity })))
    },
  )

  it.each(['user_id=abc', 'user_id=0', 'user_id=-1', 'user_id=1.5', 'user_id=', 'user_id=9007199254740993'])(
    'refuses GET keys?%s with 400 bad_request, since no account can have that id',
    async (query) => {
      const core = await sandbox()
      const { response, body } = admin(core, 'GET', 'keys', { query })
      expect(response.status).toBe(400)
      expect(body).toEqual(fail(ERRORS.badRequest, queryValueDetail('get_keys', 'user_id')))
    },
  )

  it('lists the keys of one account on GET keys?user_id=, the largest safe id included', async () => {
    const core = await sandbox()
    const keys = (query: string) =>
      (admin(core, 'GET', 'keys', { query }).body.data.keys as { user_id: number }[]).map((key) => key.user_id)
    expect(new Set(keys('user_id=1'))).toEqual(new Set([1]))
    expect(keys('user_id=9007199254740991')).toEqual([])
  })

  it.each([
    ['status=abc', 'status'],
    ['status=99', 'status'],
    ['status=600', 'status'],
    ['key=', 'key'],
    [`path=${'x'.repeat(2049)}`, 'path'],
  ] as const)('refuses GET requests?%s with 400 bad_request naming the filter, and changes nothing', async (query, name) => {
    const core = await sandbox()
    apiRequest(core)
    expect(admin(core, 'GET', 'requests', { query }).body).toEqual(
      fail(ERRORS.badRequest, queryValueDetail('get_requests', name, { limit: core.journal.capacity })),
    )
    expect(core.journal.recorded).toBe(1)
  })

  it.each(['endpoint=overview', 'Key=sbx_user_alpha', 'limit=5&lmit=5'])(
    'refuses GET requests?%s, a filter the journal does not take, with 400 bad_request naming it instead of listing everything',
    async (query) => {
      const core = await sandbox()
      apiRequest(core)
      const { body } = admin(core, 'GET', 'requests', { query })
      const taken = Object.keys(ADMIN_OPERATIONS.get_requests.query)
      const name = [...new URLSearchParams(query).keys()].find((candidate) => !taken.includes(candidate))!
      expect(body).toEqual(fail(ERRORS.badRequest, unknownParameterDetail('get_requests', name)))
    },
  )

  it.each([
    ['requests', 'limit=5&limit=10', 'limit'],
    ['requests', 'source=clients&key=sbx_user_alpha&source=dashboard', 'source'],
    ['keys', 'offset=0&offset=5', 'offset'],
    ['coverage', 'scope=reset&scope=suite', 'scope'],
  ])(
    'refuses GET %s?%s, a parameter given twice, with 400 bad_request naming it rather than reading the first',
    async (route, query, name) => {
      const core = await sandbox()
      apiRequest(core)
      expect(admin(core, 'GET', route, { query }).body).toEqual(fail(ERRORS.badRequest, repeatedParameterDetail(name)))
      expect(core.journal.recorded).toBe(1)
    },
  )

  it('empties the journal on DELETE requests', async () => {
    const core = await sandbox()
    apiRequest(core)
    apiRequest(core)
    const { response, body } = admin(core, 'DELETE', 'requests')
    expect(response.status).toBe(200)
    expect(body).toEqual({ success: true, message: 'Request journal cleared', code: 200, data: {}, errors: {}, meta_data: {} })
    expect(core.journal.list()).toEqual([])
    expect(admin(core, 'GET', 'requests').body.data).toMatchObject({ requests: [], recorded: 0 })
  })

  it('records nothing in the journal and does not count admin requests', async () => {
    const core = await sandbox()
    admin(core, 'GET', 'health')
    admin(core, 'GET', 'scenarios')
    put(core, { scenarios: ['slow'] })
    admin(core, 'GET', 'nope')
    expect(core.journal.recorded).toBe(0)
    expect(core.requestCount).toBe(0)
  })

  it.each(['nope', '', 'health/extra', 'HEALTH'])(
    'answers an unknown admin path %j with the 404 envelope listing the admin endpoints',
    async (name) => {
      const core = await sandbox()
      const { response, body } = admin(core, 'GET', name)
      expect(response.status).toBe(404)
      expect(body).toEqual(fail(ERRORS.notFound, adminNotFoundDetail(name)))
    },
  )

  it('answers a method a route does not take with the 405 envelope and an Allow header', async () => {
    const core = await sandbox()
    const cases: [string, string, string][] = [
      ['POST', 'health', 'GET'],
      ['PUT', 'scenarios', 'GET'],
      ['DELETE', 'scenario', 'GET, PUT'],
      ['GET', 'reset', 'POST'],
      ['PUT', 'requests', 'GET, DELETE'],
      ['HEAD', 'health', 'GET'],
    ]
    for (const [method, name, allow] of cases) {
      const { response, body } = admin(core, method, name)
      expect(response.status).toBe(405)
      expect(response.headers.allow).toBe(allow)
      expect(response.headers['content-type']).toBe(RESPONSE_HEADERS['content-type'])
      expect(body).toEqual(fail(ERRORS.methodNotAllowed, `Allowed here: ${allow}`))
    }
  })

  it('routes every documented method and nothing else', () => {
    const routes: Record<string, string[]> = {}
    for (const { method, route } of ADMIN_OPERATION_LIST) routes[route] = [...(routes[route] ?? []), method].sort()
    expect(routes).toEqual({
      health: ['GET'],
      scenarios: ['GET'],
      scenario: ['GET', 'PUT'],
      mutations: ['GET'],
      reset: ['POST'],
      requests: ['DELETE', 'GET'],
      coverage: ['GET'],
      behaviour: ['GET'],
      expect: ['POST'],
      'openapi.json': ['GET'],
      'admin-openapi.json': ['GET'],
      accounts: ['POST'],
      projects: ['POST'],
      'projects/{id}': ['DELETE', 'PATCH'],
      keys: ['GET', 'POST'],
      'keys/{key}': ['DELETE', 'PATCH'],
      clock: ['GET', 'PUT'],
      sessions: ['GET', 'POST'],
      'sessions/{session}': ['DELETE'],
    })
  })

  it('answers GET openapi.json with 404 until a server provides the document, then with the document itself', async () => {
    const core = await sandbox()
    const { response, body } = admin(core, 'GET', 'openapi.json')
    expect(response.status).toBe(404)
    expect(body.errors.error).toBe(ERRORS.notFound.error)
    const server = { ...NO_SERVER, document: async () => '{"openapi":"3.1.0"}' }
    const served = await dispatchAdmin(
      core,
      { method: 'GET', path: `${ADMIN_BASE_PATH}openapi.json`, query: '', header: () => null },
      server,
    )
    expect(served.status).toBe(200)
    expect(JSON.parse(new TextDecoder().decode(served.body))).toHaveProperty('openapi')
  })

  it('answers an unexpected failure with the internal 500 envelope instead of throwing', async () => {
    const core = await sandbox()
    const broken: SandboxCore = {
      ...core,
      journal: Object.assign(Object.create(core.journal) as SandboxCore['journal'], {
        list: () => {
          throw new Error('boom')
        },
      }),
    }
    const { response, body } = admin(broken, 'GET', 'requests')
    expect(response.status).toBe(500)
    expect(body).toEqual(fail(ERRORS.internal))
  })
})

describe('the admin routes and the admin contract', () => {
  it('have the same operations: every operation of the table has a handler, and every handler an operation', () => {
    expect(Object.keys(ADMIN_HANDLERS).sort()).toEqual(Object.keys(ADMIN_OPERATIONS).sort())
  })

  it('route every path of the table, a parameter included, to its operations by method', () => {
    for (const { id, method, route } of ADMIN_OPERATION_LIST) {
      const path = route.replace(/\{\w+\}$/, 'x_1')
      expect(matchAdminRoute(path).methods?.get(method)).toBe(id)
      expect(matchAdminRoute(`${path}/`).methods?.get(method)).toBe(id)
    }
  })

  it('serve each endpoint with the failure and X-Project-ID rule of its contract', async () => {
    const core = await sandbox()
    for (const name of ENDPOINT_NAMES) {
      const endpoint = resolveRoute(core.routes, 'GET', `/api/v1/${name}`)
      expect(endpoint.failure).toBe(ENDPOINT_CONTRACTS[name].failure)
      expect(endpoint.readsProjectId).toBe(ENDPOINT_CONTRACTS[name].projectHeader !== 'ignored')
    }
  })
})
