/**
 * The dashboard and sessions (product.md, "Sessions": "The dashboard can show any session"): a
 * picker at the top of the page lists the process's own sandbox and every live session, and every
 * panel then shows and steers the one picked. In real headless Chromium against a sandbox started
 * in the test, as dashboard.test.ts does.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page, Request } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import type { JournalEntry } from '../../src/core/journal.js'
import type { CoverageReport } from '../../src/core/report/coverage.js'
import { OBSERVER_HEADER } from '../../src/dashboard/api-client.js'
import { DOCUMENTED_KEYS } from '../../src/vocabulary/documented-keys.js'
import { startSandbox, type RunningSandbox } from '../../src/server/start-sandbox.js'
import { STATE_POLL_MS } from '../../src/dashboard/state-poll.js'
import { openDashboard, useDashboardBrowser, type OpenedDashboard } from './use-dashboard-browser.js'

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** How Chromium notes an error answer the page fetched (not the page's own error): a session that ended answers 404. */
const ERROR_ANSWER_NOTE = /^Failed to load resource: the server responded with a status of \d{3}\b/

/** A page opened on the sandbox: its uncaught errors, its console errors, and every request its code made. */
interface Opened extends OpenedDashboard {
  readonly fetched: Request[]
}

interface JournalPage {
  readonly requests: readonly JournalEntry[]
}

describe('The dashboard and sessions, in headless Chromium', () => {
  const shared = useDashboardBrowser()

  /** Starts the process's sandbox, on a clock of its own (not a session's). */
  async function start(): Promise<RunningSandbox> {
    shared.sandbox = await startSandbox({ now: '2026-01-15T12:00:00Z' })
    return shared.sandbox
  }

  /**
   * Opens the dashboard at the root, with `hash` (a link to a session) when given. Its timers run
   * on a clock the test moves on by STATE_POLL_MS where it waits for the page's next look.
   */
  async function open(hash = ''): Promise<Opened> {
    const context = await shared.browser!.newContext({ timezoneId: 'UTC', viewport: { width: 1400, height: 1000 } })
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

  /** Runs axe-core on the page as it is: the list of violations, empty when it passes. */
  async function axeViolations(page: Page): Promise<string[]> {
    // Evaluated through the debugging protocol: the page's policy allows no script but its own.
    await page.evaluate(`${AXE_SOURCE};0`)
    return page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run(): Promise<{ violations: { id: string; nodes: unknown[] }[] }> } }).axe
      return (await axe.run()).violations.map((violation) => `${violation.id} (${violation.nodes.length})`)
    })
  }

  const picker = (page: Page) => page.getByLabel('Sandbox', { exact: true })

  it('the sandbox picker lists every live session and switches every panel to the picked one', async () => {
    await start()
    const session = await shared.sandbox!.createSession({ label: 'worker 1', now: '2026-06-01T00:00:00Z', scenarios: ['server-error'] })
    const unlabelled = await shared.sandbox!.createSession()
    const account = await admin<{ user_key: string }>(session.adminUrl, 'accounts', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ projects: 1 }),
    })
    const rootKeys = (await admin<{ keys: { key: string }[] }>(rootAdmin(), 'keys')).keys.map((record) => record.key)
    expect(rootKeys).not.toContain(account.user_key)
    const { page, pageErrors, consoleErrors } = await open()

    // The root first; then each session by its label, or its id when it has none, whole in its title.
    const options = await picker(page)
      .locator('option')
      .evaluateAll((list) => (list as HTMLOptionElement[]).map((option) => [option.value, option.textContent, option.title]))
    expect(options).toEqual([
      ['', "The process's own sandbox", ''],
      [session.id, '\u2068worker 1\u2069', '\u2068worker 1\u2069'],
      [unlabelled.id, `\u2068${unlabelled.id}\u2069`, `\u2068${unlabelled.id}\u2069`],
    ])
    await expect(picker(page).inputValue()).resolves.toBe('')
    await expect(page.locator('#clock-today').textContent()).resolves.toBe('2026-01-15')
    // One made while the page is open joins the list at its next look, every three seconds.
    const later = await shared.sandbox!.createSession({ label: 'worker 2' })
    await page.clock.runFor(STATE_POLL_MS)
    await picker(page).locator(`option[value="${later.id}"]`).waitFor({ state: 'attached', timeout: 10_000 })

    await picker(page).selectOption(session.id)
    await page.locator('#clock-today', { hasText: '2026-06-01' }).waitFor()
    await page.locator('#scenario-server-error:checked').waitFor()
    await page.locator(`#key-list tr[data-key="${account.user_key}"]`).waitFor()
    await expect(page.locator('#status').textContent()).resolves.toContain('worker 1')
    await expect(picker(page).getAttribute('title')).resolves.toBe('\u2068worker 1\u2069')
    expect(new URL(page.url()).hash).toBe(`#session=${session.id}`)
    // The session's chart reads its /projects, which server-error fails.
    await page.locator('#chart-answer', { hasText: '500' }).waitFor()
    expect(await axeViolations(page)).toEqual([])

    await picker(page).selectOption('')
    await page.locator('#clock-today', { hasText: '2026-01-15' }).waitFor()
    await page.locator('#scenario-server-error:not(:checked)').waitFor()
    await page.locator(`#key-list tr[data-key="${account.user_key}"]`).waitFor({ state: 'detached' })
    expect(new URL(page.url()).hash).toBe('')
    // Nothing the page did reached the other sandbox: the root's scenarios are as they were.
    expect((await admin<{ active_scenarios: string[] }>(rootAdmin(), 'health')).active_scenarios).toEqual([])
    expect(pageErrors).toEqual([])
    // Chromium notes the 500s server-error gave the session's chart, nothing else.
    expect(consoleErrors.filter((text) => !/status of 500\b/.test(text))).toEqual([])
  })

  it("a request sent from the dashboard in a session arrives in that session's journal and coverage only", async () => {
    await start()
    const session = await shared.sandbox!.createSession({ label: 'worker 1', now: '2026-06-01T00:00:00Z' })
    const { page, pageErrors, consoleErrors, fetched } = await open()
    await picker(page).selectOption(session.id)
    await page.locator('#clock-today', { hasText: '2026-06-01' }).waitFor()

    // The request as curl, and the client report's examples, name the session's URL (and its range, its clock's).
    // In a closed <details>: there, not visible.
    await page.locator('#chart-curl', { hasText: `'${session.url}monitoring?` }).waitFor({ state: 'attached' })
    await expect(page.locator('#chart-curl').textContent()).resolves.toMatch(/end_date=2026-06-01'$/)
    const example = page.locator('#coverage-outcomes tr[data-outcome="monitoring.500"] code')
    await expect(example.getAttribute('title')).resolves.toMatch(new RegExp(` '${session.url}monitoring'?`))

    await page.locator('#try-endpoint').selectOption('validate')
    await page.locator('#try-key').selectOption(DOCUMENTED_KEYS.user)
    await page.getByRole('button', { name: 'Send request' }).click()
    await page.locator('#try-answer', { hasText: /^200 / }).waitFor()
    await page.locator('#journal-list li[data-status="200"]', { hasText: 'GET /api/v1/validate' }).waitFor({ timeout: 5000 })

    const inSession = await admin<JournalPage>(session.adminUrl, 'requests')
    expect(inSession.requests.map((entry) => [entry.method, entry.path, entry.status])).toEqual([['GET', '/api/v1/validate', 200]])
    expect((await admin<JournalPage>(rootAdmin(), 'requests')).requests).toEqual([])
    const met = (report: CoverageReport) => report.outcomes.filter((outcome) => outcome.seen > 0).map((outcome) => outcome.id)
    expect(met(await admin<CoverageReport>(session.adminUrl, 'coverage'))).toEqual(['validate.200.user'])
    expect(met(await admin<CoverageReport>(rootAdmin(), 'coverage'))).toEqual([])
    await page.clock.runFor(STATE_POLL_MS)
    await page.locator('#coverage-outcomes tr[data-outcome="validate.200.user"][data-seen="1"]').waitFor({ timeout: 10_000 })

    // The page marks its own requests in a session as at the root; the one sent on purpose is a client's.
    const inSessionFetched = fetched.filter((request) => new URL(request.url()).pathname.startsWith(`/sessions/${session.id}/`))
    const sent = inSessionFetched.filter((request) => new URL(request.url()).pathname === `/sessions/${session.id}/api/v1/validate`)
    expect(sent).toHaveLength(1)
    expect(sent[0]!.headers()[OBSERVER_HEADER.name.toLowerCase()]).toBeUndefined()
    for (const request of inSessionFetched.filter((request) => !sent.includes(request)))
      expect(request.headers()[OBSERVER_HEADER.name.toLowerCase()], request.url()).toBe(OBSERVER_HEADER.value)
    expect(pageErrors).toEqual([])
    expect(consoleErrors).toEqual([])
  })

  it("an ended session falls back to the process's sandbox with a note", async () => {
    await start()
    const session = await shared.sandbox!.createSession({ label: 'worker 1', now: '2026-06-01T00:00:00Z' })
    const { page, pageErrors, consoleErrors } = await open()
    await picker(page).selectOption(session.id)
    await page.locator('#clock-today', { hasText: '2026-06-01' }).waitFor()

    await admin(rootAdmin(), `sessions/${session.id}`, { method: 'DELETE' })
    await page.clock.runFor(STATE_POLL_MS)
    await page.locator('#status', { hasText: /worker 1.* ended: showing the process's own sandbox/ }).waitFor({ timeout: 10_000 })
    await expect(picker(page).inputValue()).resolves.toBe('')
    await expect(picker(page).locator('option').count()).resolves.toBe(1)
    await page.locator('#clock-today', { hasText: '2026-01-15' }).waitFor()
    expect(new URL(page.url()).hash).toBe('')
    expect(pageErrors).toEqual([])
    // The journal may have asked the session once more before the page left it: Chromium notes that 404, and only that.
    expect(consoleErrors.filter((text) => !ERROR_ANSWER_NOTE.test(text) || !/status of 404\b/.test(text))).toEqual([])
  })

  it('a link with #session=<id> opens that session, and one naming no live session opens the process’s sandbox with a note', async () => {
    await start()
    const session = await shared.sandbox!.createSession({ label: 'worker 1', now: '2026-06-01T00:00:00Z' })
    const { page, pageErrors, consoleErrors } = await open(`#session=${session.id}`)
    await page.locator('#clock-today', { hasText: '2026-06-01' }).waitFor()
    await expect(picker(page).inputValue()).resolves.toBe(session.id)

    const stale = await open('#session=no-such-session')
    await stale.page.locator('#status', { hasText: /^No live session has the id .*no-such-session/ }).waitFor()
    await expect(picker(stale.page).inputValue()).resolves.toBe('')
    await expect(stale.page.locator('#clock-today').textContent()).resolves.toBe('2026-01-15')
    expect([...pageErrors, ...consoleErrors, ...stale.pageErrors, ...stale.consoleErrors]).toEqual([])
  })
})
