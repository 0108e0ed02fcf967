import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ERRORS } from '../../src/core/errors.js'
import { DOCUMENTED_KEYS } from '../../src/model/documented-keys.js'
import { createSandbox } from '../../src/sandbox/create-sandbox.js'
import { startSandbox, type RunningSandbox } from '../../src/server/start-sandbox.js'
import { VerifyError, verifyContract, type VerifyReport } from '../../src/verify/verify-contract.js'
import { TODAY } from '../api/contract/fixtures.js'

/** Every check of a report as `id: result`, for readable failures. */
const results = (report: VerifyReport) => report.checks.map((check) => `${check.id}: ${check.result}${check.issues.length === 0 ? '' : ` ${JSON.stringify(check.issues)}`}`)
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

  it('reports a projectId the key cannot see as drift of the projects list', async () => {
    const report = await verifyContract({ baseUrl: sandbox.url, apiKey: DOCUMENTED_KEYS.user, projectId: 201 })
    expect(failures(report).map((check) => check.id)).toContain('projects')
    expect(failures(report).find((check) => check.id === 'projects')?.issues).toEqual([{ path: 'data.projects', expected: 'a list with project 201 (--project-id)', received: '[101,102,103]' }])
  })

  it('skips the analytics checks, saying why, for an account without projects', async () => {
    const report = await verifyContract({ baseUrl: sandbox.url, apiKey: DOCUMENTED_KEYS.emptyUser })
    expect(report.ok).toBe(true)
    expect(report.checks.filter((check) => check.result === 'skip').map((check) => [check.id, check.note])).toEqual([
      ['monitoring', 'the account has no projects; name one with --project-id'],
      ['overview', 'the account has no projects; name one with --project-id'],
    ])
  })

  it('fails the key checks of an expired key with the 401 it received', async () => {
    const report = await verifyContract({ baseUrl: sandbox.url, apiKey: DOCUMENTED_KEYS.expired })
    expect(report.ok).toBe(false)
    expect(failures(report).map((check) => [check.id, check.issues])).toEqual([
      ['validate', [{ path: '(status)', expected: '200', received: `401 ${ERRORS.unauthorized.error}` }]],
      ['projects', [{ path: '(status)', expected: '200', received: `401 ${ERRORS.unauthorized.error}` }]],
    ])
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
    await expect(verifyContract({ baseUrl: url, apiKey: DOCUMENTED_KEYS.user })).rejects.toThrow(new VerifyError(`cannot reach ${url}: ECONNREFUSED`))
  })

  it('throws a VerifyError for a base URL that is not http(s)', async () => {
    await expect(verifyContract({ baseUrl: 'not a url', apiKey: 'k' })).rejects.toBeInstanceOf(VerifyError)
    await expect(verifyContract({ baseUrl: 'ftp://example.com/api/v1/', apiKey: 'k' })).rejects.toThrow('--base-url must be an http(s) URL (got "ftp:")')
  })
})
