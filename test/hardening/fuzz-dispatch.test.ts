import { answeredNow } from '../support/answered-now.js'
/**
 * Property-based fuzzing of the core's `dispatch` over everything a client controls: path, method,
 * X-API-Key, X-Project-ID, X-Sandbox-Scenario and the query string. Seeded (see HARDENING_SEED):
 * a failure prints the seed, the path and the shrunk counterexample.
 */
import fc from 'fast-check'
import { ADMIN_OPERATION_LIST as ADMIN_CONTRACT } from '../../src/contract/admin-operations.js'
import { beforeAll, describe, expect, it } from 'vitest'
import { createSandboxCore, resolveSandboxConfig } from '../../src/sandbox/open-sandbox.js'
import type { CoreRequest, TimedAnswer } from '../../src/core/core-request.js'
import { dispatch } from '../../src/core/dispatch.js'
import { fail } from '../../src/contract/envelope.js'
import { ERRORS } from '../../src/vocabulary/errors.js'
import type { SandboxCore } from '../../src/core/sandbox-core.js'
import { DOCUMENTED_KEYS } from '../../src/vocabulary/documented-keys.js'
import { expectConforming } from '../support/expect-conforming.js'
import {
  ADMIN_PATH,
  EDGE_PROJECT_IDS,
  ENDPOINT_NAMES,
  FIXTURE_KEYS,
  TODAY,
  apiKeyHeaderArb,
  apiPathArb,
  dispatchProbe,
  expectCoreEnvelope,
  expectEnvelope,
  expectPredicted,
  keyRecord,
  knownPathArb,
  methodArb,
  predict,
  predictProjectId,
  probeArb,
  projectIdHeaderArb,
  queryArb,
  routeOf,
  runs,
  segmentArb,
  unknownKeyArb,
  unknownScenarioHeaderArb,
  isUsable,
  type Probe,
} from './hardening-support.js'
import { THIS_PROCESS } from '../../src/sandbox/this-process.js'

let sandbox: SandboxCore
let twin: SandboxCore

beforeAll(async () => {
  sandbox = await createSandboxCore(resolveSandboxConfig({ now: TODAY }), THIS_PROCESS)
  twin = await createSandboxCore(resolveSandboxConfig({ now: TODAY }), THIS_PROCESS)
})

/** Dispatches and checks the answer against the contract, turning a throw into a failure that names the request. */
function send(probe: Probe, core: SandboxCore = sandbox): TimedAnswer {
  return dispatchProbe(core, probe)
}

const UNAUTHORIZED_BODY = JSON.stringify(fail(ERRORS.unauthorized))
const text = (body: Uint8Array) => new TextDecoder().decode(body)

const usableKeys = FIXTURE_KEYS.filter((key) => {
  const record = keyRecord(key)
  return record !== undefined && isUsable(record)
})
const usableKeyArb = fc.constantFrom(...usableKeys)
const userKeyArb = fc.constantFrom(...usableKeys.filter((key) => keyRecord(key)?.level === 'USER'))
const analyticsPathArb = fc
  .tuple(fc.constantFrom('monitoring', 'overview'), fc.boolean())
  .map(([name, slash]) => `/api/v1/${name}${slash ? '/' : ''}`)

/** X-Project-ID values the contract rejects: not digits only, a leading zero, a sign, or above 2^53 − 1. */
const invalidProjectIdArb = fc
  .oneof(
    fc.constantFrom(...EDGE_PROJECT_IDS),
    fc.string(),
    fc.string({ unit: 'binary' }),
    fc.bigInt({ min: BigInt(Number.MAX_SAFE_INTEGER) + 1n, max: 10n ** 40n }).map(String),
    fc.integer({ min: -1_000_000, max: 0 }).map(String),
    fc
      .tuple(fc.integer({ min: 1, max: 999 }), fc.constantFrom('e2', '.0', ',102', ' 102', 'x', '\u0000'))
      .map(([id, suffix]) => `${id}${suffix}`),
  )
  .filter((value) => predictProjectId(value) === 'invalid')

describe('fuzzing dispatch: everything a client controls', () => {
  it('never throws, never delays, and answers every request with the envelope and a 200, 400, 401, 403, 404 or 405', () => {
    fc.assert(
      fc.property(probeArb, (probe) => {
        expectCoreEnvelope(send(probe))
      }),
      runs(3_000),
    )
  })

  it('answers every request with the status and error code that the documented check order predicts', () => {
    fc.assert(
      fc.property(probeArb, (probe) => {
        const response = send(probe)
        expectPredicted(response.status, expectCoreEnvelope(response), predict(probe))
      }),
      runs(3_000),
    )
  })

  it('answers a path that is not exactly an endpoint (with or without one trailing slash) with 404 not_found, whatever the method, key, X-Project-ID and query', () => {
    fc.assert(
      fc.property(
        fc.record({
          method: methodArb,
          path: apiPathArb.filter((path) => routeOf(path) === undefined),
          query: queryArb,
          apiKey: apiKeyHeaderArb,
          projectId: projectIdHeaderArb,
        }),
        (probe) => {
          const response = send(probe)
          expect(response.status).toBe(404)
          expect(expectCoreEnvelope(response).errors.error).toBe(ERRORS.notFound.error)
        },
      ),
      runs(1_500),
    )
  })

  it('answers any method but GET on an endpoint with 405 and Allow: GET, before the key is looked at', () => {
    fc.assert(
      fc.property(
        fc.record({
          method: methodArb.filter((method) => method !== 'GET'),
          path: knownPathArb,
          query: queryArb,
          apiKey: apiKeyHeaderArb,
          projectId: projectIdHeaderArb,
        }),
        (probe) => {
          const response = send(probe)
          expect(response.status).toBe(405)
          expect(response.headers.allow).toBe('GET')
          expect(expectCoreEnvelope(response).errors.error).toBe(ERRORS.methodNotAllowed.error)
        },
      ),
      runs(1_500),
    )
  })

  it('answers GET on an endpoint with a missing, empty, unknown, expired or revoked key with the one 401 body, whatever X-Project-ID and the query say', () => {
    const badKeyArb = fc.option(fc.oneof(unknownKeyArb, fc.constantFrom(DOCUMENTED_KEYS.expired, DOCUMENTED_KEYS.revoked)), {
      nil: undefined,
      freq: 4,
    })
    fc.assert(
      fc.property(
        fc.record({ method: fc.constant('GET'), path: knownPathArb, query: queryArb, apiKey: badKeyArb, projectId: projectIdHeaderArb }),
        (probe) => {
          const response = send(probe)
          expectCoreEnvelope(response)
          expect(response.status).toBe(401)
          expect(text(response.body)).toBe(UNAUTHORIZED_BODY)
        },
      ),
      runs(1_500),
    )
  })

  it('answers a USER key on /monitoring or /overview without X-Project-ID, or with a blank one, with 400 missing_project_id, whatever the query', () => {
    const absentArb = fc.constantFrom(undefined, '', ' ', '\t', '  \t ')
    fc.assert(
      fc.property(
        fc.record({ method: fc.constant('GET'), path: analyticsPathArb, query: queryArb, apiKey: userKeyArb, projectId: absentArb }),
        (probe) => {
          const response = send(probe)
          expect(response.status).toBe(400)
          expect(expectCoreEnvelope(response).errors.error).toBe(ERRORS.missingProjectId.error)
        },
      ),
      runs(1_000),
    )
  })

  it('answers an X-Project-ID that is not a plain positive integer up to 2^53 - 1 with 400 invalid_project_id on /validate, /monitoring and /overview, for every usable key and any query', () => {
    const pathArb = fc
      .tuple(fc.constantFrom('validate', 'monitoring', 'overview'), fc.boolean())
      .map(([name, slash]) => `/api/v1/${name}${slash ? '/' : ''}`)
    fc.assert(
      fc.property(
        fc.record({ method: fc.constant('GET'), path: pathArb, query: queryArb, apiKey: usableKeyArb, projectId: invalidProjectIdArb }),
        (probe) => {
          const response = send(probe)
          expect(response.status).toBe(400)
          expect(expectCoreEnvelope(response).errors.error).toBe(ERRORS.invalidProjectId.error)
        },
      ),
      runs(1_500),
    )
  })

  it('answers the query of /monitoring and /overview as the contract predicts: start_date, end_date, the range, provider, region, in that order; unknown parameters ignored', () => {
    const readerArb = fc.constantFrom<Pick<Probe, 'apiKey' | 'projectId'>>(
      { apiKey: DOCUMENTED_KEYS.project, projectId: undefined },
      { apiKey: DOCUMENTED_KEYS.project, projectId: '101' },
      { apiKey: DOCUMENTED_KEYS.user, projectId: '102' },
      { apiKey: DOCUMENTED_KEYS.otherUser, projectId: ' 201 ' },
    )
    fc.assert(
      fc.property(analyticsPathArb, queryArb, readerArb, (path, query, reader) => {
        const probe: Probe = { method: 'GET', path, query, ...reader }
        const response = send(probe)
        expectPredicted(response.status, expectCoreEnvelope(response), predict(probe))
      }),
      runs(2_000),
    )
  })

  it('ignores X-Project-ID on /projects: any value answers the same 200 as none', () => {
    fc.assert(
      fc.property(usableKeyArb, projectIdHeaderArb, fc.boolean(), (apiKey, projectId, slash) => {
        const path = `/api/v1/projects${slash ? '/' : ''}`
        const withHeader = send({ method: 'GET', path, query: '', apiKey, projectId })
        const without = send({ method: 'GET', path, query: '', apiKey })
        expect(withHeader.status).toBe(200)
        expectCoreEnvelope(withHeader)
        expect(text(withHeader.body)).toBe(text(without.body))
      }),
      runs(500),
    )
  })

  it('answers an X-Sandbox-Scenario that names no scenario with 400 unknown_scenario after the route and before the key', () => {
    fc.assert(
      fc.property(
        fc.record({
          method: fc.constant('GET'),
          path: knownPathArb,
          query: queryArb,
          apiKey: apiKeyHeaderArb,
          projectId: projectIdHeaderArb,
          scenario: unknownScenarioHeaderArb,
        }),
        (probe) => {
          const response = send(probe)
          const body = expectCoreEnvelope(response)
          const names = (probe.scenario ?? '')
            .split(',')
            .map((name) => name.trim())
            .filter((name) => name !== '')
          if (names.length === 0) expect(response.status).toBe(predict({ ...probe, scenario: undefined }).status)
          else expectPredicted(response.status, body, { status: 400, error: ERRORS.unknownScenario.error })
        },
      ),
      runs(500),
    )
  })

  it('answers the same request with the same bytes in two sandboxes of the same fixtures', () => {
    fc.assert(
      fc.property(probeArb, (probe) => {
        const first = send(probe, sandbox)
        const second = send(probe, twin)
        expect(second.status).toBe(first.status)
        expect(text(second.body)).toBe(text(first.body))
      }),
      runs(1_000),
    )
  })

  it('answers a CORS preflight on any path with 204, an empty body and an Access-Control-Allow-Headers that is a plain list of header names', () => {
    const HEADER_LIST = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+(?:\s*,\s*[A-Za-z0-9!#$%&'*+.^_`|~-]+)*$/
    const requestedArb = fc.option(
      fc.oneof(
        fc.constantFrom('X-API-Key, X-Project-ID', 'x-api-key', 'content-type\r\nset-cookie: a=b', 'a,,b', '*', ''),
        fc.string(),
        fc.string({ unit: 'binary' }),
      ),
      { nil: undefined },
    )
    fc.assert(
      fc.property(fc.oneof(apiPathArb, knownPathArb), fc.string(), requestedArb, (path, requestMethod, requested) => {
        const request: CoreRequest = {
          method: 'OPTIONS',
          path,
          query: '',
          header: (name) =>
            name === 'access-control-request-method'
              ? requestMethod
              : name === 'access-control-request-headers'
                ? (requested ?? null)
                : null,
        }
        const response = answeredNow(dispatch(sandbox, request))
        expect(response.status).toBe(204)
        expect(response.body.byteLength).toBe(0)
        expect(response.headers['access-control-allow-origin']).toBe('*')
        expect(response.headers['access-control-allow-headers']).toMatch(HEADER_LIST)
      }),
      runs(500),
    )
  })
})

describe('fuzzing dispatch: the admin API', () => {
  /** The admin API's operations, from the README. */
  /** Methods by route, from the admin API's contract (admin-openapi.json). */
  const ADMIN_OPERATIONS = new Map<string, string[]>()
  for (const operation of ADMIN_CONTRACT)
    ADMIN_OPERATIONS.set(operation.route, [...(ADMIN_OPERATIONS.get(operation.route) ?? []), operation.method])
  /** The route of a path below /__sandbox/, as the admin API resolves it (`keys/x` is `keys/{key}`). */
  const routeOf = (name: string) => {
    const slash = name.indexOf('/')
    if (slash < 0 || name.includes('/', slash + 1)) return name
    const head = name.slice(0, slash)
    return [...ADMIN_OPERATIONS.keys()].find((route) => route.startsWith(`${head}/{`)) ?? name
  }
  const adminPathArb = fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .tuple(fc.constantFrom(...ADMIN_OPERATIONS.keys()), fc.boolean())
        .map(([name, slash]) => `${ADMIN_PATH}${name}${slash ? '/' : ''}`),
    },
    { weight: 2, arbitrary: fc.array(segmentArb, { maxLength: 3 }).map((segments) => `${ADMIN_PATH}${segments.join('/')}`) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        `${ADMIN_PATH}`,
        `${ADMIN_PATH}..`,
        `${ADMIN_PATH}health%00`,
        `${ADMIN_PATH}__proto__`,
        `${ADMIN_PATH}constructor`,
        `${ADMIN_PATH}toString`,
        `${ADMIN_PATH}health//`,
      ),
    },
  )
  const adminQueryArb = fc.oneof(
    fc.constant(''),
    fc.constantFrom('limit=5', 'limit=-1', 'limit=abc', 'limit=1.5', 'limit=', 'limit=1e400'),
    queryArb,
  )

  it('answers every method token on every admin path, Object.prototype names included, in the envelope with 200, 201, 400, 404 or 405', async () => {
    const admin = await createSandboxCore(resolveSandboxConfig({ now: TODAY }), THIS_PROCESS)
    fc.assert(
      fc.property(methodArb, adminPathArb, adminQueryArb, (method, path, query) => {
        const response = answeredNow(dispatch(admin, { method, path, query, header: () => null }))
        expectConforming({ method, path, status: response.status, text: new TextDecoder().decode(response.body) })
        const body = expectEnvelope(response.status, response.headers, response.body, new Set([200, 201, 400, 404, 405]))
        const route = routeOf(path.slice(ADMIN_PATH.length).replace(/\/$/, ''))
        const allowed = ADMIN_OPERATIONS.get(route)
        // Dispatched without a server, there are no sessions: their routes do not exist, whatever the method.
        if (allowed === undefined || route.startsWith('sessions')) expect(body.errors.error).toBe(ERRORS.notFound.error)
        else if (!allowed.includes(method)) {
          expect(body.errors.error).toBe(ERRORS.methodNotAllowed.error)
          expect(response.headers.allow).toBe(allowed.join(', '))
        } else expect([200, 201, 400, 404]).toContain(response.status)
      }),
      runs(1_000),
    )
  })
})

describe('fuzzing dispatch: sanity of the generators', () => {
  it('reaches every stage of the check order and every endpoint', () => {
    const seen = new Set<string>()
    fc.assert(
      fc.property(probeArb, (probe) => {
        const expected = predict(probe)
        seen.add(`${expected.status}:${expected.error ?? 'ok'}`)
        const endpoint = routeOf(probe.path)
        if (endpoint !== undefined && expected.status === 200) seen.add(`200:${endpoint}`)
      }),
      runs(3_000),
    )
    for (const name of ENDPOINT_NAMES) expect(seen).toContain(`200:${name}`)
    for (const template of [
      ERRORS.notFound,
      ERRORS.methodNotAllowed,
      ERRORS.unknownScenario,
      ERRORS.unauthorized,
      ERRORS.invalidProjectId,
      ERRORS.missingProjectId,
      ERRORS.forbidden,
      ERRORS.invalidDate,
      ERRORS.invalidDateRange,
      ERRORS.dateRangeTooLarge,
      ERRORS.invalidProvider,
      ERRORS.invalidRegion,
    ]) {
      expect(seen).toContain(`${template.status}:${template.error}`)
    }
  })
})
