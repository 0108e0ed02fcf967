import { describe, expect, test } from 'vitest'
import { ERRORS } from '../../src/vocabulary/errors.js'
import type { JournalEntry } from '../../src/core/journal.js'
import { MESSAGES } from '../../src/vocabulary/endpoint-rules.js'
import { DOCUMENTED_KEYS } from '../../src/vocabulary/documented-keys.js'
import { expectError, expectSuccess } from '../api/contract/expect-envelope.js'
import { PROJECT_KEY, USER, USER_101, withKey } from '../api/contract/fixtures.js'
import type { Answer } from '../support/transport.js'
import { ENDPOINT_FAILURES, ENDPOINTS, sleep, timed, type EndpointName } from './helpers.js'

/**
 * A way of reaching a sandbox and of putting built-in scenarios in force for the requests of one
 * test: over real HTTP with the `X-Sandbox-Scenario` header, or in-process with `useScenario`.
 * Each test starts with no scenario in force and fresh counters.
 */
export interface ScenarioDriver {
  readonly name: 'http' | 'msw'
  /** Puts these scenarios in force for the following requests of the current test. */
  use(...names: string[]): void
  /** GET `path` below the API base with `headers` and the scenarios in force. */
  request(path: string, headers?: Record<string, string>, signal?: AbortSignal): Promise<Answer>
  /** The sandbox's request journal, oldest first. */
  journal(): Promise<readonly JournalEntry[]>
}

/** A request every endpoint would answer 200 to without a scenario. */
const OK_REQUESTS: ReadonlyArray<readonly [EndpointName, Record<string, string>]> = [
  ['validate', USER],
  ['projects', USER],
  ['monitoring', USER_101],
  ['overview', PROJECT_KEY],
]

/** The documented keys that are valid, each with the X-Project-ID of a project it owns (if any). */
const VALID_KEYS: ReadonlyArray<readonly [string, string | undefined]> = [
  [DOCUMENTED_KEYS.user, '101'],
  [DOCUMENTED_KEYS.project, undefined],
  [DOCUMENTED_KEYS.otherUser, '201'],
  [DOCUMENTED_KEYS.emptyUser, undefined],
]

/** Every valid documented key on every endpoint. */
const EVERY_KEY_ON_EVERY_ENDPOINT = VALID_KEYS.flatMap(([key, project]) =>
  ENDPOINTS.map((endpoint) => ({ key, endpoint, headers: withKey(key, endpoint === 'projects' ? undefined : project) })),
)

const statusLine = (answer: Answer) => `${answer.status} ${answer.text}`

/** Every built-in scenario, proven through `driver`. "Today" must be frozen at 2026-03-01. */
export function describeBuiltIns(driver: ScenarioDriver): void {
  const get = (path: string, headers: Record<string, string> = USER) => driver.request(path, headers)

  describe(`the built-in scenarios (${driver.name})`, () => {
    test('Without a scenario every endpoint answers 200 to the requests the scenarios are tried with.', async () => {
      const answers = await Promise.all(OK_REQUESTS.map(([endpoint, headers]) => get(endpoint, headers)))
      for (const answer of answers) expect(answer.status, statusLine(answer)).toBe(200)
    })

    describe('server-error', () => {
      test('Under server-error every endpoint answers its own 500 message with an empty errors object.', async () => {
        driver.use('server-error')
        for (const [endpoint, headers] of OK_REQUESTS) {
          const answer = await get(endpoint, headers)
          expectError(answer, ENDPOINT_FAILURES[endpoint])
          expect(answer.body.errors).toEqual({})
          expect(answer.headers.get('retry-after')).toBeNull()
        }
      })

      test('Under server-error a missing, unknown, expired or revoked key is still 401 unauthorized on every endpoint.', async () => {
        driver.use('server-error')
        const keys: Array<Record<string, string>> = [
          {},
          withKey('sbx_nope_000000'),
          withKey(DOCUMENTED_KEYS.expired),
          withKey(DOCUMENTED_KEYS.revoked),
        ]
        for (const endpoint of ENDPOINTS) {
          for (const headers of keys) expectError(await get(endpoint, { ...headers, 'X-Project-ID': '101' }), ERRORS.unauthorized)
        }
      })

      test('Under server-error a USER key without X-Project-ID is still 400 missing_project_id, and a malformed one 400 invalid_project_id.', async () => {
        driver.use('server-error')
        for (const endpoint of ['monitoring', 'overview'] as const) {
          expectError(await get(endpoint, USER), ERRORS.missingProjectId)
          expectError(await get(endpoint, withKey(DOCUMENTED_KEYS.user, 'abc')), ERRORS.invalidProjectId)
        }
        expectError(await get('validate', withKey(DOCUMENTED_KEYS.user, '0101')), ERRORS.invalidProjectId)
      })

      test('Under server-error an impossible date, a reversed range, an unknown provider and an unknown region are still 400.', async () => {
        driver.use('server-error')
        for (const endpoint of ['monitoring', 'overview'] as const) {
          expectError(
            await get(`${endpoint}?start_date=2026-02-30`, USER_101),
            ERRORS.invalidDate,
            'start_date must be a calendar date in YYYY-MM-DD format',
          )
          expectError(
            await get(`${endpoint}?end_date=2026-13-01`, USER_101),
            ERRORS.invalidDate,
            'end_date must be a calendar date in YYYY-MM-DD format',
          )
          expectError(await get(`${endpoint}?start_date=2026-02-10&end_date=2026-02-01`, USER_101), ERRORS.invalidDateRange)
          expectError(await get(`${endpoint}?provider=altavista`, USER_101), ERRORS.invalidProvider)
          expectError(await get(`${endpoint}?region=XX`, USER_101), ERRORS.invalidRegion)
        }
      })

      test('Under server-error a project of another account, or one that does not exist, is still 403 forbidden.', async () => {
        driver.use('server-error')
        for (const endpoint of ['validate', 'monitoring', 'overview'] as const) {
          expectError(await get(endpoint, withKey(DOCUMENTED_KEYS.user, '201')), ERRORS.forbidden)
          expectError(await get(endpoint, withKey(DOCUMENTED_KEYS.project, '102')), ERRORS.forbidden)
          expectError(await get(endpoint, withKey(DOCUMENTED_KEYS.user, '999')), ERRORS.forbidden)
        }
      })
    })

    describe.each(['expired-keys', 'revoked-keys'])('%s', (scenario) => {
      test(`Under ${scenario} every documented valid key is refused with 401 unauthorized on every endpoint.`, async () => {
        driver.use(scenario)
        const answers = await Promise.all(EVERY_KEY_ON_EVERY_ENDPOINT.map(({ endpoint, headers }) => get(endpoint, headers)))
        const seen = answers.map(
          (answer, index) => `${EVERY_KEY_ON_EVERY_ENDPOINT[index]?.key} ${EVERY_KEY_ON_EVERY_ENDPOINT[index]?.endpoint} ${answer.status}`,
        )
        expect(seen).toEqual(EVERY_KEY_ON_EVERY_ENDPOINT.map(({ key, endpoint }) => `${key} ${endpoint} 401`))
        for (const answer of answers) expectError(answer, ERRORS.unauthorized)
      })
    })

    describe('slow', () => {
      test('Under slow an answer arrives after 500 to 1500 ms and is otherwise the same as without it.', async () => {
        const plain = await get('projects')
        driver.use('slow')
        const { value: answer, ms } = await timed(() => get('projects'))
        expect(ms).toBeGreaterThanOrEqual(495)
        expect(ms).toBeLessThan(1500 + 300)
        expect(answer.status).toBe(200)
        expect(answer.text).toBe(plain.text)
      })
    })

    describe('timeout', () => {
      test('Under timeout no answer has arrived after 300 ms, so a client gives up by aborting, though the request was answered 200 in the journal.', async () => {
        driver.use('timeout')
        const controller = new AbortController()
        const pending = driver.request('projects', USER, controller.signal)
        const settled = pending.then(
          () => 'answered',
          () => 'failed',
        )
        const outcome = await Promise.race([settled, sleep(300).then(() => 'still waiting')])
        expect(outcome).toBe('still waiting')
        controller.abort()
        await expect(pending).rejects.toMatchObject({ name: 'AbortError' })
        const last = (await driver.journal()).at(-1)
        expect(last).toMatchObject({ method: 'GET', path: '/api/v1/projects', status: 200, scenarios: ['timeout'] })
      })
    })

    describe('flaky', () => {
      test('Under flaky roughly 30 % of 40 requests fail with the endpoint’s 500 and the others succeed unchanged.', async () => {
        const plain = await get('projects')
        driver.use('flaky')
        const answers: Answer[] = []
        for (let index = 0; index < 40; index++) answers.push(await get('projects'))
        const failures = answers.filter((answer) => answer.status === 500)
        const successes = answers.filter((answer) => answer.status === 200)
        expect(failures.length + successes.length).toBe(40)
        expect(failures.length).toBeGreaterThanOrEqual(6)
        expect(failures.length).toBeLessThanOrEqual(20)
        for (const failure of failures) expectError(failure, ERRORS.projectsFailed)
        for (const success of successes) expect(success.text).toBe(plain.text)
      })
    })

    describe('fail-once', () => {
      test('Under fail-once the first request fails with the endpoint’s 500 and the later ones succeed.', async () => {
        driver.use('fail-once')
        expectError(await get('monitoring', USER_101), ERRORS.monitoringFailed)
        expectSuccess(await get('monitoring', USER_101), MESSAGES.monitoring(30))
        expectSuccess(await get('projects'), MESSAGES.projects)
        expectSuccess(await get('monitoring', USER_101), MESSAGES.monitoring(30))
      })

      test('Under fail-once a request refused before the data stage does not use up the one failure.', async () => {
        driver.use('fail-once')
        expectError(await get('projects', withKey('sbx_nope_000000')), ERRORS.unauthorized)
        expectError(await get('monitoring', USER), ERRORS.missingProjectId)
        expectError(await get('projects'), ERRORS.projectsFailed)
        expectSuccess(await get('projects'), MESSAGES.projects)
      })
    })

    describe('rate-limited', () => {
      test('Under rate-limited every endpoint answers 429 rate_limited with Retry-After and the X-RateLimit headers.', async () => {
        driver.use('rate-limited')
        for (const [endpoint, headers] of OK_REQUESTS) {
          const answer = await get(endpoint, headers)
          const reset = answer.headers.get('x-ratelimit-reset')
          expect(answer.headers.get('x-ratelimit-limit')).toBe('60')
          expect(answer.headers.get('x-ratelimit-remaining')).toBe('0')
          expect(Number(reset)).toBeGreaterThanOrEqual(1)
          expect(Number(reset)).toBeLessThanOrEqual(60)
          expect(answer.headers.get('retry-after')).toBe(reset)
          expectError(answer, ERRORS.rateLimited, `At most 60 requests per 60 seconds; retry after ${reset} seconds`)
        }
      })

      test('Under rate-limited a browser app may read Retry-After and the X-RateLimit headers: they are exposed through CORS.', async () => {
        driver.use('rate-limited')
        const answer = await get('projects')
        expect(answer.status).toBe(429)
        expect(answer.headers.get('access-control-allow-origin')).toBe('*')
        const exposed = (answer.headers.get('access-control-expose-headers') ?? '').split(',').map((name) => name.trim().toLowerCase())
        expect(exposed).toEqual(expect.arrayContaining(['retry-after', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']))
      })

      test('Under rate-limited a bad key is still 401 and a foreign project still 403, as the limit applies at the data stage.', async () => {
        driver.use('rate-limited')
        const unauthorized = await get('projects', withKey('sbx_nope_000000'))
        expectError(unauthorized, ERRORS.unauthorized)
        expect(unauthorized.headers.get('retry-after')).toBeNull()
        expectError(await get('monitoring', withKey(DOCUMENTED_KEYS.user, '201')), ERRORS.forbidden)
      })
    })

    describe('service-unavailable', () => {
      test('Under service-unavailable every endpoint answers 503 service_unavailable with Retry-After 30.', async () => {
        driver.use('service-unavailable')
        for (const [endpoint, headers] of OK_REQUESTS) {
          const answer = await get(endpoint, headers)
          expectError(answer, ERRORS.serviceUnavailable)
          expect(answer.headers.get('retry-after')).toBe('30')
        }
      })
    })

    describe('empty-account', () => {
      test('Under empty-account /projects lists no projects for a USER key nor for a PROJECT key.', async () => {
        driver.use('empty-account')
        for (const headers of [USER, PROJECT_KEY, withKey(DOCUMENTED_KEYS.otherUser)]) {
          const answer = await get('projects', headers)
          expectSuccess(answer, MESSAGES.projects)
          expect(answer.body.data).toEqual({ projects: [], total: 0 })
        }
      })

      test('Under empty-account an owned project is 403 forbidden on /monitoring, /overview and /validate with X-Project-ID.', async () => {
        driver.use('empty-account')
        expectError(await get('monitoring', USER_101), ERRORS.forbidden)
        expectError(await get('overview', withKey(DOCUMENTED_KEYS.user, '103')), ERRORS.forbidden)
        expectError(await get('overview', PROJECT_KEY), ERRORS.forbidden)
        expectError(await get('monitoring', withKey(DOCUMENTED_KEYS.otherUser, '201')), ERRORS.forbidden)
        expectError(await get('validate', USER_101), ERRORS.forbidden)
      })

      test('Under empty-account the key itself stays valid: /validate without X-Project-ID answers 200.', async () => {
        driver.use('empty-account')
        expectSuccess(await get('validate', USER), MESSAGES.validate)
      })
    })

    describe('no-data', () => {
      test('Under no-data /monitoring answers 200 with 0 dates, an empty history and zero scores.', async () => {
        driver.use('no-data')
        const answer = await get('monitoring', USER_101)
        expectSuccess(answer, MESSAGES.monitoring(0))
        expect(answer.body.data).toEqual({
          brands_by_topics: {},
          visibility_score: { current: 0, history: [] },
          historical_comparison: {
            current_period: { start: '2026-01-31', end: '2026-03-01', visibility_score: 0 },
            previous_period: { start: '2026-01-01', end: '2026-01-30', visibility_score: 0 },
            trend: 'stable',
            change_percentage: 0,
          },
        })
      })

      test('Under no-data /overview answers 200 with 0 dates, zero scores and no brands.', async () => {
        driver.use('no-data')
        const answer = await get('overview', PROJECT_KEY)
        expectSuccess(answer, MESSAGES.overview(0))
        expect(answer.body.data).toEqual({
          current_day_stats: { visibility_score: 0, citation_score: 0, sentiment_score: 0 },
          brands_by_topics: {},
          brands_by_providers: {},
          visibility_score: { current: 0, previous: 0, trend: 'stable' },
          sentiment_analysis: { positive: 0, neutral: 0, negative: 0 },
        })
      })

      test('Under no-data /projects and /validate answer exactly as without it.', async () => {
        const projects = await get('projects')
        const validate = await get('validate', USER_101)
        driver.use('no-data')
        const [projectsNoData, validateNoData] = await Promise.all([get('projects'), get('validate', USER_101)])
        expectSuccess(projectsNoData, MESSAGES.projects)
        expect(projectsNoData.body.data.total).toBe(3)
        expect(projectsNoData.text).toBe(projects.text)
        expect(validateNoData.text).toBe(validate.text)
      })
    })
  })
}
