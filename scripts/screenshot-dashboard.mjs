// Takes the README's picture of the dashboard, docs/dashboard.png (or the path given):
// `npm run build && node scripts/screenshot-dashboard.mjs`. A sandbox with a fixed clock, a few
// requests (one refused and sent again, one failing) so the journal and the behaviour verdicts have
// something to show, then the page in the Chromium the browser tests use, at a fixed size and in UTC.
import { resolve } from 'node:path'
import { startSandbox } from '../dist/index.js'
import { launchChromium } from './chromium.mjs'

const output = resolve(process.argv[2] ?? new URL('../docs/dashboard.png', import.meta.url).pathname)
const sandbox = await startSandbox({ now: '2026-11-24T09:30:00Z' })
const browser = await launchChromium()
try {
  const call = (endpoint, key, headers = {}) => fetch(`${sandbox.url}${endpoint}`, { headers: { 'X-API-Key': key, ...headers } })
  await call('projects', 'sbx_user_alpha')
  await call('monitoring', 'sbx_user_alpha', { 'X-Project-ID': '102' })
  await call('validate', 'sbx_user_expired')
  // Sent again unchanged after its 401: the behaviour panel has a rule broken to show.
  await call('validate', 'sbx_user_expired')
  await call('overview', 'sbx_user_alpha', { 'X-Project-ID': '101', 'X-Sandbox-Scenario': 'server-error' })
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 }, locale: 'en-US', timezoneId: 'UTC' })
  const page = await context.newPage()
  await page.goto(new URL('/__sandbox/', sandbox.url).href)
  await page.locator('#visibility-chart canvas').waitFor()
  await page.locator('#journal-list li').nth(4).waitFor()
  await page.locator('#behaviour-rules li[data-verdict="fail"]').waitFor()
  await page.locator('#chart-provider').selectOption('perplexity')
  await page.locator('[data-range-days="90"]').click()
  await page.getByText('for 90 dates').waitFor()
  await page.screenshot({ path: output, fullPage: true })
  process.stdout.write(`Wrote ${output}\n`)
} finally {
  await browser.close()
  await sandbox.close()
}
