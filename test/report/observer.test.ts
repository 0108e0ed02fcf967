/**
 * The dashboard never changes what a test sees (product.md, the client report): its own requests
 * (`X-Sandbox-Client: dashboard`) move no per-request scenario counter, are not counted in the
 * client report, stay out of the clients' journal and out of the request log.
 */
import { afterEach, describe, expect, test } from 'vitest'
import { setupServer } from 'msw/node'
import { createSandbox } from '../../src/msw/create-sandbox.js'
import { killAllCli, runCli } from '../cli/run-cli.js'

const DASHBOARD = { 'X-Sandbox-Client': 'dashboard' }
const ALPHA = { 'X-API-Key': 'sbx_user_alpha' }

afterEach(() => killAllCli())

async function start(args: readonly string[] = []) {
  const cli = runCli(['--port', '0', '--now', '2026-03-01', ...args])
  const url = await cli.waitForUrl()
  const origin = new URL(url).origin
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${url}${path}`, { headers })
    return { status: response.status, body: await response.json() }
  }
  const admin = async (path: string, headers: Record<string, string> = {}) =>
    (await (await fetch(`${origin}/__sandbox/${path}`, { headers })).json()).data
  return { cli, url, get, admin }
}

describe("the dashboard's own requests", () => {
  test('leave a fail-once, a flaky sequence and a rate-limit window for the test, while scenarios that hold for every request still show', async () => {
    const { get } = await start(['--scenario', 'fail-once', '--log', 'none'])
    for (let call = 0; call < 5; call++) expect((await get('projects', { ...ALPHA, ...DASHBOARD })).status).toBe(200)
    expect((await get('projects', ALPHA)).status).toBe(500)
    expect((await get('projects', ALPHA)).status).toBe(200)
    expect((await get('projects', { ...ALPHA, ...DASHBOARD, 'X-Sandbox-Scenario': 'rate-limited' })).status).toBe(200)
    expect((await get('projects', { ...ALPHA, 'X-Sandbox-Scenario': 'rate-limited' })).status).toBe(429)
    expect((await get('projects', { ...ALPHA, ...DASHBOARD, 'X-Sandbox-Scenario': 'server-error' })).status).toBe(500)
  })

  test("are neither counted in the client report nor listed in the clients' journal, but in the dashboard's own (?source=dashboard)", async () => {
    const { get, admin } = await start(['--log', 'none'])
    await get('monitoring?startDate=2026-01-01', { ...ALPHA, 'X-Project-ID': '101', ...DASHBOARD })
    await get('validate', ALPHA)
    const coverage = await admin('coverage')
    expect(coverage.covered).toBe(1)
    expect(coverage.warnings).toEqual([])
    expect((await admin('requests')).requests.map((entry: { path: string }) => entry.path)).toEqual(['/api/v1/validate'])
    const own = (await admin('requests?source=dashboard')).requests
    expect(own.map((entry: { path: string; warnings: unknown[] }) => [entry.path, entry.warnings])).toEqual([['/api/v1/monitoring', []]])
    expect((await admin('health')).requests).toBe(1)
  })

  test('stay out of the request log, admin polling included', async () => {
    const { cli, get, admin } = await start(['--log', 'json'])
    await get('projects', { ...ALPHA, ...DASHBOARD })
    await admin('requests', DASHBOARD)
    await get('validate', ALPHA)
    await cli.waitForStdout(/"path":"\/api\/v1\/validate"/)
    const lines = cli
      .stdout()
      .split('\n')
      .filter((line) => line.startsWith('{"time"'))
    expect(lines).toHaveLength(1)
  })
})

describe("requests marked as the dashboard's, through msw (createSandbox)", () => {
  test('move no counter and are not counted, in process as over HTTP', async () => {
    const sandbox = createSandbox({ baseUrl: 'http://observer.test/api/v1/', now: '2026-03-01', scenarios: ['fail-once'] })
    const server = setupServer(...sandbox.handlers)
    server.listen({ onUnhandledRequest: 'error' })
    try {
      const get = (headers: Record<string, string>) =>
        fetch('http://observer.test/api/v1/projects', { headers }).then((response) => response.status)
      expect(await get({ ...ALPHA, ...DASHBOARD })).toBe(200)
      expect(await get(ALPHA)).toBe(500)
      expect(sandbox.requests).toHaveLength(1)
      expect(sandbox.coverage().covered).toBe(1)
    } finally {
      server.close()
    }
  })
})
