/**
 * checkResponse against real answers of the sandbox, through msw in-process and over HTTP: every
 * answer of every endpoint conforms (successes, each guard's error, 401, 404, 405, a forced 500 and a
 * 429), and a corrupted copy of one yields exactly the issues that name what was corrupted.
 */
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkResponse, unknownEndpointMessage, type ContractIssue } from '../../../src/contract/check-response.js'
import { errorTemplatesFor } from '../../../src/contract/endpoint-contracts.js'
import { endpointOfPath } from '../../../src/contract/endpoint-of-path.js'
import { type EndpointName, MESSAGES } from '../../../src/vocabulary/endpoint-rules.js'
import { ERRORS, type ErrorTemplate } from '../../../src/vocabulary/errors.js'
import { DOCUMENTED_KEYS } from '../../../src/vocabulary/documented-keys.js'
import { createSandbox } from '../../../src/msw/create-sandbox.js'
import { startSandbox, type RunningSandbox } from '../../../src/server/start-sandbox.js'
import { PROJECT_KEY, TODAY, USER, USER_101, withKey } from '../../api/contract/fixtures.js'

/** An answer as checkResponse takes it. */
interface Received {
  readonly method: string
  readonly endpoint: EndpointName | undefined
  readonly status: number
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly body: any
}

/** One way of reaching a sandbox, whose answers are read with plain fetch (not through the self-check). */
interface Reach {
  readonly name: string
  base(): string
}

const MSW_BASE = 'http://contract.test/api/v1/'

function useMsw(): Reach {
  const sandbox = createSandbox({ now: TODAY, baseUrl: MSW_BASE })
  // Anything not for the msw sandbox (the HTTP server below) goes out to the network as it is.
  const server = setupServer(...sandbox.handlers)
  beforeAll(async () => {
    server.listen({ onUnhandledRequest: 'bypass' })
    await sandbox.ready()
  })
  afterAll(() => server.close())
  return { name: 'msw (setupServer)', base: () => MSW_BASE }
}

function useHttp(): Reach {
  let running: RunningSandbox | undefined
  beforeAll(async () => {
    running = await startSandbox({ port: 0, now: TODAY })
  })
  afterAll(() => running?.close())
  return {
    name: 'HTTP (startSandbox on port 0)',
    base() {
      if (running === undefined) throw new Error('The sandbox is not running yet')
      return running.url
    },
  }
}

const REACHES = [useMsw(), useHttp()]

async function receive(reach: Reach, path: string, init: { method?: string; headers?: Record<string, string> } = {}): Promise<Received> {
  const url = `${reach.base()}${path}`
  const method = init.method ?? 'GET'
  const response = await fetch(url, { method, headers: init.headers ?? {} })
  return { method, endpoint: endpointOfPath(new URL(url).pathname), status: response.status, body: await response.json() }
}

const check = (answer: Received): ContractIssue[] =>
  checkResponse({ method: answer.method, endpoint: answer.endpoint }, answer.status, answer.body)

const ENDPOINTS: readonly EndpointName[] = ['validate', 'projects', 'monitoring', 'overview']
const ANALYTICS: readonly EndpointName[] = ['monitoring', 'overview']

/** A request and the error template its answer is built from. */
type ErrorCase = readonly [what: string, path: string, headers: Record<string, string>, template: ErrorTemplate]

const GUARD_ERRORS: readonly ErrorCase[] = [
  ['X-Project-ID that is not a number on /validate', 'validate', withKey(DOCUMENTED_KEYS.user, 'abc'), ERRORS.invalidProjectId],
  ["another account's project on /validate", 'validate', withKey(DOCUMENTED_KEYS.user, '201'), ERRORS.forbidden],
  ...ANALYTICS.flatMap((endpoint): ErrorCase[] => [
    [`a USER key without X-Project-ID on /${endpoint}`, endpoint, USER, ERRORS.missingProjectId],
    [`X-Project-ID 0101 on /${endpoint}`, endpoint, withKey(DOCUMENTED_KEYS.user, '0101'), ERRORS.invalidProjectId],
    [`a project that does not exist on /${endpoint}`, endpoint, withKey(DOCUMENTED_KEYS.user, '999'), ERRORS.forbidden],
    [`an impossible start_date on /${endpoint}`, `${endpoint}?start_date=2026-02-30`, USER_101, ERRORS.invalidDate],
    [
      `end_date before start_date on /${endpoint}`,
      `${endpoint}?start_date=2026-02-10&end_date=2026-02-01`,
      USER_101,
      ERRORS.invalidDateRange,
    ],
    [`a range of 367 days on /${endpoint}`, `${endpoint}?start_date=2025-01-01&end_date=2026-01-02`, USER_101, ERRORS.dateRangeTooLarge],
    [`an unknown provider on /${endpoint}`, `${endpoint}?provider=altavista`, USER_101, ERRORS.invalidProvider],
    [`an unknown region on /${endpoint}`, `${endpoint}?region=XX`, USER_101, ERRORS.invalidRegion],
  ]),
]

const OWN_FAILURE: Readonly<Record<EndpointName, ErrorTemplate>> = {
  validate: ERRORS.validateFailed,
  projects: ERRORS.projectsFailed,
  monitoring: ERRORS.monitoringFailed,
  overview: ERRORS.overviewFailed,
}

describe.each(REACHES)('checkResponse on real answers, through $name', (reach) => {
  it.each([
    ['validate', USER],
    ['validate', withKey(DOCUMENTED_KEYS.project, '101')],
    ['projects', USER],
    ['projects', PROJECT_KEY],
    ['projects', withKey(DOCUMENTED_KEYS.emptyUser)],
    ['monitoring', USER_101],
    ['monitoring?start_date=2025-03-01&end_date=2026-03-01&provider=ChatGPT&region=us', USER_101],
    ['monitoring?region=FR', PROJECT_KEY],
    ['overview', PROJECT_KEY],
    ['overview?start_date=2026-01-01&end_date=2026-01-31&provider=claude', USER_101],
    ['overview?region=JP', PROJECT_KEY],
  ] as const)('finds nothing wrong with the 200 of GET %s', async (path, headers) => {
    const answer = await receive(reach, path, { headers })
    expect(answer.status).toBe(200)
    expect(check(answer)).toEqual([])
  })

  it.each(GUARD_ERRORS)('finds nothing wrong with the error answered to %s', async (_what, path, headers, template) => {
    const answer = await receive(reach, path, { headers })
    expect({ status: answer.status, error: answer.body.errors.error }).toEqual({ status: template.status, error: template.error })
    expect(check(answer)).toEqual([])
  })

  it.each(ENDPOINTS)('finds nothing wrong with the 401 of /%s without a key, or with an expired one', async (endpoint) => {
    for (const headers of [{}, withKey(DOCUMENTED_KEYS.expired, '101')]) {
      const answer = await receive(reach, endpoint, { headers })
      expect(answer.body.errors.error).toBe(ERRORS.unauthorized.error)
      expect(check(answer)).toEqual([])
    }
  })

  it.each(['nowhere', 'projects/101', 'validate/x'])('finds nothing wrong with the 404 of the unknown path %s', async (path) => {
    const answer = await receive(reach, path, { headers: USER })
    expect(answer.endpoint).toBeUndefined()
    expect(answer.body.errors.error).toBe(ERRORS.notFound.error)
    expect(check(answer)).toEqual([])
  })

  it.each(ENDPOINTS)('finds nothing wrong with the 405 of POST and DELETE on /%s', async (endpoint) => {
    for (const method of ['POST', 'DELETE']) {
      const answer = await receive(reach, endpoint, { method, headers: USER })
      expect(answer.body.errors.error).toBe(ERRORS.methodNotAllowed.error)
      expect(check(answer)).toEqual([])
    }
  })

  it.each(ENDPOINTS)('finds nothing wrong with the 500 that X-Sandbox-Scenario: server-error forces on /%s', async (endpoint) => {
    const answer = await receive(reach, endpoint, { headers: { ...USER_101, 'X-Sandbox-Scenario': 'server-error' } })
    expect({ status: answer.status, message: answer.body.message }).toEqual({ status: 500, message: OWN_FAILURE[endpoint].message })
    expect(check(answer)).toEqual([])
  })

  it.each(ENDPOINTS)('finds nothing wrong with the 429 of the rate-limited scenario on /%s', async (endpoint) => {
    const answer = await receive(reach, endpoint, { headers: { ...USER_101, 'X-Sandbox-Scenario': 'rate-limited' } })
    expect({ status: answer.status, error: answer.body.errors.error }).toEqual({
      status: ERRORS.rateLimited.status,
      error: ERRORS.rateLimited.error,
    })
    expect(check(answer)).toEqual([])
  })

  it('finds nothing wrong with the 400 of an unknown X-Sandbox-Scenario', async () => {
    const answer = await receive(reach, 'projects', { headers: { ...USER, 'X-Sandbox-Scenario': 'no-such-scenario' } })
    expect(answer.body.errors.error).toBe(ERRORS.unknownScenario.error)
    expect(check(answer)).toEqual([])
  })
})

describe('checkResponse on corrupted copies of real answers', () => {
  const reach = REACHES[0]!
  const corrupt = async (
    path: string,
    headers: Record<string, string>,
    alter: (body: Received['body']) => void,
  ): Promise<ContractIssue[]> => {
    const answer = await receive(reach, path, { headers })
    expect(check(answer)).toEqual([])
    const body = structuredClone(answer.body)
    alter(body)
    return check({ ...answer, body })
  }

  it('reports a renamed field as the missing field and the unknown one', async () => {
    let renamed = ''
    const issues = await corrupt('projects', USER, (body) => {
      const [first] = body.data.projects
      renamed = first.display_name
      first.displayName = first.display_name
      delete first.display_name
    })
    expect(issues).toEqual([
      { path: 'data.projects[0].display_name', expected: 'string', received: '(missing)' },
      { path: 'data.projects[0].displayName', expected: 'absent (not in the contract)', received: JSON.stringify(renamed) },
    ])
  })

  it('reports total written as a string as a wrong type at data.total', async () => {
    const issues = await corrupt('projects', USER, (body) => {
      body.data.total = String(body.data.total)
    })
    expect(issues).toEqual([{ path: 'data.total', expected: 'number', received: '"3"' }])
  })

  it('reports a 400 whose errors.error is not one the endpoint answers with, listing the codes it may answer 400 with', async () => {
    const issues = await corrupt('monitoring', USER, (body) => {
      body.errors.error = 'project_id_required'
    })
    // GET /monitoring's own 400s and the sandbox's, then the one the server answers before routing.
    const codes = [...new Set([...errorTemplatesFor('monitoring', 400), ERRORS.badRequest].map((template) => template.error))]
    expect(codes).toContain(ERRORS.missingProjectId.error)
    expect(issues).toEqual([{ path: 'errors.error', expected: codes.join(' | '), received: '"project_id_required"' }])
  })

  it('reports a 500 whose message is not the endpoint’s own failure message', async () => {
    const issues = await corrupt('overview', { ...PROJECT_KEY, 'X-Sandbox-Scenario': 'server-error' }, (body) => {
      body.message = ERRORS.monitoringFailed.message
    })
    expect(issues).toEqual([
      {
        path: 'message',
        expected: JSON.stringify(ERRORS.overviewFailed.message),
        received: JSON.stringify(ERRORS.monitoringFailed.message),
      },
    ])
  })

  it('reports a history date that is not YYYY-MM-DD at its index', async () => {
    const issues = await corrupt('monitoring', USER_101, (body) => {
      body.data.visibility_score.history[3].date = '02/04/2026'
    })
    expect(issues).toEqual([{ path: 'data.visibility_score.history[3].date', expected: 'a date string', received: '"02/04/2026"' }])
  })

  it('reports a key of brands_by_providers that is not a provider id as a key the contract does not have', async () => {
    let brands: unknown
    const issues = await corrupt('overview', PROJECT_KEY, (body) => {
      brands = body.data.brands_by_providers.chatgpt
      body.data.brands_by_providers.openai = brands
    })
    expect(issues).toEqual([
      { path: 'data.brands_by_providers.openai', expected: 'absent (not in the contract)', received: JSON.stringify(brands) },
    ])
  })

  it('reports a field added to meta_data as not in the contract', async () => {
    const issues = await corrupt('validate', USER, (body) => {
      body.meta_data.request_id = 'abc-123'
    })
    expect(issues).toEqual([{ path: 'meta_data.request_id', expected: 'absent (not in the contract)', received: '"abc-123"' }])
  })

  it('reports a success message whose count of dates is not a number, with the pattern it must match', async () => {
    const wrong = MESSAGES.monitoring(30).replace('30', 'thirty')
    const issues = await corrupt('monitoring', USER_101, (body) => {
      body.message = wrong
    })
    const [before, after] = MESSAGES.monitoring(Number.NaN).split('NaN')
    expect(issues).toEqual([
      { path: 'message', expected: `a string matching /^${before}(0|[1-9][0-9]*)${after}$/`, received: JSON.stringify(wrong) },
    ])
  })
})

describe('checkResponse called with a request it cannot read', () => {
  const body = { success: true, message: MESSAGES.projects, code: 200, data: { projects: [], total: 0 }, errors: {}, meta_data: {} }

  it('throws a TypeError naming the endpoints for an endpoint that is none of them (a path, a capital), instead of reporting drift', () => {
    for (const endpoint of ['/projects', '/api/v1/projects', 'Projects']) {
      expect(() => checkResponse({ method: 'GET', endpoint: endpoint as EndpointName }, 200, body)).toThrow(
        new TypeError(unknownEndpointMessage(endpoint)),
      )
    }
  })

  it('reads the method as HTTP does, case-sensitive: a lower-case get is another method, whose conforming answer is the 405', () => {
    const refused = {
      success: false,
      message: ERRORS.methodNotAllowed.message,
      code: 405,
      data: {},
      errors: { error: 'method_not_allowed', detail: ERRORS.methodNotAllowed.detail },
      meta_data: {},
    }
    expect(checkResponse({ method: 'get', endpoint: 'projects' }, 405, refused)).toEqual([])
    expect(checkResponse({ method: 'get', endpoint: 'projects' }, 200, body)).not.toEqual([])
  })
})
