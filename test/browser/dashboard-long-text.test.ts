/**
 * Issue 28, "Long text breaks the dashboard": a 256-character key widened the keys table over the
 * Requests panel and hid its Revoke buttons, the clock at 0001-01-01 made the chart ask for
 * `start_date=` (a 400), and the "request as curl" did not quote its values for a shell. In real
 * headless Chromium against a sandbox started in the test, as dashboard.test.ts does.
 */
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import fc from 'fast-check'
import type { Page, Request } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { DOCUMENTED_KEYS } from '../../src/vocabulary/documented-keys.js'
import { startSandbox, type StartSandboxOptions } from '../../src/server/start-sandbox.js'
import { LIMITS } from '../../src/vocabulary/limits.js'
import { FIRST_DATE, LAST_DATE } from '../../src/dashboard/days-before.js'
import { OBSERVER_HEADER } from '../../src/dashboard/api-client.js'
import { shellQuote } from '../../src/vocabulary/shell-quote.js'
import { useDashboardBrowser } from './use-dashboard-browser.js'

/** The longest key a caller may choose, of every character one may hold. */
const LONG_KEY = Array.from(
  { length: LIMITS.keyChars },
  (_, i) => 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.'[i % 65],
).join('')
/** One word the length of the longest display name: no space where a line could break. */
const LONG_NAME = 'Northwind'.repeat(30).slice(0, LIMITS.textChars)
/** A name with a right-to-left override, which reverses every character after it that is not isolated. */
const OVERRIDDEN_NAME = '\u202Eevil.exe Outdoors'
const LONG_DOMAIN = `${'d'.repeat(LIMITS.textChars - 4)}.com`
/** The viewports the layout is checked at: the two-column desktop, at its narrowest, one column, a phone. */
const VIEWPORTS = [
  { width: 1400, height: 1000 },
  { width: 1100, height: 900 },
  { width: 800, height: 900 },
  { width: 390, height: 844 },
] as const

const run = promisify(execFile)

/** A page opened on the sandbox: its console errors, and its requests to the public API with their answers' statuses. */
interface Opened {
  readonly page: Page
  readonly errors: string[]
  readonly requests: Request[]
  readonly statuses: number[]
}

/** The words a POSIX shell makes of `line`, each printed by printf and ended by a NUL. */
async function wordsOf(line: string): Promise<string[]> {
  const { stdout } = await run('sh', ['-c', line])
  return stdout.split('\0').slice(0, -1)
}

describe('shellQuote, for the dashboard\'s "request as curl"', () => {
  it('gives back every value intact, quotes, $( ), backticks, backslashes, spaces, * and newlines included, when a POSIX shell splits the line', async () => {
    const values = [
      "it's",
      'say "hi"',
      '$(echo PWNED)',
      '`echo PWNED`',
      "'; echo PWNED; '",
      "'$(echo PWNED)'",
      'back\\slash \\n \\',
      'two  spaces ',
      '*',
      '~',
      '',
      "'",
      "''",
      'line one\nline two\n',
      '$HOME ${PATH} $1 $@',
      'tab\there; | & > < # !',
      '\u202Eoverride',
      '-n',
    ]
    const words = await wordsOf(`printf '%s\\0' ${values.map(shellQuote).join(' ')}`)
    expect(words).toEqual(values)
    expect(words).not.toContain('PWNED')
  })

  it('gives back 200 arbitrary Unicode texts intact (fast-check, seed 28)', async () => {
    // NUL cannot be in a command line at all, quoted or not.
    const values = fc
      .sample(fc.string({ unit: 'binary', maxLength: 24 }), { numRuns: 200, seed: 28 })
      .filter((value) => !value.includes('\0'))
    expect(await wordsOf(`printf '%s\\0' ${values.map(shellQuote).join(' ')}`)).toEqual(values)
  })
})

describe('The dashboard with long or strange text, in headless Chromium', () => {
  const shared = useDashboardBrowser()

  async function start(options: StartSandboxOptions = {}): Promise<void> {
    shared.sandbox = await startSandbox({ now: '2026-01-15T12:00:00Z', ...options })
  }

  /** An admin call that must succeed; its `data`. */
  async function admin<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(new URL(`/__sandbox/${path}`, shared.sandbox!.url), {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const envelope = (await response.json()) as { success: boolean; data: T }
    expect(envelope, `${method} ${path}`).toMatchObject({ success: true })
    return envelope.data
  }

  /** The page on the sandbox already started, with what it logged and asked of the public API from its first request. */
  async function open(viewport: { width: number; height: number } = VIEWPORTS[0]): Promise<Opened> {
    const context = await shared.browser!.newContext({ timezoneId: 'UTC', viewport })
    const page = await context.newPage()
    const opened: Opened = { page, errors: [], requests: [], statuses: [] }
    page.on('console', (message) => {
      if (message.type() === 'error') opened.errors.push(message.text())
    })
    page.on('pageerror', (error) => opened.errors.push(error.message))
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/v1/')) opened.requests.push(request)
    })
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/api/v1/')) opened.statuses.push(response.status())
    })
    await page.goto(new URL('/__sandbox/', shared.sandbox!.url).href)
    return opened
  }

  /** What breaks the layout, measured in the page: empty when every panel keeps to its column. */
  const layoutFaults = (page: Page) =>
    page.evaluate(() => {
      const faults: string[] = []
      if (document.documentElement.scrollWidth > innerWidth)
        faults.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} px`)
      const panels = [...document.querySelectorAll('main > section')].map((section) => ({ section, box: section.getBoundingClientRect() }))
      for (const { section, box } of panels) {
        if (box.right > innerWidth) faults.push(`#${section.id} ends at ${box.right} px`)
        // What overflows a panel (visibly) counts in its scrollWidth.
        if (section.scrollWidth > section.clientWidth) faults.push(`#${section.id}'s content is ${section.scrollWidth} px wide`)
        for (const other of panels) {
          const apart =
            other.box.right <= box.left || other.box.left >= box.right || other.box.bottom <= box.top || other.box.top >= box.bottom
          if (other.section !== section && !apart) faults.push(`#${section.id} overlaps #${other.section.id}`)
        }
      }
      return faults
    })

  it('with a 128-character key, a 200-character display name and a name with a right-to-left override, keeps every panel in its column, every button visible and clickable, and each whole text in a title', async () => {
    await start()
    await admin('POST', 'keys', { level: 'USER', user_id: 1, key: LONG_KEY })
    await admin('PATCH', 'projects/101', { display_name: LONG_NAME, domain: LONG_DOMAIN })
    const made = await admin<{ id: number }>('POST', 'projects', {
      user_id: 1,
      display_name: OVERRIDDEN_NAME,
      name: LONG_NAME,
      domain: 'evil.example',
    })
    // A request whose path and query fill the journal's 2 KiB, answered with an error code.
    await fetch(`${shared.sandbox!.url}${'p'.repeat(1500)}?${'q'.repeat(1500)}=1`, { headers: { 'X-API-Key': LONG_KEY } })
    const [entry] = (await admin<{ requests: { path: string; query: string; error: string }[] }>('GET', 'requests')).requests
    const longRequest = `GET ${entry!.path}?${entry!.query}`

    for (const viewport of VIEWPORTS) {
      const { page, errors } = await open(viewport)
      const keyRow = page.locator(`tr[data-key="${LONG_KEY}"]`)
      await keyRow.waitFor()
      await page.locator('#visibility-chart canvas').waitFor()
      await page.locator('#journal-list li').first().waitFor()
      for (const summary of await page.locator('#projects details > summary').all()) await summary.click()

      expect(await layoutFaults(page), `${viewport.width} px`).toEqual([])
      // The keys table fits its panel without scrolling where the panel has room for its columns
      // (below, as at 1100 px and on a phone, it scrolls inside the panel, never the page).
      if (viewport.width === 1400 || viewport.width === 800) {
        const keyList = await page.locator('#key-list').evaluate((element) => [element.scrollWidth, element.clientWidth])
        expect(keyList[0]).toBeLessThanOrEqual(keyList[1]!)
      }
      // Every visible button, in one pass in the page (a trial click each took 40 s for 4 widths):
      // inside the viewport once scrolled to, enabled, and the element a click at its centre lands on.
      const faults = await page.evaluate((width) => {
        const found: string[] = []
        const buttons = [...document.querySelectorAll('button')].filter((button) => button.offsetParent !== null)
        for (const button of buttons) {
          button.scrollIntoView({ block: 'center', inline: 'nearest' })
          const box = button.getBoundingClientRect()
          const name = `${button.getAttribute('aria-label') ?? button.textContent} at ${width} px`
          if (box.x < 0 || box.x + box.width > width) found.push(`${name}: outside the viewport`)
          const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)
          if (hit === null || !(hit === button || button.contains(hit))) found.push(`${name}: covered by ${hit?.tagName}`)
        }
        return { count: buttons.length, found }
      }, viewport.width)
      expect(faults.count).toBeGreaterThan(20)
      expect(faults.found).toEqual([])
      // And a real (trial) click on the long key's own buttons, as playwright judges actionability.
      for (const name of [`Revoke ${LONG_KEY}`, `Copy ${LONG_KEY}`])
        await keyRow.getByRole('button', { name }).click({ trial: true, timeout: 2000 })
      await expect(keyRow.getByRole('button', { name: `Revoke ${LONG_KEY}` }).isVisible()).resolves.toBe(true)
      await expect(keyRow.getByRole('button', { name: `Copy ${LONG_KEY}` }).isVisible()).resolves.toBe(true)

      // Cut with an ellipsis, whole in the title.
      const key = keyRow.locator('code')
      await expect(key.getAttribute('title')).resolves.toBe(LONG_KEY)
      await expect(key.textContent()).resolves.toBe(LONG_KEY)
      await expect(
        key.evaluate((element) => [getComputedStyle(element).textOverflow, element.scrollWidth > element.clientWidth]),
      ).resolves.toEqual(['ellipsis', true])
      const journalRow = page.locator('#journal-list li').filter({ hasText: 'pppp' })
      const request = journalRow.locator('.request')
      await expect(request.getAttribute('title')).resolves.toBe(longRequest)
      await expect(request.evaluate((element) => element.scrollWidth > element.clientWidth)).resolves.toBe(true)
      await expect(journalRow.locator('.error-code').getAttribute('title')).resolves.toBe(entry!.error)
      await page.locator('#chart-project').selectOption('101')
      await expect(page.locator('#chart-project').getAttribute('title')).resolves.toContain(LONG_NAME)
      await expect(page.locator('#chart-project option[value="101"]').getAttribute('title')).resolves.toContain(LONG_DOMAIN)
      await page.locator('#journal-key').selectOption(LONG_KEY)
      await expect(page.locator('#journal-key').getAttribute('title')).resolves.toBe(LONG_KEY)
      expect(await layoutFaults(page), `${viewport.width} px, long choices made`).toEqual([])
      expect(errors).toEqual([])
      await page.context().close()
    }

    // The override stays inside the name: the option's label isolates it, so the domain after it is
    // still drawn after it, left to right. The same label unisolated is reversed, which the check sees.
    const { page } = await open()
    const option = page.locator(`#chart-project option[value="${made.id}"]`)
    await option.waitFor({ state: 'attached' })
    const label = (await option.textContent())!
    expect(label).toBe(`${made.id} \u2068${OVERRIDDEN_NAME}\u2069 (\u2068evil.example\u2069)`)
    await expect(option.getAttribute('title')).resolves.toBe(label)
    const drawnInOrder = (text: string) =>
      page.evaluate((text) => {
        const probe = document.createElement('span')
        probe.textContent = text
        document.body.append(probe)
        const boxesOf = (from: number, to: number) => {
          const range = document.createRange()
          range.setStart(probe.firstChild!, from)
          range.setEnd(probe.firstChild!, to)
          return [...range.getClientRects()].map((rect) => [rect.left, rect.right])
        }
        const name = text.indexOf('evil')
        const domain = text.indexOf('(')
        const nameBoxes = boxesOf(name, name + 'evil.exe Outdoors'.length)
        const domainBox = boxesOf(domain, domain + 1)[0]!
        probe.remove()
        return nameBoxes.every(([, right]) => right! <= domainBox[0]! + 0.5)
      }, text)
    await expect(drawnInOrder(label)).resolves.toBe(true)
    await expect(drawnInOrder(`${made.id} ${OVERRIDDEN_NAME} (evil.example)`)).resolves.toBe(false)
    // Caller text in elements is isolated too.
    await expect(
      page
        .locator(`tr[data-key="${LONG_KEY}"] code`)
        .evaluate((element) => [element.getAttribute('dir'), getComputedStyle(element).unicodeBidi]),
    ).resolves.toEqual(['auto', 'isolate'])
  }, 120_000)

  it.each([
    { end: 'first', now: `${FIRST_DATE}T00:00:00Z`, today: FIRST_DATE, start366: FIRST_DATE, monthLater: '0001-02-01T00:00:00Z' },
    { end: 'last', now: `${LAST_DATE}T12:00:00Z`, today: LAST_DATE, start366: '9998-12-31', monthLater: `${LAST_DATE}T23:59:59Z` },
  ])(
    'with the clock on its $end day, $today, the chart sends valid dates and shows no error, and +1 month stays on the calendar',
    async ({ now, today, start366, monthLater }) => {
      await start({ now })
      // Every default key has expired by the end of 9999: the account needs one that is valid then.
      if (today === LAST_DATE) await admin('POST', 'keys', { level: 'USER', user_id: 1 })
      const { page, errors, requests, statuses } = await open()
      const answer = page.locator('#chart-answer')
      // Polled, so a failure shows what the page answered instead (it was "400 invalid_date").
      await expect.poll(() => answer.textContent(), { timeout: 5000 }).toMatch(/^Monitoring data retrieved successfully for \d+ dates/)
      await expect(page.locator('#chart-end').inputValue()).resolves.toBe(today)

      const redrawn = () => page.waitForResponse((response) => new URL(response.url()).pathname === '/api/v1/overview')
      for (const days of [30, 90, 366]) {
        const done = redrawn()
        await page.locator(`[data-range-days="${days}"]`).click()
        await done
      }
      await expect(page.locator('#chart-start').inputValue()).resolves.toBe(start366)
      await expect(answer.getAttribute('class')).resolves.toBe('answer')
      await expect(answer.textContent()).resolves.toMatch(/^Monitoring data retrieved successfully for \d+ dates/)

      // The first draw's two requests (where the 400 was), then two for each range.
      const asked = requests
        .map((request) => new URL(request.url()))
        .filter((url) => /^\/api\/v1\/(monitoring|overview)$/.test(url.pathname))
      expect(asked.length).toBeGreaterThanOrEqual(8)
      for (const url of asked) {
        const start = url.searchParams.get('start_date') ?? ''
        const end = url.searchParams.get('end_date') ?? ''
        expect([start, end], url.search).toEqual([
          expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
          expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        ])
        expect(start >= FIRST_DATE && start <= end && end <= LAST_DATE, url.search).toBe(true)
      }
      expect(statuses.every((status) => status === 200)).toBe(true)

      // A month on from December 9999 is the clock's last second, not a year 10000 the API refuses.
      await page.getByRole('button', { name: '+1 month' }).click()
      await page.getByText(`The clock is at ${monthLater}`).waitFor()
      expect(errors).toEqual([])
    },
  )

  it('gives the request as curl which, run by a POSIX shell with printf in place of curl, is word for word the headers and the URL the page sent but its own mark', async () => {
    await start()
    const { page, requests } = await open()
    await page.locator('#visibility-chart canvas').waitFor()
    const request = requests.find((item) => new URL(item.url()).pathname === '/api/v1/monitoring')!
    const curl = (await page.locator('#chart-curl').textContent())!
    expect(curl).toMatch(/^curl /)
    const headers = request.headers()
    expect(await wordsOf(curl.replace(/^curl /, "printf '%s\\0' "))).toEqual([
      '-H',
      `X-API-Key: ${DOCUMENTED_KEYS.user}`,
      '-H',
      `X-Project-ID: ${headers['x-project-id']}`,
      request.url(),
    ])
    expect(headers['x-api-key']).toBe(DOCUMENTED_KEYS.user)
    // The page marks its own request; the line leaves the mark out, so pasted it is a client's request.
    expect(headers[OBSERVER_HEADER.name.toLowerCase()]).toBe(OBSERVER_HEADER.value)
  })
})
