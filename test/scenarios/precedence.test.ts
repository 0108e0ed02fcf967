import { beforeEach, describe, expect, test } from 'vitest'
import { ERRORS } from '../../src/vocabulary/errors.js'
import { MESSAGES } from '../../src/vocabulary/endpoint-rules.js'
import { DOCUMENTED_KEYS } from '../../src/vocabulary/documented-keys.js'
import type { ScenarioInput } from '../../src/contract/scenario-schema.js'
import { expectError, expectSuccess } from '../api/contract/expect-envelope.js'
import { PROJECT_KEY, USER, USER_101, withKey } from '../api/contract/fixtures.js'
import { TODAY, timed, useHttpSandbox, type HttpSandbox } from './helpers.js'

const BETA = withKey(DOCUMENTED_KEYS.otherUser)
const USER_102 = withKey(DOCUMENTED_KEYS.user, '102')

/** An inline scenario with these rules. */
const scenario = (name: string, ...rules: unknown[]) => ({ name, description: `Test scenario ${name}.`, rules })

/** Puts `items` in force with PUT /__sandbox/scenario, failing the test when refused. */
async function activate(sandbox: HttpSandbox, ...items: unknown[]): Promise<void> {
  const answer = await sandbox.putScenarios(items)
  if (answer.status !== 200) throw new Error(`PUT /__sandbox/scenario answered ${answer.status}: ${answer.text}`)
}

describe('how scenarios combine and which effect wins (the stages of dispatch)', () => {
  const sandbox = useHttpSandbox({ now: TODAY })
  const api = (path: string, headers: Record<string, string> = USER) => sandbox().api(path, { headers })

  beforeEach(async () => {
    expectSuccess(await sandbox().admin('reset', { method: 'POST' }), 'Sandbox reset')
  })

  describe('built-ins together', () => {
    test.each([
      ['expired-keys', 'server-error'],
      ['server-error', 'expired-keys'],
    ])('With %s and %s every endpoint answers 401: the key stage comes before the data stage.', async (first, second) => {
      await activate(sandbox(), first, second)
      for (const [path, headers] of [
        ['validate', USER],
        ['projects', USER],
        ['monitoring', USER_101],
        ['overview', PROJECT_KEY],
      ] as const) {
        expectError(await api(path, headers), ERRORS.unauthorized)
      }
    })

    test('With empty-account and server-error an owned project is 403 on /monitoring and /validate, but /projects answers its 500.', async () => {
      await activate(sandbox(), 'empty-account', 'server-error')
      expectError(await api('monitoring', USER_101), ERRORS.forbidden)
      expectError(await api('overview', PROJECT_KEY), ERRORS.forbidden)
      expectError(await api('validate', USER_101), ERRORS.forbidden)
      expectError(await api('projects'), ERRORS.projectsFailed)
      expectError(await api('validate'), ERRORS.validateFailed)
    })

    test.each([
      ['rate-limited', 'server-error'],
      ['server-error', 'rate-limited'],
      ['service-unavailable', 'rate-limited'],
    ])('With %s and %s the answer is 429: rate limits come before forced failures, whatever the order.', async (first, second) => {
      await activate(sandbox(), first, second)
      const answer = await api('projects')
      expect(answer.status).toBe(429)
      expectError(
        answer,
        ERRORS.rateLimited,
        `At most 60 requests per 60 seconds; retry after ${answer.headers.get('retry-after')} seconds`,
      )
    })

    test('With server-error and no-data the analytics endpoints answer their 500: a failure wins over removed data.', async () => {
      await activate(sandbox(), 'no-data', 'server-error')
      expectError(await api('monitoring', USER_101), ERRORS.monitoringFailed)
      expectError(await api('overview', USER_101), ERRORS.overviewFailed)
    })

    test('Of two failing scenarios the first one in force wins: service-unavailable then server-error is 503, the other way round 500.', async () => {
      await activate(sandbox(), 'service-unavailable', 'server-error')
      expectError(await api('projects'), ERRORS.serviceUnavailable)
      await activate(sandbox(), 'server-error', 'service-unavailable')
      expectError(await api('projects'), ERRORS.projectsFailed)
    })

    test('With no-data and slow the analytics answer 0 dates after a delay of 500 to 1500 ms.', async () => {
      await activate(sandbox(), 'no-data', 'slow')
      const { value: answer, ms } = await timed(() => api('monitoring', USER_101))
      expectSuccess(answer, MESSAGES.monitoring(0))
      expect(answer.body.data.visibility_score.history).toEqual([])
      expect(ms).toBeGreaterThanOrEqual(495)
      expect(ms).toBeLessThan(1800)
    })
  })

  describe('rules scoped to an endpoint, a key or a project', () => {
    test('A failure scoped to the overview endpoint fails /overview only.', async () => {
      await activate(sandbox(), scenario('overview-fails', { match: { endpoint: 'overview' }, fail: { status: 500 } }))
      expectError(await api('overview', USER_101), ERRORS.overviewFailed)
      expectError(await api('overview', PROJECT_KEY), ERRORS.overviewFailed)
      expectSuccess(await api('monitoring', USER_101), MESSAGES.monitoring(30))
      expectSuccess(await api('projects'), MESSAGES.projects)
      expectSuccess(await api('validate'), MESSAGES.validate)
    })

    test('A failure scoped to a list of endpoints fails each of them and no other.', async () => {
      await activate(sandbox(), scenario('two-down', { match: { endpoint: ['validate', 'projects'] }, fail: { status: 500 } }))
      expectError(await api('validate'), ERRORS.validateFailed)
      expectError(await api('projects'), ERRORS.projectsFailed)
      expectSuccess(await api('overview', USER_101), MESSAGES.overview(30))
    })

    test('A rate limit scoped to sbx_user_beta limits that key only, with X-RateLimit headers on its passing requests.', async () => {
      await activate(
        sandbox(),
        scenario('beta-limited', { match: { key: DOCUMENTED_KEYS.otherUser }, rateLimit: { limit: 1, windowSeconds: 60 } }),
      )
      const first = await api('projects', BETA)
      expectSuccess(first, MESSAGES.projects)
      expect(first.headers.get('x-ratelimit-limit')).toBe('1')
      expect(first.headers.get('x-ratelimit-remaining')).toBe('0')
      const second = await api('projects', BETA)
      const reset = second.headers.get('x-ratelimit-reset')
      expect(Number(reset)).toBeGreaterThanOrEqual(1)
      expect(Number(reset)).toBeLessThanOrEqual(60)
      expect(second.headers.get('retry-after')).toBe(reset)
      expectError(second, ERRORS.rateLimited, `At most 1 requests per 60 seconds; retry after ${reset} seconds`)
      expectError(
        await api('monitoring', withKey(DOCUMENTED_KEYS.otherUser, '201')),
        ERRORS.rateLimited,
        /^At most 1 requests per 60 seconds/,
      )
      for (let index = 0; index < 3; index++) {
        const alpha = await api('projects')
        expectSuccess(alpha, MESSAGES.projects)
        expect(alpha.headers.get('x-ratelimit-limit')).toBeNull()
      }
    })

    test('Expired keys scoped to one key refuse that key only.', async () => {
      await activate(sandbox(), scenario('beta-expired', { match: { key: DOCUMENTED_KEYS.otherUser }, keys: 'expired' }))
      expectError(await api('validate', BETA), ERRORS.unauthorized)
      expectSuccess(await api('validate'), MESSAGES.validate)
    })

    test('No data scoped to project 102 removes its analytics only: project 101 still has 30 dates.', async () => {
      await activate(sandbox(), scenario('no-data-102', { match: { project: 102 }, data: 'none' }))
      expectSuccess(await api('monitoring', USER_102), MESSAGES.monitoring(0))
      expectSuccess(await api('overview', USER_102), MESSAGES.overview(0))
      const monitoring101 = await api('monitoring', USER_101)
      expectSuccess(monitoring101, MESSAGES.monitoring(30))
      expect(monitoring101.body.data.visibility_score.history).toHaveLength(30)
      expectSuccess(await api('overview', PROJECT_KEY), MESSAGES.overview(30))
    })

    test('Hidden projects scoped to project 101 leave the account’s other projects visible.', async () => {
      await activate(sandbox(), scenario('hide-101', { match: { project: 101 }, projects: 'hidden' }))
      const projects = await api('projects')
      expect((projects.body.data.projects as Array<{ id: number }>).map((project) => project.id)).toEqual([102, 103])
      expect(projects.body.data.total).toBe(2)
      expectError(await api('monitoring', USER_101), ERRORS.forbidden)
      expectSuccess(await api('monitoring', USER_102), MESSAGES.monitoring(30))
    })

    test('A failure scoped to project 101 applies to a PROJECT key’s own project when X-Project-ID is absent.', async () => {
      await activate(sandbox(), scenario('fail-101', { match: { project: 101 }, fail: { status: 500 } }))
      expectError(await api('overview', PROJECT_KEY), ERRORS.overviewFailed)
      expectError(await api('monitoring', USER_101), ERRORS.monitoringFailed)
      expectSuccess(await api('monitoring', USER_102), MESSAGES.monitoring(30))
    })
  })

  describe('counting with nth', () => {
    test('A failure with nth [2, 3] fails the second and third matching requests only.', async () => {
      await activate(sandbox(), scenario('second-and-third', { fail: { status: 500, nth: [2, 3] } }))
      const statuses: number[] = []
      for (let index = 0; index < 5; index++) statuses.push((await api('projects')).status)
      expect(statuses).toEqual([200, 500, 500, 200, 200])
    })

    test('Only matching requests count towards nth: requests to other endpoints do not.', async () => {
      await activate(sandbox(), scenario('second-overview', { match: { endpoint: 'overview' }, fail: { status: 500, nth: 2 } }))
      expectSuccess(await api('overview', USER_101), MESSAGES.overview(30))
      expectSuccess(await api('projects'), MESSAGES.projects)
      expectSuccess(await api('monitoring', USER_101), MESSAGES.monitoring(30))
      expectError(await api('overview', USER_101), ERRORS.overviewFailed)
      expectSuccess(await api('overview', USER_101), MESSAGES.overview(30))
    })

    test('A request refused by a rate limit does not count towards a failure’s nth.', async () => {
      await activate(
        sandbox(),
        scenario(
          'beta-blocked-then-fail-once',
          { match: { key: DOCUMENTED_KEYS.otherUser }, rateLimit: { limit: 0, windowSeconds: 60 } },
          { fail: { status: 500, nth: 1 } },
        ),
      )
      expect((await api('projects', BETA)).status).toBe(429)
      expectError(await api('projects'), ERRORS.projectsFailed)
      expectSuccess(await api('projects'), MESSAGES.projects)
    })

    test('When an earlier fail rule fails a request, later fail rules do not count it.', async () => {
      await activate(sandbox(), scenario('first-wins', { fail: { status: 500, nth: 1 } }, { fail: { status: 503, nth: 1 } }))
      expectError(await api('projects'), ERRORS.projectsFailed)
      expectError(await api('projects'), ERRORS.serviceUnavailable)
      expectSuccess(await api('projects'), MESSAGES.projects)
    })
  })

  describe('forced statuses answer the real bodies', () => {
    test('A forced 400 with error invalid_date answers the invalid_date template with its default detail.', async () => {
      await activate(sandbox(), scenario('bad-date', { fail: { status: 400, error: 'invalid_date' } }))
      const answer = await api('monitoring', USER_101)
      expectError(answer, ERRORS.invalidDate)
      expect(answer.body.errors.detail).toBe(ERRORS.invalidDate.detail)
    })

    test('A forced 400 without an error code answers bad_request.', async () => {
      await activate(sandbox(), scenario('bad-request', { fail: { status: 400 } }))
      expectError(await api('projects'), ERRORS.badRequest)
    })

    test('Forced 401, 403 and 404 answer exactly the bodies the real 401, 403 and 404 answer.', async () => {
      const real401 = await api('projects', withKey('sbx_nope_000000'))
      const real403 = await api('monitoring', withKey(DOCUMENTED_KEYS.user, '201'))
      const real404 = await sandbox().api('nope', { headers: USER })
      expectError(real401, ERRORS.unauthorized)
      expectError(real403, ERRORS.forbidden)
      expectError(real404, ERRORS.notFound)
      for (const [status, real] of [
        [401, real401],
        [403, real403],
        [404, real404],
      ] as const) {
        await activate(sandbox(), scenario(`forced-${status}`, { fail: { status } }))
        for (const [path, headers] of [
          ['projects', USER],
          ['monitoring', USER_101],
        ] as const) {
          const forced = await api(path, headers)
          expect(forced.status, `${status} on ${path}`).toBe(status)
          expect(forced.text, `${status} on ${path}`).toBe(real.text)
        }
      }
    })

    test('A forced 429 or 503 carries Retry-After 30 by default, or the retryAfter given.', async () => {
      await activate(sandbox(), scenario('forced-429', { fail: { status: 429 } }))
      const limited = await api('projects')
      expectError(limited, ERRORS.rateLimited)
      expect(limited.headers.get('retry-after')).toBe('30')
      await activate(sandbox(), scenario('forced-503', { fail: { status: 503, retryAfter: 5 } }))
      const unavailable = await api('projects')
      expectError(unavailable, ERRORS.serviceUnavailable)
      expect(unavailable.headers.get('retry-after')).toBe('5')
    })
  })

  describe('latency', () => {
    test('Latency rules add up: two rules of 200 ms delay an answer by at least 400 ms, and a rule scoped elsewhere adds nothing.', async () => {
      await activate(
        sandbox(),
        scenario('two-latencies', { latency: 200 }, { latency: '200' }, { match: { endpoint: 'overview' }, latency: 5000 }),
      )
      const { value: answer, ms } = await timed(() => api('projects'))
      expectSuccess(answer, MESSAGES.projects)
      expect(ms).toBeGreaterThanOrEqual(395)
      expect(ms).toBeLessThan(1000)
    })

    test('Latency of one scenario and of another in force add up.', async () => {
      await activate(sandbox(), scenario('first-150', { latency: 150 }), scenario('second-150', { latency: { min: 150, max: 150 } }))
      const { ms } = await timed(() => api('validate'))
      expect(ms).toBeGreaterThanOrEqual(295)
      expect(ms).toBeLessThan(900)
    })

    test('Scenario latency delays error answers too: a bad key and a bad date are answered after the delay.', async () => {
      await activate(sandbox(), scenario('latency-250', { latency: 250 }))
      const unauthorized = await timed(() => api('projects', withKey('sbx_nope_000000')))
      expectError(unauthorized.value, ERRORS.unauthorized)
      expect(unauthorized.ms).toBeGreaterThanOrEqual(245)
      const badDate = await timed(() => api('monitoring?start_date=2026-02-30', USER_101))
      expect(badDate.value.status).toBe(400)
      expect(badDate.ms).toBeGreaterThanOrEqual(245)
    })

    test('Scenario latency delays every answer, a 404 for an unknown path and a 405 included, as the sandbox’s own latency does.', async () => {
      await activate(sandbox(), scenario('latency-300', { latency: 300 }))
      const notFound = await timed(() => sandbox().api('nope', { headers: USER }))
      expectError(notFound.value, ERRORS.notFound)
      const notAllowed = await timed(() => sandbox().api('projects', { method: 'DELETE', headers: USER }))
      expectError(notAllowed.value, ERRORS.methodNotAllowed)
      expect({ notFound: notFound.ms >= 295, notAllowed: notAllowed.ms >= 295 }).toEqual({ notFound: true, notAllowed: true })
    })

    test('A latency rule scoped to project 101 delays a PROJECT key’s request for its own project, X-Project-ID absent.', async () => {
      await activate(sandbox(), scenario('slow-101', { match: { project: 101 }, latency: 300 }))
      const withHeader = await timed(() => api('overview', USER_101))
      expectSuccess(withHeader.value, MESSAGES.overview(30))
      expect(withHeader.ms).toBeGreaterThanOrEqual(295)
      const implicit = await timed(() => api('overview', PROJECT_KEY))
      expectSuccess(implicit.value, MESSAGES.overview(30))
      expect(implicit.ms).toBeGreaterThanOrEqual(295)
    })
  })
})

describe('latency of the sandbox and of its scenarios together', () => {
  const plus200: ScenarioInput = { name: 'plus-200', description: 'Adds 200 ms.', rules: [{ latency: 200 }] }
  const sandbox = useHttpSandbox({ now: TODAY, latency: 150, scenarios: [plus200] })

  test('The sandbox’s own latency and a scenario’s latency add up.', async () => {
    const { value: answer, ms } = await timed(() => sandbox().api('projects', { headers: USER }))
    expectSuccess(answer, MESSAGES.projects)
    expect(ms).toBeGreaterThanOrEqual(345)
    expect(ms).toBeLessThan(1000)
  })

  test('The sandbox’s own latency delays a 404 for an unknown path too.', async () => {
    const { value: answer, ms } = await timed(() => sandbox().api('nope', { headers: USER }))
    expectError(answer, ERRORS.notFound)
    expect(ms).toBeGreaterThanOrEqual(145)
  })
})
