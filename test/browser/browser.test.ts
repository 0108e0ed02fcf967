import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ERRORS } from '../../src/vocabulary/errors.js'
import { MESSAGES } from '../../src/vocabulary/endpoint-rules.js'
import { DOCUMENTED_KEYS } from '../../src/vocabulary/documented-keys.js'
import { expectError, expectSuccess } from '../api/contract/expect-envelope.js'
import { expectConforming } from '../support/expect-conforming.js'
import type { Answer } from '../support/transport.js'
import { INSTALL_TIMEOUT_MS, packRepository, report, run, writeConsumerProject } from '../package/consumer-project.js'
import { buildPage } from './build-page.js'
import { launchChromium } from './launch-chromium.js'
import { REMOTE_BASE_URL, type SandboxName } from './page/page-api.js'
import { serveFolder, type StaticServer } from './static-server.js'

const USER = { 'X-API-Key': DOCUMENTED_KEYS.user }
const PROJECT = { 'X-API-Key': DOCUMENTED_KEYS.project }

/** Where the page's packages come from: this repository (msw 2), or a fresh project with msw 3 installed. */
interface Flavour {
  readonly msw: number
  /** Makes the consumer project to bundle the page in; `undefined`: this repository. */
  readonly project: ((work: string) => Promise<string>) | undefined
  /** The package's browser entry and msw's, as the bundle's inputs name them. */
  readonly inputs: readonly [string, string]
}

const FLAVOURS: readonly Flavour[] = [
  { msw: 2, project: undefined, inputs: ['dist/browser.js', 'node_modules/msw/lib/browser/index.mjs'] },
  {
    msw: 3,
    project: (work) => installConsumer(work, 3),
    inputs: ['node_modules/analytics-sandbox/dist/browser.js', 'node_modules/msw/lib/browser/index.js'],
  },
]

/** The packed tarball and msw `major` installed into a fresh project under `work`; returns the project. */
async function installConsumer(work: string, major: number): Promise<string> {
  const { tarball } = await packRepository(join(work, 'pack'))
  const project = join(work, 'project')
  await writeConsumerProject(project, major)
  // Node 20 runs this: msw 3 asks for 22.12 in `engines`, which npm only warns about; the page runs in Chromium.
  const install = await run(
    'npm',
    ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', tarball, `msw@${major}`],
    project,
    INSTALL_TIMEOUT_MS,
  )
  if (install.code !== 0) throw new Error(report(`npm install msw@${major} <tarball>`, install))
  return project
}

describe.each(FLAVOURS)('The sandbox in headless Chromium, through msw $msw setupWorker', (flavour) => {
  let folder = ''
  let inputs: string[] = []
  let server: StaticServer | undefined
  let browser: Browser | undefined
  let page: Page | undefined
  const pageErrors: string[] = []
  const consoleErrors: Array<{ text: string; url: string }> = []
  /** `<status> <url>` of each error answer a test asked for: Chromium logs those as console errors. */
  const errorAnswers = new Set<string>()

  /**
   * Why the build, the server, Chromium or the page did not start. Every test then fails with it:
   * a failing beforeAll would only mark the tests skipped (and CI's count line reads skipped ones
   * as not failed).
   */
  let startFailure: unknown

  const inPage = (): Page => {
    if (startFailure !== undefined) throw startFailure
    if (page === undefined) throw new Error('The page was not started.')
    return page
  }

  /** A real fetch from the page, with its answer as the API tests read it. */
  const request = async (url: string, headers: Record<string, string> = {}): Promise<Answer & { url: string }> => {
    const answer = await inPage().evaluate(([url, headers]) => window.sandboxPage!.request(url, headers), [url, headers] as const)
    let body: unknown
    try {
      body = JSON.parse(answer.text)
    } catch {
      body = undefined
    }
    if (answer.status >= 400) errorAnswers.add(`${answer.status} ${answer.url}`)
    expectConforming({
      method: 'GET',
      url: answer.url === '' ? new URL(url, server?.url).href : answer.url,
      status: answer.status,
      text: answer.text,
      body,
    })
    return { url: answer.url, status: answer.status, headers: new Headers(answer.headers), text: answer.text, body }
  }

  const requests = (sandbox: SandboxName) => inPage().evaluate((sandbox) => window.sandboxPage!.requests(sandbox), sandbox)

  async function start(): Promise<void> {
    folder = await mkdtemp(join(tmpdir(), 'analytics-sandbox-browser-'))
    const pageFolder = join(folder, 'page')
    inputs = await buildPage(pageFolder, flavour.project === undefined ? undefined : await flavour.project(folder))
    server = await serveFolder(pageFolder)
    browser = await launchChromium()
    const opened = await (await browser.newContext()).newPage()
    opened.setDefaultTimeout(5_000)
    opened.on('pageerror', (error) => pageErrors.push(error.stack ?? error.message))
    opened.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push({ text: message.text(), url: message.location().url })
    })
    await opened.goto(server.url, { timeout: 5_000 })
    try {
      await opened.waitForFunction(() => window.sandboxPage !== undefined || window.sandboxPageError !== undefined, undefined, {
        timeout: 10_000,
      })
    } catch (error) {
      throw new Error(
        `The page did not get ready within 10 s. Page errors: ${JSON.stringify(pageErrors)}; console errors: ${JSON.stringify(consoleErrors)}`,
        {
          cause: error,
        },
      )
    }
    const failure = await opened.evaluate(() => window.sandboxPageError)
    if (failure !== undefined) throw new Error(`The page failed to start: ${failure}`)
    page = opened
  }

  // Each wait inside is bounded: the msw 3 project's install, Chromium's launch 10 s, the page's load 5 s, its readiness 10 s.
  beforeAll(async () => {
    try {
      await start()
    } catch (error) {
      startFailure = error
    }
  }, INSTALL_TIMEOUT_MS + 60_000)

  afterEach(async () => {
    if (page !== undefined) await page.evaluate(() => window.sandboxPage!.reset())
  })

  afterAll(async () => {
    try {
      await browser?.close()
    } finally {
      await server?.close()
      if (folder !== '') await rm(folder, { recursive: true, force: true })
    }
  })

  it("Msw's worker script, served from the root of the page's origin, controls the page.", async () => {
    expect(await inPage().evaluate(() => window.sandboxPage!.controller)).toBe(`${server?.url}mockServiceWorker.js`)
    expect(server?.requested).toContain('/mockServiceWorker.js')
  })

  it("The page runs the package's built browser entry, which esbuild picks through the browser export condition.", () => {
    if (inputs.length === 0) throw startFailure ?? new Error('The page was not built.')
    const [entry, msw] = flavour.inputs
    expect(inputs).toContain(entry)
    expect(inputs).toContain(msw)
    const dist = entry.slice(0, -'browser.js'.length)
    expect(inputs.filter((path) => path === `${dist}index.js` || path.startsWith(`${dist}server/`) || path.startsWith('src/'))).toEqual([])
  })

  it('A page-relative GET /api/v1/projects with the USER key gets 200 and the projects 101, 102 and 103.', async () => {
    const answer = await request('/api/v1/projects', USER)
    expect(answer.url).toBe(`${server?.url}api/v1/projects`)
    expectSuccess(answer, MESSAGES.projects)
    expect(answer.body.data.projects.map((project: { id: number }) => project.id)).toEqual([101, 102, 103])
    expect(answer.body.data.total).toBe(3)
  })

  it('A GET /api/v1/monitoring with the USER key but no X-Project-ID gets the 400 missing_project_id envelope.', async () => {
    expectError(await request('/api/v1/monitoring', USER), ERRORS.missingProjectId)
  })

  it(`An absolute ${REMOTE_BASE_URL}/api/v1/validate, a host that does not exist, is answered 200 by the sandbox created with that baseUrl.`, async () => {
    const answer = await request(`${REMOTE_BASE_URL}/api/v1/validate`, USER)
    expect(answer.url).toBe(`${REMOTE_BASE_URL}/api/v1/validate`)
    expectSuccess(answer, MESSAGES.validate)
    expect(answer.body.data).toEqual({ valid: true, key_level: 'USER', user_id: 1, project_id: null, expiry: '2099-12-31T23:59:59Z' })
    expect((await requests('remote')).map(({ path, status }) => ({ path, status }))).toEqual([{ path: '/api/v1/validate', status: 200 }])
    expect(await requests('local')).toEqual([])
  })

  it('With the server-error scenario put in force from the page, GET /api/v1/projects gets 500 Failed to retrieve projects.', async () => {
    await inPage().evaluate(() => window.sandboxPage!.useScenario('local', 'server-error'))
    expectError(await request('/api/v1/projects', USER), ERRORS.projectsFailed)
    expect((await requests('local')).at(-1)).toMatchObject({ status: 500, scenarios: ['server-error'] })
  })

  it("The page's sandbox.requests journals each request with its key masked, and no whole key anywhere.", async () => {
    await request('/api/v1/projects', USER)
    await request('/api/v1/validate', PROJECT)
    const journal = await requests('local')
    expect(journal.map(({ method, path, status, key }) => ({ method, path, status, key }))).toEqual([
      { method: 'GET', path: '/api/v1/projects', status: 200, key: 'sbx_us…ha' },
      { method: 'GET', path: '/api/v1/validate', status: 200, key: 'sbx_pr…01' },
    ])
    expect(JSON.stringify(journal)).not.toContain(DOCUMENTED_KEYS.user)
    expect(JSON.stringify(journal)).not.toContain(DOCUMENTED_KEYS.project)
  })

  it('No API request reached the static server: the worker answered every one.', () => {
    inPage()
    expect(server?.requested.filter((path) => path.includes('/api/'))).toEqual([])
  })

  it("The page raised no errors and logged no console errors but Chromium's notes of the error answers the tests asked for.", () => {
    inPage()
    expect(pageErrors).toEqual([])
    const expected = ({ text, url }: { text: string; url: string }) => {
      const status = /^Failed to load resource: the server responded with a status of (\d{3})\b/.exec(text)?.[1]
      return status !== undefined && errorAnswers.has(`${status} ${url}`)
    }
    expect(consoleErrors.filter((message) => !expected(message))).toEqual([])
  })
})
