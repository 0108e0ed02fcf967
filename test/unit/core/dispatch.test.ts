import { answeredNow } from '../../support/answered-now.js'
import { describe, expect, it } from 'vitest'
import { createSandboxCore, resolveSandboxConfig } from '../../../src/sandbox/open-sandbox.js'
import type { CoreRequest, TimedAnswer } from '../../../src/core/core-request.js'
import { dispatch } from '../../../src/core/dispatch.js'
import { fail } from '../../../src/contract/envelope.js'
import { ERRORS } from '../../../src/vocabulary/errors.js'
import { DOCUMENTED_KEYS } from '../../../src/vocabulary/documented-keys.js'
import { expectConforming } from '../../support/expect-conforming.js'
import { THIS_PROCESS } from '../../../src/sandbox/this-process.js'

const decoder = new TextDecoder()

/** The JSON body of the answer to a GET of `path`, once checked against the contract. */
function bodyOf(path: string, response: TimedAnswer) {
  const text = decoder.decode(response.body)
  expectConforming({ method: 'GET', path, status: response.status, text })
  return JSON.parse(text)
}

function request(path: string, headers: Record<string, string> = {}): CoreRequest {
  const lower = new Map(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]))
  return { method: 'GET', path, query: '', header: (name) => lower.get(name) ?? null }
}

/** The fields of every answer the core hands an adapter, in their order (core/core-request.ts, `timedAnswer`). */
const ANSWER_FIELDS = ['status', 'headers', 'body', 'delayMs', 'error', 'warnings', 'observer', 'expired', 'fault', 'settle']

describe('dispatch', () => {
  it('hands every answer over with the same fields in the same order, whatever made it, so adapters read one shape', async () => {
    const sandbox = await createSandboxCore(resolveSandboxConfig({ now: '2026-03-01' }), THIS_PROCESS)
    const user = { 'X-API-Key': DOCUMENTED_KEYS.user }
    const answers = [
      dispatch(sandbox, request('/api/v1/projects', user)),
      // The same again: a replay of the repeat memo's answer.
      dispatch(sandbox, request('/api/v1/projects', user)),
      dispatch(sandbox, request('/api/v1/projects', { 'X-API-Key': 'sbx_user_unknown' })),
      dispatch(sandbox, request('/api/v1/projects', { ...user, 'X-Sandbox-Scenario': 'fault-connection-reset' })),
      dispatch(sandbox, request('/api/v1/projects', { ...user, 'X-Sandbox-Scenario': 'slow' })),
      dispatch(sandbox, request('/api/v1/nowhere', user)),
      dispatch(sandbox, request('/__sandbox/health')),
      dispatch(sandbox, {
        ...request('/api/v1/projects', { 'Access-Control-Request-Method': 'GET', Origin: 'http://app.test' }),
        method: 'OPTIONS',
      }),
    ].map(answeredNow)
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 401, 0, 200, 404, 200, 204])
    expect(answers[3]!.fault?.type).toBe('connection-reset')
    expect(answers[4]!.delayMs).toBeGreaterThan(0)
    for (const answer of answers) expect(Object.keys(answer)).toEqual(ANSWER_FIELDS)
  })

  it("answers an unexpected failure inside an endpoint with that endpoint's own 500, errors empty, instead of throwing", async () => {
    const sandbox = await createSandboxCore(resolveSandboxConfig({ now: '2026-03-01' }), THIS_PROCESS)
    const broken = {
      ...sandbox,
      analytics: {
        ...sandbox.analytics,
        seriesFor: () => {
          throw new Error('boom')
        },
      },
    }
    const headers = { 'X-API-Key': DOCUMENTED_KEYS.project }
    const monitoring = answeredNow(dispatch(broken, request('/api/v1/monitoring', headers)))
    expect(monitoring.status).toBe(500)
    expect(bodyOf('/api/v1/monitoring', monitoring)).toEqual(fail(ERRORS.monitoringFailed))
    expect(bodyOf('/api/v1/monitoring', monitoring).errors).toEqual({})
    expect(bodyOf('/api/v1/overview', answeredNow(dispatch(broken, request('/api/v1/overview', headers)))).message).toBe(
      ERRORS.overviewFailed.message,
    )
  })

  it('builds 500 envelopes with the spec messages for every endpoint', () => {
    expect(fail(ERRORS.validateFailed).message).toBe('Failed to validate API key')
    expect(fail(ERRORS.projectsFailed).message).toBe('Failed to retrieve projects')
    expect(fail(ERRORS.monitoringFailed).message).toBe('Failed to retrieve monitoring data')
    expect(fail(ERRORS.overviewFailed).message).toBe('Failed to retrieve overview data')
    for (const template of [ERRORS.validateFailed, ERRORS.projectsFailed, ERRORS.monitoringFailed, ERRORS.overviewFailed]) {
      expect(fail(template)).toEqual({ success: false, message: template.message, code: 500, data: {}, errors: {}, meta_data: {} })
    }
  })
})
