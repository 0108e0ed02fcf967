/**
 * The dashboard (`GET /__sandbox/`) in real headless Chromium, against a sandbox started in the test
 * (startSandbox, port 0): what the "Done when" asks of it, as a person would use it.
 */
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { DOCUMENTED_KEYS } from '../../src/vocabulary/documented-keys.js'
import { startSandbox, type StartSandboxOptions } from '../../src/server/start-sandbox.js'
import { DASHBOARD_CSP } from '../../src/server/dashboard-answer.js'
import { TOKEN_STORAGE_KEY } from '../../src/dashboard/api-client.js'
import { JOURNAL_POLL_MS } from '../../src/dashboard/journal-panel.js'
import { useDashboardBrowser } from './use-dashboard-browser.js'
import { OUTCOMES } from '../../src/core/report/outcome-catalogue.js'

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** What a page did that a test must see: console errors, uncaught errors, requests to other origins. */
interface Opened {
  readonly page: Page
  readonly errors: string[]
  readonly foreign: string[]
}

describe('The dashboard at /__sandbox/, in headless Chromium', () => {
  const shared = useDashboardBrowser()

  /** Opens the dashboard; its timers run on a clock a test may move on to the journal's next poll. */
  async function open(options: StartSandboxOptions = {}): Promise<Opened> {
    shared.sandbox = await startSandbox({ now: '2026-01-15T12:00:00Z', ...options })
    const origin = new URL(shared.sandbox.url).origin
    // No locale given: under a POSIX one (as on CI machines) the browser's language is no tag Intl takes.
    const context = await shared.browser!.newContext({ timezoneId: 'UTC', viewport: { width: 1400, height: 1000 } })
    await context.clock.install()
    const page = await context.newPage()
    const opened: Opened = { page, errors: [], foreign: [] }
    page.on('console', (message) => {
      if (message.type() === 'error') opened.errors.push(message.text())
    })
    page.on('pageerror', (error) => opened.errors.push(error.message))
    page.on('request', (request) => {
      if (new URL(request.url()).origin !== origin) opened.foreign.push(request.url())
    })
    await page.goto(`${origin}/__sandbox/`)
    return opened
  }

  /** The journal row of the newest request to `path` with this status, as the page shows it. */
  const journalRow = (page: Page, status: number, path: string) =>
    page.locator(`#journal-list li[data-status="${status}"]`).filter({ hasText: path }).first()

  it('loads with no console error and no request outside its origin, lists the documented keys with their states, and passes axe-core', async () => {
    const { page, errors, foreign } = await open()
    await page.locator('#visibility-chart canvas').waitFor()
    for (const key of Object.values(DOCUMENTED_KEYS)) await expect(page.locator(`#key-list tr[data-key="${key}"]`).count()).resolves.toBe(1)
    await expect(page.locator(`tr[data-key="${DOCUMENTED_KEYS.expired}"] .state`).textContent()).resolves.toBe('expired')
    await expect(page.locator(`tr[data-key="${DOCUMENTED_KEYS.revoked}"] .state`).textContent()).resolves.toBe('revoked')
    await expect(page.locator(`tr[data-key="${DOCUMENTED_KEYS.user}"] .state`).textContent()).resolves.toBe('valid')
    // Evaluated through the debugging protocol: the page's policy allows no script but its own.
    await page.evaluate(`${AXE_SOURCE};0`)
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run(): Promise<{ violations: { id: string; nodes: unknown[] }[] }> } }).axe
      return (await axe.run()).violations.map((violation) => `${violation.id} (${violation.nodes.length})`)
    })
    expect(violations).toEqual([])
    expect(errors).toEqual([])
    expect(foreign).toEqual([])
  })

  it('is sent with a content security policy that lets it reach its own origin only', async () => {
    const { page } = await open()
    const response = await page.request.get(page.url(), { headers: { accept: 'text/html' } })
    expect(response.headers()['content-security-policy']).toBe(DASHBOARD_CSP)
    expect(response.headers()['access-control-allow-origin']).toBeUndefined()
  })

  it('switching server-error on makes a /projects call show 500 in its journal, and switching it off puts it right', async () => {
    const { page } = await open()
    await page.locator('#visibility-chart canvas').waitFor()
    await page.getByLabel('server-error').check()
    await page.getByText('In force: server-error').waitFor()
    const failed = await fetch(`${shared.sandbox!.url}projects`, { headers: { 'X-API-Key': DOCUMENTED_KEYS.user } })
    expect(failed.status).toBe(500)
    await page.clock.runFor(JOURNAL_POLL_MS)
    await journalRow(page, 500, 'GET /api/v1/projects').waitFor({ timeout: 5000 })
    // The page's own chart shows the failure too.
    await expect(page.locator('#chart-answer').textContent()).resolves.toMatch(/^\/projects answered 500|^The API answered 500/)
    await page.getByLabel('server-error').uncheck()
    await page.getByText('No scenario in force').waitFor()
    expect((await fetch(`${shared.sandbox!.url}projects`, { headers: { 'X-API-Key': DOCUMENTED_KEYS.user } })).status).toBe(200)
    await page.locator('#journal-status').selectOption('200')
    await journalRow(page, 200, 'GET /api/v1/projects').waitFor({ timeout: 5000 })
    await expect(page.locator('#journal-list li[data-status="500"]').count()).resolves.toBe(0)
  })

  it('shows the details of a journal row when it is opened, error code included', async () => {
    const { page } = await open()
    await fetch(`${shared.sandbox!.url}validate`, { headers: { 'X-API-Key': DOCUMENTED_KEYS.expired } })
    await page.clock.runFor(JOURNAL_POLL_MS)
    const row = journalRow(page, 401, 'GET /api/v1/validate')
    await row.waitFor({ timeout: 5000 })
    await expect(row.locator('.error-code').textContent()).resolves.toBe('unauthorized')
    await row.locator('summary').click()
    const details = JSON.parse((await row.locator('pre').textContent()) ?? '') as { status: number; key: string; error: string }
    expect(details).toMatchObject({ status: 401, error: 'unauthorized', path: '/api/v1/validate' })
    expect(details.key).not.toBe(DOCUMENTED_KEYS.expired)
  })

  it('advancing the clock expires a key the page created, and the API refuses it from then on', async () => {
    const { page } = await open()
    await page.getByRole('button', { name: 'Create account' }).click()
    const made = await page.getByText(/^Account \d+ made: its USER key is /).textContent()
    const key = made!.split(' ').at(-1)!
    const row = page.locator(`tr[data-key="${key}"]`)
    await expect(row.locator('.state').textContent()).resolves.toBe('valid')
    const expiry = (await row.locator('td').nth(2).textContent())!
    // The day before it expires, then one day on.
    const dayBefore = new Date(Date.parse(`${expiry}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 19)
    await page.getByLabel('Set the clock to (UTC)').fill(dayBefore)
    await page.getByRole('button', { name: 'Set', exact: true }).click()
    await page.getByText(`The clock is at ${dayBefore}Z`).waitFor()
    expect((await fetch(`${shared.sandbox!.url}validate`, { headers: { 'X-API-Key': key } })).status).toBe(200)
    await page.getByRole('button', { name: '+1 day' }).click()
    await row.locator('.state', { hasText: 'expired' }).waitFor()
    expect((await fetch(`${shared.sandbox!.url}validate`, { headers: { 'X-API-Key': key } })).status).toBe(401)
  })

  it('draws the same points that /monitoring returns for the same project, range and provider', async () => {
    const { page } = await open()
    await page.locator('#visibility-chart canvas').waitFor()
    await page.locator('#chart-project').selectOption('102')
    await page.locator('#chart-provider').selectOption('perplexity')
    await page.locator('[data-range-days="90"]').click()
    await page.getByText('for 90 dates').waitFor()
    const drawn = await page
      .locator('#visibility-chart')
      .evaluate((element) => (element as unknown as { chart: { data: number[][] } }).chart.data)
    const start = await page.locator('#chart-start').inputValue()
    const end = await page.locator('#chart-end').inputValue()
    const answer = await fetch(`${shared.sandbox!.url}monitoring?start_date=${start}&end_date=${end}&provider=perplexity`, {
      headers: { 'X-API-Key': DOCUMENTED_KEYS.user, 'X-Project-ID': '102' },
    })
    const history = ((await answer.json()) as { data: { visibility_score: { history: { date: string; score: number }[] } } }).data
      .visibility_score.history
    expect(history).toHaveLength(90)
    expect(drawn[0]).toEqual(history.map((point) => Date.parse(`${point.date}T00:00:00Z`) / 1000))
    expect(drawn[1]).toEqual(history.map((point) => point.score))
    await expect(page.locator('#chart-table tbody tr').count()).resolves.toBe(90)
  })

  it('is used from the keyboard: focus on a scenario and Space switches it on', async () => {
    const { page } = await open()
    await page.locator('#scenario-server-error').waitFor()
    await page.locator('#scenario-server-error').focus()
    await page.keyboard.press('Space')
    await page.getByText('In force: server-error').waitFor()
    const health = (await (await fetch(new URL('/__sandbox/health', shared.sandbox!.url))).json()) as {
      data: { active_scenarios: string[] }
    }
    expect(health.data.active_scenarios).toEqual(['server-error'])
  })

  it("lists production's surprises in the scenario panel with their descriptions, and as a table of the client report", async () => {
    const { page } = await open()
    await page.locator('#scenario-fault-connection-reset').waitFor()
    await expect(page.locator('#scenario-fault-connection-reset-about').textContent()).resolves.toContain('TCP RST')
    await expect(page.locator('#scenario-variant-trend-about').textContent()).resolves.toContain('Other values: not shown')
    await page
      .locator('table.outcomes[data-endpoint="surprises"] caption')
      .getByText(`Production's surprises: 0 of ${OUTCOMES.filter((outcome) => outcome.endpoint === null).length} met`)
      .waitFor({ state: 'attached' })
  })

  it('asks for the admin token once, keeps it in the tab, never in its address, and asks again when it is refused', async () => {
    const { page } = await open({ adminToken: 'demo-token' })
    const dialog = page.getByRole('dialog', { name: 'Admin token' })
    await dialog.waitFor()
    await page.getByLabel('Token', { exact: true }).fill('wrong')
    await page.getByRole('button', { name: 'Use the token' }).click()
    await page.getByText('That token was refused').waitFor()
    await page.getByLabel('Token', { exact: true }).fill('demo-token')
    await page.getByRole('button', { name: 'Use the token' }).click()
    await page.locator(`tr[data-key="${DOCUMENTED_KEYS.user}"]`).waitFor()
    expect(await page.evaluate((name) => sessionStorage.getItem(name), TOKEN_STORAGE_KEY)).toBe('demo-token')
    expect(page.url()).not.toContain('demo-token')
    await page.reload()
    await page.locator(`tr[data-key="${DOCUMENTED_KEYS.user}"]`).waitFor()
    await expect(dialog.isVisible()).resolves.toBe(false)
  })
})

describe("The README's screenshot script", () => {
  it('writes a PNG of the dashboard with data in every panel (scripts/screenshot-dashboard.mjs)', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'analytics-sandbox-shot-'))
    try {
      const output = join(folder, 'dashboard.png')
      const script = new URL('../../scripts/screenshot-dashboard.mjs', import.meta.url).pathname
      const { stdout } = await promisify(execFile)(process.execPath, [script, output], { timeout: 60_000 })
      expect(stdout).toBe(`Wrote ${output}\n`)
      const png = await readFile(output)
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG')
      // Width and height, big-endian, in the IHDR chunk: the fixed 1400 px wide page, whole.
      expect(png.readUInt32BE(16)).toBe(1400)
      expect(png.readUInt32BE(20)).toBeGreaterThan(1000)
    } finally {
      await rm(folder, { recursive: true, force: true })
    }
  }, 90_000)
})
