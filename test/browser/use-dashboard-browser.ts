import type { Browser } from 'playwright-core'
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
