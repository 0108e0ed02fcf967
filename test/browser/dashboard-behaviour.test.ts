/**
 * The dashboard's client behaviour panel (product.md, "What the client does next": "a dashboard
 * panel"): the verdicts of `GET /__sandbox/behaviour` of the sandbox shown, a row per rule, a rule
 * not exercised with the scenario that would exercise it, a rule broken with the keys that broke it,
 * each with its first failure's message, gap and requests. The page's own requests are never judged,
 * and reading the verdicts changes none. In real headless Chromium against a sandbox started in the
 * test, as dashboard.test.ts does.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page, Request } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import type { BehaviourReport } from '../../src/core/behaviour/behaviour-judge.js'
import { OBSERVER_HEADER } from '../../src/dashboard/api-client.js'
import { behaviourHeadline } from '../../src/dashboard/behaviour-headline.js'
import { gapText } from '../../src/dashboard/gap-text.js'
import { STATE_POLL_MS } from '../../src/dashboard/state-poll.js'
import { verdictText } from '../../src/dashboard/verdict-text.js'
import { BEHAVIOUR_RULE_NAMES, BEHAVIOUR_RULES } from '../../src/vocabulary/behaviour-rules.js'
import { DOCUMENTED_KEYS } from '../../src/vocabulary/documented-keys.js'
import { startSandbox } from '../../src/server/start-sandbox.js'
import { openDashboard, useDashboardBrowser, type OpenedDashboard } from './use-dashboard-browser.js'

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** A page opened on the sandbox: its uncaught errors, its console errors, and every request its code made. */
interface Opened extends OpenedDashboard {
  readonly fetched: Request[]
}

describe('The dashboard and the behaviour verdicts, in headless Chromium', () => {
  const shared = useDashboardBrowser()

  /** Opens the dashboard (at `hash`, a link to a session, when given); its timers run on a clock the test moves on. */
  async function open(hash = '', viewport = { width: 1400, height: 1000 }): Promise<Opened> {
    const context = await shared.browser!.newContext({ timezoneId: 'UTC', viewport })
    await context.clock.install()
    const fetched: Request[] = []
    const opened = await openDashboard(context, new URL(`/__sandbox/${hash}`, shared.sandbox!.url).href, (page) =>
      page.on('request', (request) => {
        if (request.resourceType() === 'fetch') fetched.push(request)
      }),
    )
    return { ...opened, fetched }
  }

  /** An admin call that must succeed, at `base` (the root's `/__sandbox/` or a session's admin URL); its `data`. */
  async function admin<T>(base: string, path: string, init: RequestInit = {}): Promise<T> {
    const envelope = (await (await fetch(new URL(path, base), init)).json()) as { success: boolean; data: T }
    expect(envelope, `${base}${path}`).toMatchObject({ success: true })
    return envelope.data
  }

  const rootAdmin = () => new URL('/__sandbox/', shared.sandbox!.url).href

  /** A client's request (not the page's) to the API of `base`, with `key` and any more headers; its status. */
  async function send(base: string, path: string, key: string, headers: Record<string, string> = {}): Promise<number> {
    const response = await fetch(`${base}${path}`, { headers: { 'X-API-Key': key, ...headers } })
    await response.arrayBuffer()
    return response.status
  }

  /** Resolves once the page has read `path` (below a sandbox's admin base) again: at its next look, which the test brings on. */
  async function polled(page: Page, pathname: string): Promise<void> {
    const read = page.waitForRequest((request) => new URL(request.url()).pathname === pathname, { timeout: 10_000 })
    await page.clock.runFor(STATE_POLL_MS)
    await read
  }

  /** Runs axe-core on the page as it is: the list of violations, empty when it passes. */
  async function axeViolations(page: Page): Promise<string[]> {
    // Evaluated through the debugging protocol: the page's policy allows no script but its own.
    await page.evaluate(`${AXE_SOURCE};0`)
    return page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run(): Promise<{ violations: { id: string; nodes: unknown[] }[] }> } }).axe
      return (await axe.run()).violations.map((violation) => `${violation.id} (${violation.nodes.length})`)
    })
  }

  /** Each rule's row as the page shows it: its verdict's word, its name, its description, its hint. */
  const rows = (page: Page) =>
    page.locator('#behaviour-rules > li').evaluateAll((items) =>
      items.map((item) => ({
        rule: item.getAttribute('data-rule'),
        verdict: item.getAttribute('data-verdict'),
        word: item.querySelector('.verdict')?.textContent,
        name: item.querySelector('.rule-name')?.textContent,
        description: item.querySelector('.description')?.textContent,
        exercise: item.querySelector('.exercise')?.textContent ?? null,
      })),
    )

  /** The rows a report's verdicts should give. */
  const expectedRows = (report: BehaviourReport) =>
    report.rules.map((rule) => ({
      rule: rule.rule,
      verdict: rule.verdict,
      word: verdictText(rule.verdict),
      name: rule.rule,
      description: rule.description,
      exercise: rule.exercise === null ? null : `To exercise it: ${rule.exercise}`,
    }))

  it('shows every rule not exercised with its scenario, then a rule broken with the key, the message, the gap and the requests; never judges its own requests; passes axe-core', async () => {
    shared.sandbox = await startSandbox({ now: '2026-01-15T12:00:00Z' })
    const { page, pageErrors, consoleErrors, fetched } = await open()
    // The page's own chart reads /projects, /monitoring and /overview with the USER key a test uses.
    await page.locator('#visibility-chart canvas').waitFor()
    const before = await admin<BehaviourReport>(rootAdmin(), 'behaviour')
    expect([before.judged, before.summary]).toEqual([0, { pass: 0, fail: 0, not_exercised: BEHAVIOUR_RULE_NAMES.length }])
    await expect(rows(page)).resolves.toEqual(expectedRows(before))
    for (const rule of BEHAVIOUR_RULE_NAMES)
      await expect(page.locator(`#behaviour-rules li[data-rule="${rule}"] .exercise`).textContent()).resolves.toBe(
        `To exercise it: ${BEHAVIOUR_RULES[rule].exercise}`,
      )
    await expect(page.locator('#behaviour-headline').textContent()).resolves.toBe(behaviourHeadline(before))

    // A client that comes back at once after a 429 with Retry-After (retry-after broken), one that
    // leaves a 500 alone (bounded-retries kept) and one that stops after its key's 401 (both 4xx rules kept).
    const api = shared.sandbox.url
    expect(await send(api, 'projects', DOCUMENTED_KEYS.otherUser, { 'X-Sandbox-Scenario': 'rate-limited' })).toBe(429)
    expect(await send(api, 'projects', DOCUMENTED_KEYS.otherUser, { 'X-Sandbox-Scenario': 'rate-limited' })).toBe(429)
    expect(await send(api, 'projects', DOCUMENTED_KEYS.user, { 'X-Sandbox-Scenario': 'server-error' })).toBe(500)
    expect(await send(api, 'validate', DOCUMENTED_KEYS.expired)).toBe(401)
    await polled(page, '/__sandbox/behaviour')
    const broken = page.locator('#behaviour-rules li[data-rule="retry-after"][data-verdict="fail"]')
    await broken.waitFor({ timeout: 10_000 })

    const after = await admin<BehaviourReport>(rootAdmin(), 'behaviour')
    // The clients' four requests, none of the page's: its chart and its reads of the verdicts changed nothing.
    expect(after.judged).toBe(4)
    expect(after.summary).toEqual({ pass: 3, fail: 1, not_exercised: 3 })
    expect(Object.fromEntries(after.rules.map((rule) => [rule.rule, rule.verdict]))).toEqual({
      'retry-after': 'fail',
      'bounded-retries': 'pass',
      backoff: 'not-exercised',
      'no-retry-on-4xx': 'pass',
      'dead-key': 'pass',
      'gives-up': 'not-exercised',
      'fresh-connection': 'not-exercised',
    })
    await expect(rows(page)).resolves.toEqual(expectedRows(after))
    await expect(page.locator('#behaviour-headline').textContent()).resolves.toBe(behaviourHeadline(after))
    await expect(page.locator('#behaviour-rules li[data-rule="bounded-retries"] .met').textContent()).resolves.toBe('Met 1 time, by 1 key')

    const failing = after.rules[0]!.keys.find((key) => key.verdict === 'fail')!
    const failure = failing.failures[0]!
    expect(failing.key).toBe('sbx_us…ta')
    const item = broken.locator('.failing-keys > li')
    await expect(item.count()).resolves.toBe(1)
    await expect(item.getAttribute('data-key')).resolves.toBe(failing.key)
    await expect(item.locator('.key-line code').textContent()).resolves.toBe(failing.key)
    await expect(item.locator('.times').textContent()).resolves.toBe('broke it 1 time')
    await expect(item.locator('.message').textContent()).resolves.toBe(failure.message)
    await expect(item.locator('.gap').textContent()).resolves.toBe(gapText(failure))
    expect(gapText(failure)).toMatch(/^gap \d+ ms, wanted at least \d+ ms$/)
    const entries = await item
      .locator('.entries > li')
      .evaluateAll((lines) => lines.map((line) => [...line.children].map((cell) => cell.textContent)))
    expect(entries).toEqual(failure.entries.map((entry) => [entry.time.slice(11, 23), `GET ${entry.path}`, '429']))
    expect(entries).toHaveLength(2)
    expect(await axeViolations(page)).toEqual([])

    // Every request the page made was its own, marked so.
    for (const request of fetched) expect(request.headers()[OBSERVER_HEADER.name.toLowerCase()], request.url()).toBe(OBSERVER_HEADER.value)
    expect(pageErrors).toEqual([])
    expect(consoleErrors).toEqual([])
  })

  it('after a reset shows the verdicts since it, and the whole run when "since the start" is picked', async () => {
    shared.sandbox = await startSandbox({ now: '2026-01-15T12:00:00Z' })
    const api = shared.sandbox.url
    // A client that sends a request again unchanged after its 401: no-retry-on-4xx broken.
    for (let call = 0; call < 2; call++) expect(await send(api, 'validate', DOCUMENTED_KEYS.expired)).toBe(401)
    await admin(rootAdmin(), 'reset', { method: 'POST' })
    const { page, pageErrors, consoleErrors } = await open()
    const scope = page.getByLabel('Judged')
    await expect(scope.inputValue()).resolves.toBe('reset')
    await expect(page.locator('#behaviour-rules li[data-verdict="not-exercised"]').count()).resolves.toBe(BEHAVIOUR_RULE_NAMES.length)

    const read = page.waitForRequest((request) => new URL(request.url()).search === '?scope=suite')
    await scope.selectOption('suite')
    expect(new URL((await read).url()).pathname).toBe('/__sandbox/behaviour')
    const suite = await admin<BehaviourReport>(rootAdmin(), 'behaviour?scope=suite')
    await page.locator('#behaviour-rules li[data-rule="no-retry-on-4xx"][data-verdict="fail"]').waitFor()
    await expect(rows(page)).resolves.toEqual(expectedRows(suite))
    const item = page.locator('#behaviour-rules li[data-rule="no-retry-on-4xx"] .failing-keys > li')
    await expect(item.locator('.message').textContent()).resolves.toBe('sent again unchanged, as the next request of its key, after a 401')
    await expect(item.locator('.gap').count()).resolves.toBe(0)
    // The page's next look keeps the scope picked.
    await polled(page, '/__sandbox/behaviour')
    await expect(page.locator('#behaviour-headline').textContent()).resolves.toBe(behaviourHeadline(suite))

    await scope.selectOption('reset')
    await page.locator('#behaviour-rules li[data-rule="no-retry-on-4xx"][data-verdict="not-exercised"]').waitFor()
    expect([...pageErrors, ...consoleErrors]).toEqual([])
  })

  it("shows the picked session's verdicts, and at the root the whole run's with the session each key was sent under", async () => {
    shared.sandbox = await startSandbox({ now: '2026-01-15T12:00:00Z' })
    const session = await shared.sandbox.createSession({ label: 'worker 1' })
    for (let call = 0; call < 2; call++) expect(await send(session.url, 'validate', DOCUMENTED_KEYS.expired)).toBe(401)
    const { page, pageErrors, consoleErrors } = await open(`#session=${session.id}`)
    await page.locator('#behaviour-rules li[data-rule="no-retry-on-4xx"][data-verdict="fail"]').waitFor()
    const inSession = await admin<BehaviourReport>(session.adminUrl, 'behaviour')
    await expect(rows(page)).resolves.toEqual(expectedRows(inSession))
    // Read in the session: a key sent there is the session's own, with no session named.
    await expect(page.locator('#behaviour-rules .failing-keys .session').count()).resolves.toBe(0)
    await expect(page.getByLabel('Judged').locator('option[value="suite"]').textContent()).resolves.toBe(
      'since the session started (across its resets)',
    )

    // The session ends; the page goes back to the root, whose own verdicts are all not exercised.
    await session.close()
    await polled(page, '/__sandbox/sessions')
    await page.locator('#status', { hasText: /ended: showing the process's own sandbox/ }).waitFor({ timeout: 10_000 })
    await page.locator('#behaviour-rules li[data-rule="no-retry-on-4xx"][data-verdict="not-exercised"]').waitFor()
    await page.getByLabel('Judged').selectOption('suite')
    const item = page.locator('#behaviour-rules li[data-rule="no-retry-on-4xx"] .failing-keys > li')
    await item.waitFor()
    await expect(item.locator('.session').textContent()).resolves.toBe(`in session ${session.id}`)
    expect(pageErrors).toEqual([])
    // The page may have read the session once more as it ended: Chromium notes that 404, and only that.
    expect(consoleErrors.filter((text) => !/status of 404\b/.test(text))).toEqual([])
  })

  it("keeps a failure whose request fills the journal's 2 KiB in its column on a phone, the request cut and whole in its title", async () => {
    shared.sandbox = await startSandbox({ now: '2026-01-15T12:00:00Z' })
    const path = `validate?${'q'.repeat(3000)}=1`
    for (let call = 0; call < 2; call++) expect(await send(shared.sandbox.url, path, DOCUMENTED_KEYS.expired)).toBe(401)
    const [first] = (await admin<BehaviourReport>(rootAdmin(), 'behaviour')).rules.find((rule) => rule.rule === 'no-retry-on-4xx')!.keys[0]!
      .failures[0]!.entries
    const { page, pageErrors, consoleErrors } = await open('', { width: 390, height: 844 })
    const request = page.locator('#behaviour-rules li[data-rule="no-retry-on-4xx"] .entries .request').first()
    await request.waitFor()
    await expect(request.getAttribute('title')).resolves.toBe(`GET ${first!.path}?${first!.query}`)
    await expect(request.evaluate((element) => element.scrollWidth > element.clientWidth)).resolves.toBe(true)
    const section = await page.locator('#behaviour').evaluate((element) => [element.scrollWidth, element.clientWidth, innerWidth])
    expect(section[0]).toBeLessThanOrEqual(section[1]!)
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(section[2]!)
    expect([...pageErrors, ...consoleErrors]).toEqual([])
  })
})
