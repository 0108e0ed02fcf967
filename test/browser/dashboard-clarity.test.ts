/**
 * Issue 37, "The dashboard hides the run and says things unclearly": it had no view of a whole run
 * (ended sessions vanish from the picker, and the coverage panel read only since the last reset),
 * its clock showed ISO next to fields in the browser's locale, the chart's legend read "–" and "--"
 * until hovered, it wrote "1 requests", it offered to revoke the documented keys, which never
 * change, and it said nothing when it lost the sandbox. In real headless Chromium against a sandbox
 * started in the test, as dashboard.test.ts does.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import type { CoverageReport } from '../../src/core/report/coverage.js'
import { STATE_POLL_MS } from '../../src/dashboard/state-poll.js'
import { DOCUMENTED_KEYS } from '../../src/vocabulary/documented-keys.js'
import { startSandbox, type StartSandboxOptions } from '../../src/server/start-sandbox.js'
import { openDashboard, useDashboardBrowser, type OpenedDashboard } from './use-dashboard-browser.js'

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** Where the sandbox's clock starts, and so its today. */
const NOW = '2026-01-15T12:00:00Z'

/** A page opened on the sandbox: its uncaught errors and console errors. */
type Opened = OpenedDashboard

describe('The dashboard shows the whole run and says things clearly (issue 37), in headless Chromium', () => {
  const shared = useDashboardBrowser()

  /** Starts a sandbox (unless one is) and opens the dashboard, waiting until it has loaded; its timers run on a clock the test moves on. */
  async function open(options: StartSandboxOptions = {}): Promise<Opened> {
    shared.sandbox ??= await startSandbox({ now: NOW, ...options })
    const context = await shared.browser!.newContext({ timezoneId: 'UTC', viewport: { width: 1400, height: 1000 } })
    await context.clock.install()
    return openDashboard(context, new URL('/__sandbox/', shared.sandbox.url).href)
  }

  /** An admin call at the root that must succeed; its `data`. */
  async function admin<T>(path: string): Promise<T> {
    const envelope = (await (await fetch(new URL(`/__sandbox/${path}`, shared.sandbox!.url))).json()) as { success: boolean; data: T }
    expect(envelope, path).toMatchObject({ success: true })
    return envelope.data
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

  /** The texts of the chart legend's values: the date's, then the score's. */
  const legend = (page: Page) => page.locator('#visibility-chart .u-legend .u-value').allTextContents()

  it('after a run with a session per test, all of them ended, the coverage panel at the root shows the whole run since the start', async () => {
    shared.sandbox = await startSandbox({ now: NOW })
    // Two tests, a session each: one validates a USER key, the other sends an expired one; both end.
    const first = await shared.sandbox.createSession({ label: 'test 1' })
    expect((await fetch(`${first.url}validate`, { headers: { 'X-API-Key': DOCUMENTED_KEYS.user } })).status).toBe(200)
    const second = await shared.sandbox.createSession({ label: 'test 2' })
    expect((await fetch(`${second.url}projects`, { headers: { 'X-API-Key': DOCUMENTED_KEYS.expired } })).status).toBe(401)
    await first.close()
    await second.close()
    const suite = await admin<CoverageReport>('coverage?scope=suite')
    const met = suite.outcomes.filter((outcome) => outcome.seen > 0).map((outcome) => outcome.id)
    expect(met).toHaveLength(2)
    expect((await admin<CoverageReport>('coverage')).covered).toBe(0)

    const { page, pageErrors, consoleErrors } = await open()
    // Nothing of the run in the picker (its sessions ended), nor since the root's last reset.
    await expect(page.locator('#sandbox-picker option').count()).resolves.toBe(1)
    const scope = page.getByLabel('Counted')
    await expect(scope.inputValue()).resolves.toBe('reset')
    await expect(page.locator('#coverage-headline').textContent()).resolves.toBe(`0 of ${suite.total} outcomes met (0 %)`)

    await expect(scope.locator('option[value="suite"]').textContent()).resolves.toBe('since the start (whole run, sessions included)')
    const read = page.waitForRequest((request) => new URL(request.url()).search === '?scope=suite')
    await scope.selectOption('suite')
    expect(new URL((await read).url()).pathname).toBe('/__sandbox/coverage')
    await page.locator('#coverage-headline', { hasText: `${suite.covered} of ${suite.total} outcomes met (${suite.percent} %)` }).waitFor()
    for (const id of met) await page.locator(`#coverage tr[data-outcome="${id}"][data-seen="1"] .state`, { hasText: 'met ×1' }).waitFor()
    // The page's next look keeps the whole run.
    await page.clock.runFor(STATE_POLL_MS)
    await expect(page.locator('#coverage-headline').textContent()).resolves.toBe(
      `${suite.covered} of ${suite.total} outcomes met (${suite.percent} %)`,
    )
    expect(await axeViolations(page)).toEqual([])

    await scope.selectOption('reset')
    await page.locator('#coverage-headline', { hasText: `0 of ${suite.total} outcomes met (0 %)` }).waitFor()
    expect([...pageErrors, ...consoleErrors]).toEqual([])
  })

  it('shows the clock’s now in its facts and in its field alike, and every date as YYYY-MM-DD', async () => {
    const { page, pageErrors, consoleErrors } = await open()
    const field = page.getByLabel('Set the clock to (UTC)')
    await expect(page.locator('#clock-now').textContent()).resolves.toBe(NOW)
    await expect(field.inputValue()).resolves.toBe(NOW)
    await expect(page.locator('#clock-today').textContent()).resolves.toBe('2026-01-15')
    // Text fields, so the browser shows them as written, not in its own locale.
    for (const [id, value] of [
      ['#chart-start', '2025-12-17'],
      ['#chart-end', '2026-01-15'],
    ] as const) {
      await expect(page.locator(id).evaluate((input: HTMLInputElement) => [input.type, input.value])).resolves.toEqual(['text', value])
    }
    await expect(field.evaluate((input: HTMLInputElement) => input.type)).resolves.toBe('text')

    // What a person types, without the T, the seconds or the Z, is read in UTC and shown back as the API writes it.
    await field.fill('2026-02-01 08:30')
    await page.getByRole('button', { name: 'Set', exact: true }).click()
    await page.locator('#status', { hasText: 'The clock is at 2026-02-01T08:30:00Z' }).waitFor()
    await expect(page.locator('#clock-now').textContent()).resolves.toBe('2026-02-01T08:30:00Z')
    await expect(field.inputValue()).resolves.toBe('2026-02-01T08:30:00Z')
    expect((await admin<{ now: string }>('clock')).now).toBe('2026-02-01T08:30:00Z')
    expect([...pageErrors, ...consoleErrors]).toEqual([])
  })

  it('the chart’s legend shows the latest point until a point is hovered, and again after; one date is "1 date"', async () => {
    const { page, pageErrors, consoleErrors } = await open()
    await page.locator('#visibility-chart canvas').waitFor()
    const points = await page
      .locator('#chart-table tbody tr')
      .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? '')))
    const [firstDate, firstScore] = points[0]!
    const [lastDate, lastScore] = points.at(-1)!
    expect(lastDate).toBe('2026-01-15')
    await expect(legend(page)).resolves.toEqual([`${lastDate} (latest)`, lastScore])

    // The far left of the plot: the first point.
    await page.locator('#visibility-chart .u-over').hover({ position: { x: 1, y: 100 } })
    await expect.poll(() => legend(page)).toEqual([firstDate, firstScore])
    await page.mouse.move(0, 0)
    await expect.poll(() => legend(page)).toEqual([`${lastDate} (latest)`, lastScore])

    // A range of one date.
    await page.locator('#chart-start').fill(lastDate!)
    await page.locator('#chart-start').press('Enter')
    await page.locator('#chart-table caption', { hasText: /^1 date$/ }).waitFor({ state: 'attached' })
    expect([...pageErrors, ...consoleErrors]).toEqual([])
  })

  it('offers no Revoke for a documented key, and says why, but does for a key the page made', async () => {
    const { page, pageErrors, consoleErrors } = await open()
    for (const key of Object.values(DOCUMENTED_KEYS)) {
      const row = page.locator(`#key-list tr[data-key="${key}"]`)
      await expect(row.getByRole('button', { name: `Revoke ${key}` }).count()).resolves.toBe(0)
      await expect(row.locator('td').last().textContent()).resolves.toBe('fixed')
      await expect(row.locator('.fixed').getAttribute('title')).resolves.toMatch(/documented key: it never changes/)
    }
    await page.getByRole('button', { name: 'Create account' }).click()
    const made = (await page.locator('#status', { hasText: /^Account \d+ made: its USER key is / }).textContent())!
    const key = made.split(' ').at(-1)!
    await page.getByRole('button', { name: `Revoke ${key}`, exact: true }).click()
    await page.locator(`#key-list tr[data-key="${key}"] .state`, { hasText: 'revoked' }).waitFor()
    // The documented keys are as they were.
    const records = (await admin<{ keys: { key: string; state: string }[] }>('keys')).keys
    expect(records.find((record) => record.key === DOCUMENTED_KEYS.user)?.state).toBe('valid')
    expect([...pageErrors, ...consoleErrors]).toEqual([])
  })

  it('says when it loses contact with the sandbox, and why, and clears the line when its polls get through again', async () => {
    const { page, pageErrors } = await open()
    const contact = page.locator('#contact')
    await expect(contact.isHidden()).resolves.toBe(true)

    // The sandbox unreachable: every admin request refused, the page's own files apart.
    await page.route(
      (url) => url.pathname.startsWith('/__sandbox/') && !url.pathname.startsWith('/__sandbox/dashboard/'),
      (route) => route.abort('connectionrefused'),
    )
    await page.clock.runFor(STATE_POLL_MS)
    await contact.filter({ hasText: /^Lost contact with the sandbox: / }).waitFor({ timeout: 10_000 })
    await expect(contact.textContent()).resolves.toBe('Lost contact with the sandbox: Failed to fetch. Retrying…')
    await expect(contact.getAttribute('role')).resolves.toBe('alert')

    await page.unrouteAll()
    await expect
      .poll(
        async () => {
          await page.clock.runFor(1000)
          return contact.isHidden()
        },
        { timeout: 15_000 },
      )
      .toBe(true)
    await expect(contact.textContent()).resolves.toBe('')
    expect(pageErrors).toEqual([])
  })
})
