/**
 * Regression: "any web page can steer a local sandbox". A page on another origin, in real headless
 * Chromium, tries what the attack did: read the journal, reset the sandbox with a `no-cors` POST,
 * switch scenarios off with a PUT. None of it may read or change anything.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '../../src/server/start-sandbox.js'
import { launchChromium } from './launch-chromium.js'
import { serveFolder, type StaticServer } from './static-server.js'

describe('A web page of another origin, in headless Chromium, against a sandbox on loopback', () => {
  let folder = ''
  let site: StaticServer | undefined
  let browser: Browser | undefined
  let sandbox: RunningSandbox | undefined

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'analytics-sandbox-foreign-'))
    await writeFile(join(folder, 'index.html'), '<!doctype html><title>another site</title><p>Another site.</p>')
    site = await serveFolder(folder)
    sandbox = await startSandbox({ now: '2026-01-15' })
    browser = await launchChromium()
  }, 60_000)

  afterAll(async () => {
    await browser?.close()
    await sandbox?.close()
    await site?.close()
    if (folder !== '') await rm(folder, { recursive: true, force: true })
  })

  it('cannot read the journal, reset the sandbox or switch its scenarios, and the API still answers it', async () => {
    sandbox!.useScenario('empty-account')
    await fetch(`${sandbox!.url}validate`, { headers: { 'X-API-Key': 'sbx_user_alpha' } })
    const page = await (await browser!.newContext()).newPage()
    await page.goto(site!.url)
    const admin = `http://127.0.0.1:${sandbox!.port}/__sandbox/`
    const outcome = await page.evaluate(
      async ({ admin, api }) => {
        const attempt = (promise: Promise<Response>) =>
          promise.then(
            async (response) => `read ${response.status}: ${await response.text()}`,
            (error: unknown) => `blocked: ${String(error)}`,
          )
        return {
          journal: await attempt(fetch(`${admin}requests`)),
          reset: await attempt(fetch(`${admin}reset`, { method: 'POST', mode: 'no-cors', body: '' })),
          scenario: await attempt(
            fetch(`${admin}scenario`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: '{"scenarios":[]}' }),
          ),
          api: await attempt(fetch(`${api}projects`, { headers: { 'X-API-Key': 'sbx_user_alpha' } })),
        }
      },
      { admin, api: sandbox!.url },
    )
    expect(outcome.journal).toMatch(/^blocked: TypeError/)
    // A no-cors answer is opaque to the page (status 0); what matters is that the sandbox did nothing.
    expect(outcome.reset).toBe('read 0: ')
    // A PUT needs a preflight, which the admin API refuses.
    expect(outcome.scenario).toMatch(/^blocked: TypeError/)
    expect(outcome.api).toMatch(/^read 200: \{"success":true/)
    // empty-account is still in force (the page's reset and PUT were refused), so /projects lists none.
    expect(JSON.parse(outcome.api.slice('read 200: '.length)).data).toEqual({ projects: [], total: 0 })
    expect(sandbox!.requests.map((entry) => entry.path)).toEqual(['/api/v1/validate', '/api/v1/projects'])
  })
})
