/**
 * The self-check (test/support/expect-conforming.ts) that every answer a test receives goes through:
 * it rejects a corrupted answer with a message naming the field, lets through only what the contract
 * does not describe, and runs on the answers of both transports the API contract suite uses.
 */
import { describe, expect, it } from 'vitest'
import { ERRORS } from '../../../src/vocabulary/errors.js'
import { MESSAGES } from '../../../src/vocabulary/endpoint-rules.js'
import { conformanceChecks, conformanceSkips, expectConforming, type ReceivedAnswer } from '../../support/expect-conforming.js'
import { toAnswer, useHttpTransport, useMswTransport, type Answer, type Transport } from '../../support/transport.js'
import { parseRequests } from '../../hardening/raw-http.js'
import { PROJECT_KEY, TODAY, USER, USER_101 } from '../../api/contract/fixtures.js'

const URL_BASE = 'http://sandbox.test/api/v1/'

const TRANSPORTS: readonly Transport[] = [useMswTransport({ now: TODAY }), useHttpTransport({ now: TODAY })]
const msw = TRANSPORTS[0]!

/** `answer` to GET `path` as the self-check sees it, its body altered by `alter` (and its status by `status`). */
function corrupted(path: string, answer: Answer, alter: (body: Answer['body']) => void, status = answer.status): ReceivedAnswer {
  const body = structuredClone(answer.body)
  alter(body)
  return { method: 'GET', url: `${URL_BASE}${path}`, status, text: JSON.stringify(body) }
}

describe('the self-check rejects a corrupted answer, naming the field', () => {
  it('reports a renamed field as the missing field and the unknown one, with the method, URL and status', async () => {
    const answer = await msw.request('projects', { headers: USER })
    const received = corrupted('projects', answer, (body) => {
      const [first] = body.data.projects
      first.displayName = first.display_name
      delete first.display_name
    })
    expect(() => expectConforming(received)).toThrow(`GET "${URL_BASE}projects" was answered 200, which does not conform to the contract:`)
    expect(() => expectConforming(received)).toThrow('data.projects[0].display_name: expected string, received (missing)')
    expect(() => expectConforming(received)).toThrow(
      'data.projects[0].displayName: expected absent (not in the contract), received "Northwind Outdoor"',
    )
  })

  it('reports a value of the wrong type at its path', async () => {
    const answer = await msw.request('overview', { headers: PROJECT_KEY })
    const received = corrupted('overview', answer, (body) => {
      body.data.sentiment_analysis.positive = String(body.data.sentiment_analysis.positive)
    })
    expect(() => expectConforming(received)).toThrow(/data\.sentiment_analysis\.positive: expected number, received "0\.\d+"/)
  })

  it('reports an errors.error the endpoint does not answer with', async () => {
    const answer = await msw.request('monitoring', { headers: USER })
    expect(answer.body.errors.error).toBe(ERRORS.missingProjectId.error)
    const received = corrupted('monitoring', answer, (body) => {
      body.errors.error = 'project_id_required'
    })
    expect(() => expectConforming(received)).toThrow(/errors\.error: expected .*missing_project_id.*, received "project_id_required"/)
  })

  it('reports a field added to meta_data', async () => {
    const answer = await msw.request('validate', { headers: USER })
    const received = corrupted('validate', answer, (body) => {
      body.meta_data.request_id = 'abc-123'
    })
    expect(() => expectConforming(received)).toThrow('meta_data.request_id: expected absent (not in the contract), received "abc-123"')
  })

  it('reports an envelope whose code is not the HTTP status, on a success and on an error', async () => {
    const success = await msw.request('validate', { headers: USER })
    expect(() => expectConforming(corrupted('validate', success, (body) => void (body.code = 201)))).toThrow(
      'code: expected 200, received 201',
    )
    const error = await msw.request('validate')
    expect(error.status).toBe(ERRORS.unauthorized.status)
    expect(() => expectConforming(corrupted('validate', error, () => undefined, ERRORS.forbidden.status))).toThrow(
      `code: expected ${ERRORS.forbidden.status} (the HTTP status), received ${ERRORS.unauthorized.status}`,
    )
  })

  it('reports a body that is not JSON, and a status the endpoint never answers with', () => {
    expect(() => expectConforming({ method: 'GET', url: `${URL_BASE}projects`, status: 200, text: '' })).toThrow(
      'with a body that is not JSON',
    )
    const teapot = { success: false, message: "I'm a teapot", code: 418, data: {}, errors: { error: 'teapot' }, meta_data: {} }
    expect(() => expectConforming({ method: 'GET', url: `${URL_BASE}projects`, status: 418, text: JSON.stringify(teapot) })).toThrow(
      '(status): expected a status the contract gives for GET /projects, received 418',
    )
  })

  it('judges an unknown path by the answers the contract gives for one: only errors, so a success there is drift', async () => {
    const answer = await msw.request('projects', { headers: USER })
    const received = { method: 'GET', url: `${URL_BASE}projects/all`, status: 200, text: answer.text }
    expect(() => expectConforming(received)).toThrow('success: expected false, received true')
    const notFound = await msw.request('projects/all', { headers: USER })
    expect(() => expectConforming({ ...received, status: notFound.status, text: notFound.text })).not.toThrow()
  })

  it('checks an API mounted elsewhere when told its base path', async () => {
    const answer = await msw.request('projects', { headers: USER })
    const mounted = { method: 'GET', url: 'http://proxy.test/analytics/api/v1/projects', status: 200, text: answer.text }
    expect(() => expectConforming(mounted)).toThrow('success: expected false, received true')
    expect(() => expectConforming({ ...mounted, basePath: '/analytics/api/v1/' })).not.toThrow()
  })

  it("requires the admin API's errors to be error envelopes and its successes to be its operation's, as admin-openapi.json says", () => {
    const adminError = {
      success: false,
      message: ERRORS.notFound.message,
      code: 404,
      data: {},
      errors: { error: ERRORS.notFound.error },
      meta_data: {},
    }
    const url = 'http://sandbox.test/__sandbox/nowhere'
    expect(() => expectConforming({ method: 'GET', url, status: 404, text: JSON.stringify(adminError) })).not.toThrow()
    expect(() => expectConforming({ method: 'GET', url, status: 404, text: JSON.stringify({ ...adminError, hint: 'x' }) })).toThrow(
      'hint: expected absent (not in the contract)',
    )
    expect(() => expectConforming({ method: 'GET', url, status: 404, text: JSON.stringify({ ...adminError, code: 400 }) })).toThrow(
      'code: expected 404 (the HTTP status), received 400',
    )
    expect(() =>
      expectConforming({ method: 'GET', url: 'http://sandbox.test/__sandbox/health', status: 200, text: '{"anything":true}' }),
    ).toThrow('success: expected true')
    const clock = {
      success: true,
      message: 'Clock',
      code: 200,
      data: { now: '2026-03-01T00:00:00Z', today: '2026-03-01', frozen: true },
      errors: {},
      meta_data: {},
    }
    const clockUrl = 'http://sandbox.test/__sandbox/clock'
    expect(() => expectConforming({ method: 'GET', url: clockUrl, status: 200, text: JSON.stringify(clock) })).not.toThrow()
    const renamed = { ...clock, data: { time: clock.data.now, today: clock.data.today, frozen: true } }
    expect(() => expectConforming({ method: 'GET', url: clockUrl, status: 200, text: JSON.stringify(renamed) })).toThrow('data.now')
    expect(() =>
      expectConforming({ method: 'GET', url: 'http://sandbox.test/__sandbox/openapi.json', status: 200, text: '{"openapi":"3.1.0"}' }),
    ).not.toThrow()
  })

  it('lets preflights, HEAD and 204s through without a body', () => {
    const before = conformanceSkips()
    expectConforming({ method: 'OPTIONS', url: `${URL_BASE}projects`, status: 204, text: '' })
    expectConforming({ method: 'HEAD', url: `${URL_BASE}projects`, status: 200, text: '' })
    expectConforming({ method: 'GET', url: `${URL_BASE}projects`, status: 204, text: '' })
    expect(conformanceSkips() - before).toBe(3)
  })

  it('fails toAnswer, which both transports read every answer with, on a drifted answer', async () => {
    const answer = await msw.request('monitoring', { headers: USER_101 })
    const drifted = corrupted('monitoring', answer, (body) => {
      body.data.visibility_score.history[0].date = '2026-1-31'
    })
    const response = new Response(drifted.text, { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' } })
    await expect(toAnswer(response, { method: 'GET', url: `${URL_BASE}monitoring` })).rejects.toThrow(
      'data.visibility_score.history[0].date: expected a date string, received "2026-1-31"',
    )
  })
})

describe.each(TRANSPORTS)('the self-check runs on every answer received through $name', (transport) => {
  it('counts one check for each answer of the API, successes and errors alike', async () => {
    const before = conformanceChecks()
    const answers = await Promise.all([
      transport.request('validate', { headers: USER }),
      transport.request('projects', { headers: USER }),
      transport.request('monitoring', { headers: USER_101 }),
      transport.request('overview', { headers: PROJECT_KEY }),
      transport.request('monitoring', { headers: USER }),
      transport.request('nowhere'),
      transport.request('projects', { method: 'POST', headers: USER }),
    ])
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 400, 404, 405])
    expect(answers[2]?.body.message).toBe(MESSAGES.monitoring(30))
    expect(conformanceChecks() - before).toBe(answers.length)
  })

  it('counts a preflight as let through, not as checked', async () => {
    const [checks, skips] = [conformanceChecks(), conformanceSkips()]
    const answer = await transport.request('projects', {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'GET' },
    })
    expect(answer.status).toBe(204)
    expect([conformanceChecks() - checks, conformanceSkips() - skips]).toEqual([0, 1])
  })
})

describe('pairing raw answers with their requests', () => {
  it('reads the request lines of pipelined requests past Content-Length and chunked bodies, and stops at bytes that are not HTTP', () => {
    const bytes = Buffer.from(
      'GET /api/v1/validate HTTP/1.1\r\nHost: x\r\nContent-Length: 11\r\n\r\nhello world' +
        'GET /api/v1/projects HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n' +
        'POST /api/v1/overview?x=1 HTTP/1.0\r\n\r\n' +
        '\u0016\u0003\u0001 not http\r\n\r\n' +
        'GET /api/v1/monitoring HTTP/1.1\r\n\r\n',
    )
    expect(parseRequests(bytes)).toEqual([
      { method: 'GET', target: '/api/v1/validate' },
      { method: 'GET', target: '/api/v1/projects' },
      { method: 'POST', target: '/api/v1/overview?x=1' },
    ])
  })
})
