/**
 * Issue 31, "The dashboard keeps stale or contradictory state": with server-error in force the
 * project picker emptied and the last chart stayed under the error; an account with no projects
 * said so under the previous project's figures; the header's count and today lagged behind the
 * journal and the clock; the scenarios in force showed only after a change; opening the points table
 * stretched the Clock card. In real headless Chromium against a sandbox started in the test, as
 * dashboard.test.ts does.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { JOURNAL_POLL_MS } from '../../src/dashboard/journal-panel.js'
import { STATE_POLL_MS } from '../../src/dashboard/state-poll.js'
import { DOCUMENTED_KEYS } from '../../src/vocabulary/documented-keys.js'
import { startSandbox, type StartSandboxOptions } from '../../src/server/start-sandbox.js'
import { openDashboard, useDashboardBrowser, type OpenedDashboard } from './use-dashboard-browser.js'

/** How Chromium notes an error answer the page fetched (not the page's own error): server-error's 500s. */
const ERROR_ANSWER_NOTE = /^Failed to load resource: the server responded with a status of 500\b/

/** Where the sandbox's clock starts, and so its today. */
const NOW = '2026-01-15T12:00:00Z'

/** A page opened on the sandbox: its uncaught errors and console errors. */
type Opened = OpenedDashboard

/** What the projects panel shows under its answer line. */
interface Figures {
  /** Whether the chart's element still carries a uPlot instance. */
  readonly chart: boolean
  readonly canvases: number
  readonly sentiment: number
  readonly points: number
  readonly curl: string
}

describe('The dashboard shows no stale or contradictory state (issue 31), in headless Chromium', () => {
  const shared = useDashboardBrowser()

  /**
   * Starts a sandbox and opens the dashboard at 1400 × 1000, waiting until it has loaded. With
   * `pausedClock`, the page's timers never fire unless the test runs its clock: what changes then
   * is what the page's own actions changed. With `fakeTimers`, time runs, and the test may move it on.
   */
  async function open(options: StartSandboxOptions = {}, { pausedClock = false, fakeTimers = false } = {}): Promise<Opened> {
    shared.sandbox = await startSandbox({ now: NOW, ...options })
    const context = await shared.browser!.newContext({ timezoneId: 'UTC', viewport: { width: 1400, height: 1000 } })
    if (pausedClock) {
      await context.clock.install({ time: NOW })
      await context.clock.pauseAt('2026-01-15T12:00:01Z')
    } else if (fakeTimers) await context.clock.install()
    return openDashboard(context, new URL('/__sandbox/', shared.sandbox.url).href)
  }

  const figures = (page: Page): Promise<Figures> =>
    page.evaluate(() => ({
      chart: (document.getElementById('visibility-chart') as HTMLElement & { chart?: unknown }).chart !== undefined,
      canvases: document.querySelectorAll('#visibility-chart canvas').length,
      sentiment: document.getElementById('sentiment')!.childElementCount,
      points: document.getElementById('chart-table')!.childElementCount,
      curl: document.getElementById('chart-curl')!.textContent ?? '',
    }))

  /** The values of the project picker's options: the projects it lists. */
  const projectOptions = (page: Page) =>
    page.locator('#chart-project option').evaluateAll((options) => (options as HTMLOptionElement[]).map((option) => option.value))

  const answer = (page: Page) => page.locator('#chart-answer')

  it('with server-error in force, the project picker keeps the projects it had and the chart area shows the error, not the last figures', async () => {
    const { page, pageErrors, consoleErrors } = await open()
    await page.locator('#chart-project').selectOption('102')
    await page.locator('#chart-curl', { hasText: "'X-Project-ID: 102'" }).waitFor({ state: 'attached' })
    await page.locator('#visibility-chart canvas').waitFor()

    await page.getByLabel('server-error').check()
    await answer(page)
      .filter({ hasText: /^\/projects answered 500\b/ })
      .waitFor()
    await expect(answer(page).getAttribute('class')).resolves.toBe('answer failed')
    await expect(projectOptions(page)).resolves.toEqual(['101', '102', '103'])
    await expect(page.locator('#chart-project').inputValue()).resolves.toBe('102')
    // The curl line is the request that failed, to try it in a terminal.
    expect(await figures(page)).toEqual({
      chart: false,
      canvases: 0,
      sentiment: 0,
      points: 0,
      curl: expect.stringMatching(/\/api\/v1\/projects'$/),
    })

    // Another of those projects: its own requests fail too, and nothing is drawn under the error.
    await page.locator('#chart-project').selectOption('103')
    await answer(page)
      .filter({ hasText: /^The API answered 500\b/ })
      .waitFor()
    expect(await figures(page)).toMatchObject({
      chart: false,
      canvases: 0,
      sentiment: 0,
      points: 0,
      curl: expect.stringContaining("'X-Project-ID: 103'"),
    })

    // Another account, whose projects the page never listed: the picker says it cannot list them.
    await page.locator('#chart-account').selectOption('2')
    await answer(page)
      .filter({ hasText: /^\/projects answered 500\b/ })
      .waitFor()
    await expect(projectOptions(page)).resolves.toEqual([''])
    await expect(page.locator('#chart-project option').textContent()).resolves.toBe('Cannot list the projects')
    expect(await figures(page)).toMatchObject({ chart: false, canvases: 0, sentiment: 0, points: 0 })
    // A range chosen meanwhile draws nothing and keeps the reason.
    await page.locator('[data-range-days="90"]').click()
    await expect(answer(page).textContent()).resolves.toMatch(/^\/projects answered 500\b/)

    await page.getByLabel('server-error').uncheck()
    await page.locator('#visibility-chart canvas').waitFor()
    await expect(projectOptions(page)).resolves.toEqual(['201'])
    await expect(answer(page).textContent()).resolves.toMatch(/^Monitoring data retrieved successfully for 90 dates/)
    expect(await figures(page)).toMatchObject({ chart: true, canvases: 1, sentiment: 1, points: 1 })
    expect(pageErrors).toEqual([])
    expect(consoleErrors.filter((text) => !ERROR_ANSWER_NOTE.test(text))).toEqual([])
  })

  it('a scenario put in force by a test, not the page, shows in the In force line and clears the chart at the page’s next look', async () => {
    const { page, pageErrors, consoleErrors } = await open({}, { fakeTimers: true })
    await page.locator('#visibility-chart canvas').waitFor()

    shared.sandbox!.useScenario('server-error')
    await page.clock.runFor(STATE_POLL_MS)
    await answer(page)
      .filter({ hasText: /^\/projects answered 500\b/ })
      .waitFor({ timeout: 10_000 })
    await expect(page.locator('#scenarios-in-force').textContent()).resolves.toBe('In force: server-error')
    await page.locator('#scenario-server-error:checked').waitFor()
    expect(await figures(page)).toMatchObject({ chart: false, canvases: 0, sentiment: 0, points: 0 })

    shared.sandbox!.useScenario()
    await page.clock.runFor(STATE_POLL_MS)
    await page.locator('#visibility-chart canvas').waitFor({ timeout: 10_000 })
    await expect(page.locator('#scenarios-in-force').textContent()).resolves.toBe('No scenario in force: the API answers normally')
    expect(pageErrors).toEqual([])
    expect(consoleErrors.filter((text) => !ERROR_ANSWER_NOTE.test(text))).toEqual([])
  })

  it('an account with no projects clears the chart, the sentiment, the points table and the curl, and says only that it has none', async () => {
    const { page, pageErrors, consoleErrors } = await open()
    await page.locator('#visibility-chart canvas').waitFor()

    // The documented empty account.
    await page.locator('#chart-account').selectOption('3')
    await expect(page.locator('#chart-account').getAttribute('title')).resolves.toBe(`Account 3 (${DOCUMENTED_KEYS.emptyUser})`)
    await answer(page).filter({ hasText: 'This account has no projects.' }).waitFor()
    await expect(answer(page).textContent()).resolves.toBe('This account has no projects.')
    await expect(answer(page).getAttribute('class')).resolves.toBe('answer')
    await expect(projectOptions(page)).resolves.toEqual([])
    expect(await figures(page)).toEqual({ chart: false, canvases: 0, sentiment: 0, points: 0, curl: '' })

    // Back to an account with projects, then one made with none from the page.
    await page.locator('#chart-account').selectOption('1')
    await page.locator('#visibility-chart canvas').waitFor()
    await page.locator('#account-projects').fill('0')
    await page.getByRole('button', { name: 'Create account' }).click()
    const made = (await page.locator('#status', { hasText: /^Account \d+ made/ }).textContent())!
    const userId = /^Account (\d+) made/.exec(made)![1]!
    await page.locator(`#chart-account option[value="${userId}"]`).waitFor({ state: 'attached' })
    await page.locator('#chart-account').selectOption(userId)
    await answer(page).filter({ hasText: 'This account has no projects.' }).waitFor()
    await expect(answer(page).textContent()).resolves.toBe('This account has no projects.')
    await expect(projectOptions(page)).resolves.toEqual([])
    expect(await figures(page)).toEqual({ chart: false, canvases: 0, sentiment: 0, points: 0, curl: '' })
    expect([...pageErrors, ...consoleErrors]).toEqual([])
  })

  it('the header’s count and today follow a request sent from the page and a clock it moved at once, and a client’s request with the journal’s poll', async () => {
    const { page, pageErrors, consoleErrors } = await open({}, { pausedClock: true })
    const summary = page.locator('#summary')
    await summary.filter({ hasText: 'Today 2026-01-15' }).filter({ hasText: '0 requests recorded' }).waitFor()

    // No timer of the page runs: only the page's own action can bring the header up to date.
    await page.locator('#try-endpoint').selectOption('validate')
    await page.locator('#try-key').selectOption(DOCUMENTED_KEYS.user)
    await page.getByRole('button', { name: 'Send request' }).click()
    await page.locator('#try-answer', { hasText: /^200 / }).waitFor()
    await summary.filter({ hasText: '1 request recorded' }).waitFor()

    await page.getByRole('button', { name: '+1 day' }).click()
    await page.locator('#clock-today', { hasText: '2026-01-16' }).waitFor()
    await summary.filter({ hasText: 'Today 2026-01-16' }).waitFor()

    // A client's request: the journal's next read (a second on, before the page's slower look at
    // its other state) shows it, and the header counts it as the row appears.
    expect((await fetch(`${shared.sandbox!.url}projects`, { headers: { 'X-API-Key': DOCUMENTED_KEYS.user } })).status).toBe(200)
    await page.clock.runFor(JOURNAL_POLL_MS)
    await page.locator('#journal-list li[data-status="200"]', { hasText: 'GET /api/v1/projects' }).waitFor()
    await expect(summary.textContent()).resolves.toMatch(/^Today 2026-01-16 · seed \d+ · 2 requests recorded$/)
    expect([...pageErrors, ...consoleErrors]).toEqual([])
  })

  it('the In force line shows the scenarios in force as the page loads, before any change', async () => {
    const none = await open()
    await expect(none.page.locator('#scenarios-in-force').textContent()).resolves.toBe('No scenario in force: the API answers normally')
    await none.page.context().close()
    await shared.sandbox!.close()

    const { page } = await open({ scenarios: ['server-error'] })
    await expect(page.locator('#scenarios-in-force').textContent()).resolves.toBe('In force: server-error')
    // The chart of an account whose projects the page could never list: the reason, and nothing else.
    await answer(page)
      .filter({ hasText: /^\/projects answered 500\b/ })
      .waitFor()
    await expect(page.locator('#chart-project option').textContent()).resolves.toBe('Cannot list the projects')
    expect(await figures(page)).toMatchObject({ chart: false, canvases: 0, sentiment: 0, points: 0 })
  })

  it('opening the points table resizes no other card: the Clock and Scenarios cards stay as they were', async () => {
    const { page } = await open()
    await page.locator('#visibility-chart canvas').waitFor()
    const boxes = () =>
      page.locator('main > section').evaluateAll((sections) =>
        Object.fromEntries(
          sections.map((section) => {
            const { x, y, width, height } = section.getBoundingClientRect()
            return [section.id, { x, y, width, height }]
          }),
        ),
      )
    const before = await boxes()
    await page.getByText('The points as a table').click()
    await page.locator('#chart-table tbody tr').first().waitFor()
    const after = await boxes()

    expect(after.projects!.height).toBeGreaterThan(before.projects!.height + 300)
    expect(after.clock).toEqual(before.clock)
    expect(after.scenarios).toEqual(before.scenarios)
    for (const id of ['keys', 'journal', 'coverage', 'behaviour']) expect(after[id]!.height, id).toBe(before[id]!.height)
  })
})
