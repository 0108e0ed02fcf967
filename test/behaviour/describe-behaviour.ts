import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { BEHAVIOUR_FAILURES } from '../../src/core/behaviour/behaviour-judge.js'
import type { BehaviourReport } from '../../src/core/behaviour/behaviour-judge.js'
import { BEHAVIOUR_RULES, type BehaviourRuleName } from '../../src/vocabulary/behaviour-rules.js'
import type { JournalEntry, ScenarioInput } from '../../src/library.js'
import { EXPECTATION_DIFFERENCES } from '../../src/core/behaviour/check-expectation.js'
import { EXPECT_PATH_MESSAGE } from '../../src/contract/expect-schemas.js'

/** What the shared suite needs of a sandbox, over HTTP or through msw. */
export interface BehaviourHarness {
  /** The API's base URL (ends in /api/v1/). */
  readonly url: string
  behaviour(query?: string): Promise<BehaviourReport>
  useScenario(...scenarios: Array<string | ScenarioInput>): Promise<void>
  reset(): Promise<void>
  close(): Promise<void>
  /** An expectation checked: 200 with what it matched, 409 with what differed, or 400 with the fields refused. */
  expect(body: unknown): Promise<ExpectationAnswer>
}

/** What an expectation came to, over HTTP or in process alike. */
export interface ExpectationAnswer {
  readonly status: number
  readonly matched?: readonly JournalEntry[]
  readonly differences?: readonly string[]
  readonly entries?: readonly JournalEntry[]
  readonly fields?: readonly string[]
}

const USER = { 'X-API-Key': 'sbx_user_alpha' }
const OTHER = { 'X-API-Key': 'sbx_user_beta' }
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))

/** A 503 with Retry-After: 1, so a client that obeys waits one second. */
const UNAVAILABLE_FOR_A_SECOND: ScenarioInput = {
  name: 'unavailable-a-second',
  description: 'Every request is refused with 503 and Retry-After: 1',
  rules: [{ fail: { status: 503, retryAfter: 1 } }],
}

/**
 * The behaviour verdicts, each rule kept by one client and broken by another (product.md, "What
 * the client does next"), run over HTTP and through msw alike.
 */
export function describeBehaviour(name: string, start: () => Promise<BehaviourHarness>): void {
  describe(`The behaviour verdicts (${name})`, () => {
    let sandbox: BehaviourHarness
    const get = (path: string, headers: Record<string, string> = USER) => fetch(`${sandbox.url}${path}`, { headers })
    const rule = async (name: BehaviourRuleName, query = '') => {
      const report = await sandbox.behaviour(query)
      return report.rules.find((verdict) => verdict.rule === name)!
    }

    /** The rule's verdict once `count` answers of it have ended: the transport tells how each ended just after. */
    const settled = async (name: BehaviourRuleName, count = 1) => {
      for (let tries = 0; tries < 200; tries++) {
        const verdict = await rule(name)
        if (verdict.keys.reduce((sum, key) => sum + key.exercised, 0) >= count) return verdict
        await sleep(10)
      }
      throw new Error(`${name}: ${count} answers never ended`)
    }

    beforeAll(async () => {
      sandbox = await start()
    })
    afterAll(() => sandbox.close())
    beforeEach(() => sandbox.reset())

    it('say every rule is not exercised, with the scenario that would exercise it, before any request', async () => {
      const report = await sandbox.behaviour()
      expect(report.summary).toEqual({ pass: 0, fail: 0, not_exercised: 7 })
      for (const verdict of report.rules) expect(verdict.exercise).toBe(BEHAVIOUR_RULES[verdict.rule].exercise)
    })

    it('pass retry-after for a client that waits as Retry-After says, and fail one that comes back at once, with the gap and both requests', async () => {
      await sandbox.useScenario(UNAVAILABLE_FOR_A_SECOND)
      expect((await get('projects')).headers.get('retry-after')).toBe('1')
      await sleep(1000)
      await get('projects')
      expect((await rule('retry-after')).verdict).toBe('pass')

      await get('projects', OTHER)
      await get('projects', OTHER)
      const verdict = await rule('retry-after')
      expect(verdict.verdict).toBe('fail')
      const broken = verdict.keys.find((key) => key.verdict === 'fail')!
      expect(broken.key).toBe('sbx_us…ta')
      const [failure] = broken.failures
      expect(failure!.wanted_ms).toBe(1000)
      expect(failure!.gap_ms).toBeLessThan(1000)
      expect(failure!.message).toBe(BEHAVIOUR_FAILURES.retryAfter(failure!.gap_ms!, 1000))
      expect(failure!.entries.map((entry) => entry.status)).toEqual([503, 503])
      expect(verdict.keys.find((key) => key.key === 'sbx_us…ha')!.verdict).toBe('pass')
    })

    it('pass bounded-retries and backoff for three retries 100, 200 and 400 ms apart, and fail both for six attempts at once', async () => {
      await sandbox.useScenario('server-error')
      for (const wait of [0, 100, 200, 400]) {
        await sleep(wait)
        await get('projects')
      }
      expect((await rule('bounded-retries')).verdict).toBe('pass')
      expect((await rule('backoff')).verdict).toBe('pass')

      for (let attempt = 0; attempt < 6; attempt++) await get('projects', OTHER)
      const retries = await rule('bounded-retries')
      expect(retries.verdict).toBe('fail')
      const [failure] = retries.keys.find((key) => key.verdict === 'fail')!.failures
      expect(failure!.message).toBe(BEHAVIOUR_FAILURES.retries(6, 3))
      expect(failure!.entries).toHaveLength(6)
      const backoff = await rule('backoff')
      expect(backoff.verdict).toBe('fail')
      expect(backoff.keys.find((key) => key.verdict === 'fail')!.failures[0]!.wanted_ms).toBe(100)
      // Six attempts are five retries: allowed where the report is asked to allow five.
      expect((await rule('bounded-retries', 'max_retries=5')).verdict).toBe('pass')
    })

    it('fail backoff for gaps that shrink, naming both', async () => {
      await sandbox.useScenario('server-error')
      // Far apart, so a busy machine's delays cannot make the second gap as long as the first.
      for (const wait of [0, 600, 100]) {
        await sleep(wait)
        await get('projects')
      }
      const [failure] = (await rule('backoff')).keys[0]!.failures
      expect(failure!.message).toMatch(/^the gap between attempts shrank from \d+ ms to \d+ ms$/)
      expect(failure!.wanted_ms).toBeGreaterThanOrEqual(290)
    })

    it('pass no-retry-on-4xx for a client that mends its request after a 400, and fail one that sends it again unchanged', async () => {
      await get('monitoring?start_date=2026-13-01', { ...USER, 'X-Project-ID': '101' })
      await get('monitoring?start_date=2026-02-01', { ...USER, 'X-Project-ID': '101' })
      expect((await rule('no-retry-on-4xx')).verdict).toBe('pass')
      await get('monitoring?start_date=2026-13-01', { ...OTHER, 'X-Project-ID': '201' })
      await get('monitoring?start_date=2026-13-01', { ...OTHER, 'X-Project-ID': '201' })
      const verdict = await rule('no-retry-on-4xx')
      expect(verdict.verdict).toBe('fail')
      const [failure] = verdict.keys.find((key) => key.verdict === 'fail')!.failures
      expect(failure!.message).toBe(BEHAVIOUR_FAILURES.sentAgain(400))
      expect(failure!.entries.map((entry) => entry.error)).toEqual(['invalid_date', 'invalid_date'])
    })

    it('pass dead-key for one more try after a 401, and fail a key used twice more, listing every use', async () => {
      await sandbox.useScenario('expired-keys')
      await get('projects')
      await get('validate')
      expect((await rule('dead-key')).verdict).toBe('pass')
      for (let use = 0; use < 4; use++) await get(use % 2 === 0 ? 'projects' : 'validate', OTHER)
      const verdict = await rule('dead-key')
      expect(verdict.verdict).toBe('fail')
      const [failure] = verdict.keys.find((key) => key.verdict === 'fail')!.failures
      expect(failure!.message).toBe(BEHAVIOUR_FAILURES.deadKey(3))
      expect(failure!.entries.map((entry) => entry.status)).toEqual([401, 401, 401, 401])
    })

    it('start afresh after a reset: no request before it is held against one after', async () => {
      await sandbox.useScenario('bad-request')
      await get('projects')
      await sandbox.reset()
      await sandbox.useScenario('bad-request')
      await get('projects')
      expect((await rule('no-retry-on-4xx')).verdict).toBe('pass')
      // The suite keeps what was judged before the reset.
      expect((await rule('no-retry-on-4xx', 'scope=suite')).keys[0]!.exercised).toBeGreaterThanOrEqual(2)
    })

    it('judge every request, however many more than the journal keeps', async () => {
      await sandbox.useScenario('bad-request')
      for (let call = 0; call < 1_100; call++) await get(call % 2 === 0 ? 'projects' : 'validate')
      const verdict = await rule('no-retry-on-4xx')
      expect(verdict.keys[0]!.exercised).toBe(1_100)
      expect(verdict.verdict).toBe('pass')
      expect((await sandbox.behaviour()).judged).toBe(1_100)
    })
    it('keep every Retry-After of a scenario with "retry_after": 1 at one second: a rate limit’s 429, a 503 without its own, not a rule’s own retryAfter', async () => {
      await sandbox.useScenario({
        name: 'quick-limits',
        description: 'Rate limited, Retry-After: 1',
        retry_after: 1,
        rules: [
          { match: { endpoint: 'projects' }, rateLimit: { limit: 60, windowSeconds: 60, spent: true } },
          { match: { endpoint: 'validate' }, fail: { status: 503 } },
          { match: { endpoint: 'overview' }, fail: { status: 503, retryAfter: 7 } },
        ],
      })
      const limited = await get('projects')
      expect([limited.status, limited.headers.get('retry-after'), limited.headers.get('x-ratelimit-reset')]).toEqual([429, '1', '60'])
      expect(((await limited.json()) as { errors: { detail: string } }).errors.detail).toBe(
        'At most 60 requests per 60 seconds; retry after 1 seconds',
      )
      expect((await get('validate')).headers.get('retry-after')).toBe('1')
      expect((await get('overview', { ...USER, 'X-Project-ID': '101' })).headers.get('retry-after')).toBe('7')
    })

    it('pass gives-up for a client whose read time-out closes a trickling body, with how long it waited, and fail one that waits it out, with the time', async () => {
      await sandbox.useScenario({
        name: 'trickle',
        description: 'A body over 400 ms',
        rules: [{ fault: { type: 'slow-body', duration: 400 } }],
      })
      // A read time-out: the client aborts once the first piece has come.
      const controller = new AbortController()
      const response = await fetch(`${sandbox.url}projects`, { headers: USER, signal: controller.signal })
      await response.body!.getReader().read()
      controller.abort()
      const kept = await settled('gives-up')
      expect(kept.verdict).toBe('pass')
      expect(kept.keys[0]!.waited_ms).toHaveLength(1)

      await (await get('projects', OTHER)).arrayBuffer()
      const verdict = await settled('gives-up', 2)
      expect(verdict.verdict).toBe('fail')
      const [failure] = verdict.keys.find((key) => key.verdict === 'fail')!.failures
      expect(failure!.message).toBe(BEHAVIOUR_FAILURES.waitedOut(failure!.gap_ms!))
      expect(failure!.gap_ms).toBeGreaterThanOrEqual(300)
      expect(failure!.entries.map((entry) => entry.fault)).toEqual(['fault-slow-body'])
    })

    it('meet an expectation of how many requests came after a 500 and how far apart, giving the requests it counted', async () => {
      await sandbox.useScenario('server-error')
      for (const wait of [0, 100, 200]) {
        await sleep(wait)
        await get('projects')
      }
      const met = await sandbox.expect({ path: '/projects', count: { min: 1, max: 3 }, after: { status: 500 }, min_gap_ms: 100 })
      expect(met.status).toBe(200)
      expect(met.matched!.map((entry) => entry.status)).toEqual([500, 500])
    })

    it('answer 409 with what differed and the requests judged, for too many requests too close together', async () => {
      await sandbox.useScenario('server-error')
      for (let attempt = 0; attempt < 4; attempt++) await get('projects', OTHER)
      const unmet = await sandbox.expect({
        path: 'projects',
        key: 'sbx_user_beta',
        count: { max: 2 },
        after: { status: 500 },
        min_gap_ms: 500,
      })
      expect(unmet.status).toBe(409)
      expect(unmet.differences![0]).toBe(EXPECTATION_DIFFERENCES.tooMany(3, 2, 'to /projects with that key after a 500'))
      expect(
        unmet
          .differences!.slice(1)
          .every((difference) => /^request \d+ came \d+ ms after request \d+, expected at least 500 ms$/.test(difference)),
      ).toBe(true)
      expect(unmet.entries).toHaveLength(4)
      const none = await sandbox.expect({ path: '/api/v1/validate', after: { status: 503 } })
      expect(none.differences).toEqual([EXPECTATION_DIFFERENCES.noAfter('to /validate', 503)])
    })

    it('hold each request to the Retry-After of the one before with min_gap: retry-after', async () => {
      await sandbox.useScenario(UNAVAILABLE_FOR_A_SECOND)
      await get('projects', OTHER)
      await get('projects', OTHER)
      const unmet = await sandbox.expect({ path: '/projects', after: { status: 503 }, count: { min: 1 }, min_gap: 'retry-after' })
      expect(unmet.status).toBe(409)
      expect(unmet.differences![0]).toMatch(/expected at least 1000 ms$/)
    })

    it('refuse an expectation it cannot read with 400, naming each field: unknown, negative, min over max, a path the API does not have', async () => {
      const cases: [unknown, string][] = [
        [{ path: '/projects', nonsense: 1 }, 'nonsense'],
        [{ path: '/projects', count: { min: -1 } }, 'count.min'],
        [{ path: '/projects', count: { min: 3, max: 1 } }, 'count.min'],
        [{ path: '/nope' }, 'path'],
        [{ path: '/projects', min_gap_ms: 10, min_gap: 'retry-after' }, 'min_gap'],
        [{}, 'path'],
        [{ path: '/projects', key: 'sbx\nuser' }, 'key'],
        [{ path: '/projects', key: 'sbx user' }, 'key'],
      ]
      for (const [body, field] of cases) {
        const refused = await sandbox.expect(body)
        expect(refused.status).toBe(400)
        expect(refused.fields).toContain(field)
      }
      expect(EXPECT_PATH_MESSAGE).toMatch(/^must be a path of the API: \/validate, \/projects/)
    })
  })
}

/** A response's `data`, checked to be a success. */
export async function dataOf<T>(response: Response): Promise<T> {
  expect(response.status).toBe(200)
  return ((await response.json()) as { data: T }).data
}
