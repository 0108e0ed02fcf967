/**
 * The dashboard and the client report (issue 29): the page is one more client of the sandbox, so
 * its own requests (marked `X-Sandbox-Client: dashboard`) must never change what a test sees (a
 * scenario's counters, the coverage, the clients' journal); the coverage panel shows the report and
 * sends a missing outcome's example as a client would. In real headless Chromium against a sandbox
 * started in the test, as dashboard.test.ts does.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page, Request } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import type { JournalEntry } from '../../src/core/journal.js'
import type { CoverageReport } from '../../src/core/report/coverage.js'
import { OBSERVER_HEADER } from '../../src/dashboard/api-client.js'
import { JOURNAL_POLL_MS } from '../../src/dashboard/journal-panel.js'
import { STATE_POLL_MS } from '../../src/dashboard/state-poll.js'
import { DOCUMENTED_KEYS } from '../../src/vocabulary/documented-keys.js'
import { startSandbox, type StartSandboxOptions } from '../../src/server/start-sandbox.js'
import { shellQuote } from '../../src/vocabulary/shell-quote.js'
import { useDashboardBrowser } from './use-dashboard-browser.js'

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** A page opened on the sandbox: its console errors, and every request its code made (fetch, not its files). */
interface Opened {
  readonly page: Page
  readonly errors: string[]
  readonly fetched: Request[]
}

interface JournalPage {
  readonly requests: readonly JournalEntry[]
}

/** The page's outcomes by name: what the brief of the panel asks it to say for these. */
const NAMES = {
  'monitoring.200.user.no_dates': '200 USER key, 0 dates (no-data)',
  'monitoring.400.invalid_date': '400 invalid_date',
  'monitoring.500': '500 (server-error)',
  'projects.429.rate_limited': '429 rate_limited (rate-limited)',
  'validate.200.project': '200 PROJECT key',
} as const

describe('The dashboard and the client report, in headless Chromium', () => {
  const shared = useDashboardBrowser()

  /** Opens the dashboard; with `fakeTimers`, the page's timers run on a clock the test can move ahead. */
  async function open(options: StartSandboxOptions = {}, fakeTimers = false): Promise<Opened> {
    shared.sandbox = await startSandbox({ now: '2026-01-15T12:00:00Z', ...options })
    const context = await shared.browser!.newContext({ timezoneId: 'UTC', viewport: { width: 1400, height: 1000 } })
    if (fakeTimers) await context.clock.install()
    const page = await context.newPage()
    const opened: Opened = { page, errors: [], fetched: [] }
    page.on('console', (message) => {
      if (message.type() === 'error') opened.errors.push(message.text())
    })
    page.on('pageerror', (error) => opened.errors.push(error.message))
    page.on('request', (request) => {
      if (request.resourceType() === 'fetch') opened.fetched.push(request)
    })
    await page.goto(new URL('/__sandbox/', shared.sandbox.url).href)
    return opened
  }

  /** An admin call that must succeed; its `data`. */
  async function admin<T>(path: string): Promise<T> {
    const envelope = (await (await fetch(new URL(`/__sandbox/${path}`, shared.sandbox!.url))).json()) as { success: boolean; data: T }
    expect(envelope, path).toMatchObject({ success: true })
    return envelope.data
  }

  /**
   * Resolves once the page has read the client report `times` more times: it does every
   * STATE_POLL_MS with the rest of its state, and the test moves the page's clock on by as much.
   */
  async function polled(page: Page, times: number): Promise<void> {
    for (let turn = 0; turn < times; turn++) {
      const read = page.waitForRequest((request) => new URL(request.url()).pathname === '/__sandbox/coverage', { timeout: 10_000 })
      await page.clock.runFor(STATE_POLL_MS)
      await read
    }
  }

  /** The curl line of an outcome's example, as a person would write it for this sandbox. */
  function curlOf(example: CoverageReport['outcomes'][number]['example']): string {
    const search = new URLSearchParams(example.query).toString()
    const url = new URL(`${example.path}${search === '' ? '' : `?${search}`}`, shared.sandbox!.url).href
    return `curl${Object.entries(example.headers)
      .map(([name, value]) => ` -H ${shellQuote(`${name}: ${value}`)}`)
      .join('')} ${shellQuote(url)}`
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

  it('a fail-once set before the dashboard is opened still fails the first test request', async () => {
    const { page, errors, fetched } = await open({ scenarios: ['fail-once'] }, true)
    // The page lists the account's projects, draws one (its /monitoring and /overview with the same
    // USER key a test uses), then another, and follows the sandbox's state for a while.
    await page.locator('#visibility-chart canvas').waitFor()
    await page.locator('#chart-project').selectOption('102')
    await page.locator('[data-range-days="90"]').click()
    await page.getByText('for 90 dates').waitFor()
    await polled(page, 2)
    await expect(page.locator('#chart-answer').getAttribute('class')).resolves.toBe('answer')

    const first = await fetch(`${shared.sandbox!.url}projects`, { headers: { 'X-API-Key': DOCUMENTED_KEYS.user } })
    expect(first.status).toBe(500)
    const second = await fetch(`${shared.sandbox!.url}projects`, { headers: { 'X-API-Key': DOCUMENTED_KEYS.user } })
    expect(second.status).toBe(200)

    const clients = await admin<JournalPage>('requests')
    expect(clients.requests.map((entry) => [entry.path, entry.status])).toEqual([
      ['/api/v1/projects', 500],
      ['/api/v1/projects', 200],
    ])
    const own = await admin<JournalPage>('requests?source=dashboard')
    const paths = new Set(own.requests.map((entry) => entry.path))
    expect(paths).toEqual(new Set(['/api/v1/projects', '/api/v1/monitoring', '/api/v1/overview']))
    // The page saw the sandbox as it is (fail-once's first call was still to come), and every call it made was marked.
    expect(own.requests.every((entry) => entry.status === 200)).toBe(true)
    expect(fetched.length).toBeGreaterThan(own.requests.length)
    for (const request of fetched) expect(request.headers()[OBSERVER_HEADER.name.toLowerCase()], request.url()).toBe(OBSERVER_HEADER.value)
    expect(errors).toEqual([])
  })

  it('the coverage panel lists every outcome, and its Send button produces the outcome it names', async () => {
    const { page, errors, fetched } = await open({}, true)
    await page.locator('#visibility-chart canvas').waitFor()
    const before = await admin<CoverageReport>('coverage')
    // The page's own chart requests met no outcome.
    expect(before.covered).toBe(0)
    const rows = page.locator('#coverage tr[data-outcome]')
    await expect(rows.count()).resolves.toBe(before.total)
    await expect(rows.evaluateAll((found) => found.map((row) => row.getAttribute('data-outcome')))).resolves.toEqual(
      before.outcomes.map((outcome) => outcome.id),
    )
    for (const [id, name] of Object.entries(NAMES))
      await expect(page.locator(`#coverage tr[data-outcome="${id}"] td`).first().textContent()).resolves.toBe(name)
    await expect(page.locator('#coverage-headline').textContent()).resolves.toBe(`0 of ${before.total} outcomes met (0 %)`)

    for (const id of ['monitoring.400.invalid_date', 'projects.429.rate_limited']) {
      const outcome = before.outcomes.find((candidate) => candidate.id === id)!
      const row = page.locator(`#coverage tr[data-outcome="${id}"]`)
      await expect(row.locator('.state').textContent()).resolves.toBe('missing')
      await expect(row.locator('code').getAttribute('title')).resolves.toBe(curlOf(outcome.example))
      const sent = page.waitForRequest((request) => new URL(request.url()).pathname === `/api/v1/${outcome.example.path}`)
      await page.getByRole('button', { name: `Send the example of ${id}`, exact: true }).click()
      // Sent exactly as the example says, as a client: without the page's own mark.
      const request = await sent
      const headers = request.headers()
      expect(request.method()).toBe(outcome.example.method)
      expect(Object.fromEntries(new URL(request.url()).searchParams)).toEqual(outcome.example.query)
      for (const [name, value] of Object.entries(outcome.example.headers)) expect(headers[name.toLowerCase()]).toBe(value)
      expect(headers[OBSERVER_HEADER.name.toLowerCase()]).toBeUndefined()
      await row.locator('.state', { hasText: 'met ×1' }).waitFor()
      const after = await admin<CoverageReport>('coverage')
      expect(after.outcomes.find((candidate) => candidate.id === id)?.seen).toBe(1)
    }

    const after = await admin<CoverageReport>('coverage')
    expect(after.covered).toBe(2)
    const headline = (await page.locator('#coverage-headline').textContent())!
    const [, covered, total, percent] = /^(\d+) of (\d+) outcomes met \(([\d.]+) %\)$/.exec(headline)!
    expect([Number(covered), Number(total), Number(percent)]).toEqual([after.covered, after.total, after.percent])
    // Every other request the page made was its own.
    const unmarked = fetched.filter((request) => request.headers()[OBSERVER_HEADER.name.toLowerCase()] === undefined)
    expect(unmarked.map((request) => new URL(request.url()).pathname)).toEqual(['/api/v1/monitoring', '/api/v1/projects'])

    // A warning is listed by its code, its count and the first one's detail.
    await fetch(`${shared.sandbox!.url}monitoring?startDate=2026-01-01`, {
      headers: { 'X-API-Key': DOCUMENTED_KEYS.user, 'X-Project-ID': '101' },
    })
    const [warning] = (await admin<CoverageReport>('coverage')).warnings
    const listed = page.locator(`#coverage-warnings li[data-code="${warning!.code}"]`)
    await polled(page, 1)
    await listed.waitFor({ timeout: 10_000 })
    await expect(listed.textContent()).resolves.toBe(`${warning!.code} ×1: ${warning!.detail}`)
    expect(await axeViolations(page)).toEqual([])
    // Chromium logs every 4xx the page fetched: the two outcomes it was asked for, nothing else.
    expect(errors).toEqual([
      'Failed to load resource: the server responded with a status of 400 (Bad Request)',
      'Failed to load resource: the server responded with a status of 429 (Too Many Requests)',
    ])
  })

  it("the journal panel hides the dashboard's own requests unless asked", async () => {
    const { page, errors } = await open({}, true)
    await page.locator('#visibility-chart canvas').waitFor()
    // A client's request the real API would misread: the row shows its warning's code, from the journal's next poll.
    await fetch(`${shared.sandbox!.url}validate?startDate=2026-01-01`, { headers: { 'X-API-Key': DOCUMENTED_KEYS.user } })
    await page.clock.runFor(JOURNAL_POLL_MS)
    const clientRow = page.locator('#journal-list > li').filter({ hasText: 'GET /api/v1/validate' })
    await clientRow.waitFor({ timeout: 5000 })
    await expect(page.locator('#journal-list > li').count()).resolves.toBe(1)
    await expect(clientRow.locator('.warning-codes').textContent()).resolves.toBe('unknown_parameter')
    await clientRow.locator('summary').click()
    const [entry] = (await admin<JournalPage>('requests')).requests
    await expect(clientRow.locator('.notes li').first().textContent()).resolves.toBe(`unknown_parameter: ${entry!.warnings[0]!.detail}`)
    expect(await axeViolations(page)).toEqual([])

    const toggle = page.getByLabel("Show the dashboard's own requests")
    await toggle.check()
    await page.locator('#journal-list > li').filter({ hasText: 'GET /api/v1/monitoring' }).first().waitFor({ timeout: 5000 })
    await expect(page.locator('#journal-list > li').filter({ hasText: 'GET /api/v1/overview' }).count()).resolves.toBeGreaterThan(0)
    await expect(clientRow.count()).resolves.toBe(0)

    await toggle.uncheck()
    await clientRow.waitFor({ timeout: 5000 })
    await expect(page.locator('#journal-list > li').count()).resolves.toBe(1)
    // The panel's own form sends as a client: its request is one of theirs.
    await page.locator('#try-endpoint').selectOption('projects')
    await page.getByRole('button', { name: 'Send request' }).click()
    await page.locator('#journal-list > li').filter({ hasText: 'GET /api/v1/projects' }).waitFor({ timeout: 5000 })
    const paths = (await admin<JournalPage>('requests')).requests.map((item) => item.path)
    expect(paths).toEqual(['/api/v1/validate', '/api/v1/projects'])
    expect(errors).toEqual([])
  })
})
