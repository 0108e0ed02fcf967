import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll } from 'vitest'
import type { RunningSandbox } from '../../src/server/start-sandbox.js'
import { launchChromium } from './launch-chromium.js'

/** What a dashboard test file shares: one Chromium, and the sandbox the current test started. */
export interface DashboardBrowser {
  browser: Browser | undefined
  sandbox: RunningSandbox | undefined
}

/**
 * One headless Chromium for the test file (launched before its tests, closed after them), and the
 * sandbox a test puts in `sandbox`, closed after that test: the lifecycle every dashboard test file
 * shares.
 *
 * @example
 * const shared = useDashboardBrowser()
 * shared.sandbox = await startSandbox()
 * const page = await (await shared.browser!.newContext()).newPage()
 */
export function useDashboardBrowser(): DashboardBrowser {
  const shared: DashboardBrowser = { browser: undefined, sandbox: undefined }
  beforeAll(async () => {
    shared.browser = await launchChromium()
  }, 60_000)
  afterAll(async () => {
    await shared.browser?.close()
  })
  afterEach(async () => {
    await shared.sandbox?.close()
    shared.sandbox = undefined
  })
  return shared
}

/** A dashboard page opened in a test: the page, and its uncaught errors and console errors so far. */
export interface OpenedDashboard {
  readonly page: Page
  readonly pageErrors: string[]
  readonly consoleErrors: string[]
}

/**
 * Opens `url` (a dashboard address) in a new page of `context`, collecting the page's uncaught
 * errors and console errors from the start, and waits until the dashboard has loaded. `watch`
 * sees the page before it navigates (to listen to its requests, say).
 *
 * @example
 * const { page, pageErrors } = await openDashboard(context, new URL('/__sandbox/', sandbox.url).href)
 */
export async function openDashboard(context: BrowserContext, url: string, watch?: (page: Page) => void): Promise<OpenedDashboard> {
  const page = await context.newPage()
  const opened: OpenedDashboard = { page, pageErrors: [], consoleErrors: [] }
  page.on('console', (message) => {
    if (message.type() === 'error') opened.consoleErrors.push(message.text())
  })
  page.on('pageerror', (error) => opened.pageErrors.push(error.message))
  watch?.(page)
  await page.goto(url)
  await page.locator('#app[aria-busy="false"]').waitFor()
  return opened
}
