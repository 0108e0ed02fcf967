import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ERRORS } from '../../src/vocabulary/errors.js'
import { DOCUMENTED_KEYS } from '../../src/vocabulary/documented-keys.js'
import { createSandbox } from '../../src/msw/create-sandbox.js'
import { startSandbox, type RunningSandbox } from '../../src/server/start-sandbox.js'
import { VerifyError, verifyContract, type VerifyReport } from '../../src/verify/verify-contract.js'
import { TODAY } from '../api/contract/fixtures.js'
import { startDriftProxy } from '../support/drift-proxy.js'
import { expectAnswer } from '../../src/verify/expect-answer.js'
import { createProber, MAX_ANSWER_BYTES } from '../../src/verify/probe.js'

/** Every check of a report as `id: result`, for readable failures. */
const results = (report: VerifyReport) =>
  report.checks.map((check) => `${check.id}: ${check.result}${check.issues.length === 0 ? '' : ` ${JSON.stringify(check.issues)}`}`)
const failures = (report: VerifyReport) => report.checks.filter((check) => check.result === 'fail')

describe('verify against a sandbox over real HTTP', () => {
  let sandbox: RunningSandbox
  beforeAll(async () => {
    sandbox = await startSandbox({ now: TODAY })
  })
  afterAll(() => sandbox.close())

  it('passes every check with the documented USER key, on its first project', async () => {
    const report = await verifyContract({ baseUrl: sandbox.url, apiKey: DOCUMENTED_KEYS.user })
    expect(results(report).filter((line) => !line.endsWith(': pass'))).toEqual([])
    expect(report).toMatchObject({ ok: true, failed: 0, skipped: 0, keyLevel: 'USER', projectId: 101, key: 'sbx_us…ha' })
    expect(report.passed).toBe(24)
  })

  it('passes every check with the PROJECT key, on its own project', async () => {
    const report = await verifyContract({ baseUrl: sandbox.url, apiKey: DOCUMENTED_KEYS.project })
    expect(results(report).filter((line) => !line.endsWith(': pass'))).toEqual([])
    expect(report).toMatchObject({ ok: true, keyLevel: 'PROJECT', projectId: 101 })
    expect(report.checks.map((check) => check.id)).toContain('monitoring.project-key-with-header')
  })

  it('uses the project named by projectId, and every project passes', async () => {
    for (const projectId of [102, 103]) {
      const report = await verifyContract({ baseUrl: sandbox.url, apiKey: DOCUMENTED_KEYS.user, projectId })
      expect(results(report).filter((line) => !line.endsWith(': pass'))).toEqual([])
      expect(report.projectId).toBe(projectId)
    }
  })

  it('throws a VerifyError naming a --project-id the key cannot see, the user’s mistake, instead of reporting drift', async () => {
    await expect(verifyContract({ baseUrl: sandbox.url, apiKey: DOCUMENTED_KEYS.user, projectId: 201 })).rejects.toThrow(
      new VerifyError('--project-id 201: the key has no access to that project (403); choose one GET /projects lists for it'),
    )
  })

  it('skips the analytics checks, saying why, for an account without projects', async () => {
    const report = await verifyContract({ baseUrl: sandbox.url, apiKey: DOCUMENTED_KEYS.emptyUser })
    expect(report.ok).toBe(true)
    expect(report.checks.filter((check) => check.result === 'skip').map((check) => [check.id, check.note])).toEqual([
      ['monitoring', 'the account has no projects; name one with --project-id'],
      ['overview', 'the account has no projects; name one with --project-id'],
    ])
  })

  it('throws a VerifyError for an expired, revoked or unknown key, the user’s mistake, instead of reporting drift', async () => {
    for (const apiKey of [DOCUMENTED_KEYS.expired, DOCUMENTED_KEYS.revoked, 'sbx_not_a_key_at_all']) {
      await expect(verifyContract({ baseUrl: sandbox.url, apiKey })).rejects.toThrow(
        new VerifyError(
          'the key was refused (401): it is unknown, expired or revoked; verify needs a valid key (--api-key, ANALYTICS_API_KEY)',
        ),
      )
    }
  })

  it('throws a VerifyError for a base URL without /api/v1/, whose /validate is 404', async () => {
    const root = new URL('/', sandbox.url).href
    await expect(verifyContract({ baseUrl: root, apiKey: DOCUMENTED_KEYS.user })).rejects.toThrow(
      new VerifyError(`${root}validate answered 404: --base-url must be the API's base URL, ending in /api/v1/`),
    )
  })

  it('masks the key wherever a deployment echoes it back, and accepts words of its own in messages the contract does not fix', async () => {
    const echo = await startDriftProxy(sandbox.url, {
      endpoint: 'projects',
      status: 200,
      alter(body) {
        body.message = `Projects for ${DOCUMENTED_KEYS.user}`
        body.data.projects[0].name = DOCUMENTED_KEYS.user
      },
    })
    try {
      const report = await verifyContract({ baseUrl: echo.url, apiKey: DOCUMENTED_KEYS.user })
      expect(JSON.stringify(report)).not.toContain(DOCUMENTED_KEYS.user)
      expect(report.checks.find((check) => check.id === 'projects')?.result).toBe('pass')
    } finally {
      await echo.close()
    }
  })

  it('still checks word for word the messages the contract fixes (a 500’s), and only asks for words elsewhere (invalid_region’s)', () => {
    const answer = (status: number, body: unknown) => ({
      request: 'GET /x',
      status,
      contentType: 'application/json',
      text: JSON.stringify(body),
      body,
    })
    const reworded500 = { success: false, message: 'Oops', code: 500, data: {}, errors: {}, meta_data: {} }
    expect(
      expectAnswer(answer(500, reworded500), { endpoint: 'projects', status: 500, template: ERRORS.projectsFailed }).map(
        (issue) => issue.path,
      ),
    ).toEqual(['message'])
    const region = {
      success: false,
      message: 'Region not supported',
      code: 400,
      data: {},
      errors: { error: 'invalid_region', detail: ERRORS.invalidRegion.detail },
      meta_data: {},
    }
    expect(expectAnswer(answer(400, region), { endpoint: 'monitoring', status: 400, template: ERRORS.invalidRegion })).toEqual([])
    expect(
      expectAnswer(answer(400, { ...region, message: '' }), { endpoint: 'monitoring', status: 400, template: ERRORS.invalidRegion }).map(
        (issue) => issue.path,
      ),
    ).toEqual(['message'])
  })

  it('runs only the checks the specification states with specOnly, skipping the sandbox decisions', async () => {
    const report = await verifyContract({ baseUrl: sandbox.url, apiKey: DOCUMENTED_KEYS.user, specOnly: true })
    expect(report.ok).toBe(true)
    const skipped = report.checks.filter((check) => check.result === 'skip')
    expect(skipped.length).toBeGreaterThan(0)
    expect(skipped.every((check) => check.basis === 'sandbox' && check.note === 'a sandbox decision (--spec-only)')).toBe(true)
    expect(report.checks.filter((check) => check.result === 'pass').every((check) => check.basis === 'spec')).toBe(true)
  })

  it('sends GET requests only', async () => {
    sandbox.reset()
    await verifyContract({ baseUrl: sandbox.url, apiKey: DOCUMENTED_KEYS.user })
    const entries = sandbox.requests
    expect(entries.length).toBeGreaterThan(20)
    expect(new Set(entries.map((entry) => entry.method))).toEqual(new Set(['GET']))
  })

  it('reports the answers of a deployment in trouble: every 200 check fails with the 500 it got', async () => {
    sandbox.useScenario('server-error')
    try {
      const report = await verifyContract({ baseUrl: sandbox.url, apiKey: DOCUMENTED_KEYS.user })
      expect(failures(report).map((check) => check.issues[0])).toContainEqual({ path: '(status)', expected: '200', received: '500' })
      expect(report.ok).toBe(false)
    } finally {
      sandbox.reset()
    }
  })

  it('accepts a base URL without its final slash', async () => {
    const report = await verifyContract({ baseUrl: sandbox.url.replace(/\/$/, ''), apiKey: DOCUMENTED_KEYS.user })
    expect(report.baseUrl).toBe(sandbox.url)
    expect(report.ok).toBe(true)
  })
})

describe('verify through msw in-process', () => {
  const sandbox = createSandbox({ now: TODAY })
  const server = setupServer(...sandbox.handlers)
  beforeAll(async () => {
    server.listen({ onUnhandledRequest: 'error' })
    await sandbox.ready()
  })
  afterAll(() => server.close())

  it('passes every check with the documented keys against createSandbox().handlers', async () => {
    for (const apiKey of [DOCUMENTED_KEYS.user, DOCUMENTED_KEYS.project, DOCUMENTED_KEYS.otherUser]) {
      const report = await verifyContract({ baseUrl: 'http://sandbox.test/api/v1/', apiKey })
      expect(results(report).filter((line) => !line.endsWith(': pass'))).toEqual([])
    }
  })
})

describe('verify when it cannot run', () => {
  it('throws a VerifyError naming the base URL when nothing answers there', async () => {
    const closed = await startSandbox()
    const url = closed.url
    await closed.close()
    await expect(verifyContract({ baseUrl: url, apiKey: DOCUMENTED_KEYS.user })).rejects.toThrow(
      new VerifyError(`cannot reach ${url}: ECONNREFUSED`),
    )
  })

  it('throws a VerifyError for a base URL that is not http(s)', async () => {
    await expect(verifyContract({ baseUrl: 'not a url', apiKey: 'k' })).rejects.toBeInstanceOf(VerifyError)
    await expect(verifyContract({ baseUrl: 'ftp://example.com/api/v1/', apiKey: 'k' })).rejects.toThrow(
      '--base-url must be an http(s) URL (got "ftp:")',
    )
  })
})

describe('verify against a deployment that never ends its answer', () => {
  it('stops reading an answer past MAX_ANSWER_BYTES and reports it as no answer, instead of filling memory (once 2 GB)', async () => {
    const chunk = new Uint8Array(64 * 1024).fill(0x20)
    let sent = 0
    const endless = () =>
      Promise.resolve(
        new Response(
          new ReadableStream<Uint8Array>({
            pull(controller) {
              sent += chunk.byteLength
              controller.enqueue(chunk)
            },
          }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        ),
      )
    const probe = createProber({
      baseUrl: 'http://deployment.test/api/v1/',
      apiKey: 'sbx_user_alpha',
      timeoutMs: 10_000,
      fetch: endless as typeof fetch,
    })
    const answer = await probe({ path: 'validate' })
    expect(answer.failure).toBe('an answer over 16 MiB, not read further')
    expect(sent).toBeLessThan(MAX_ANSWER_BYTES + 4 * chunk.byteLength)
  })
})
