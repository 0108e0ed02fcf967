import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { ERRORS } from '../../src/vocabulary/errors.js'
import { MESSAGES } from '../../src/vocabulary/endpoint-rules.js'
import { createSandbox } from '../../src/msw/create-sandbox.js'
import { startSandbox } from '../../src/server/start-sandbox.js'
import { expectError, expectSuccess } from '../api/contract/expect-envelope.js'
import { USER } from '../api/contract/fixtures.js'
import { httpSandbox, send, TODAY, type HttpSandbox } from './helpers.js'

/** Statuses of `count` sequential GET /projects requests. */
async function statuses(
  request: (path: string, headers: Record<string, string>) => Promise<{ status: number }>,
  count: number,
): Promise<number[]> {
  const result: number[] = []
  for (let index = 0; index < count; index++) result.push((await request('projects', USER)).status)
  return result
}

/** Starts a sandbox, runs `work` with it, and always closes it. */
async function withSandbox<T>(options: Parameters<typeof startSandbox>[0], work: (sandbox: HttpSandbox) => Promise<T>): Promise<T> {
  const sandbox = httpSandbox(await startSandbox(options))
  try {
    return await work(sandbox)
  } finally {
    await sandbox.running.close()
  }
}

const httpStatuses = (sandbox: HttpSandbox, count: number, headers: Record<string, string> = {}) =>
  statuses((path, base) => sandbox.api(path, { headers: { ...base, ...headers } }), count)

describe('flaky is reproducible from the seed', () => {
  let seven: number[] = []

  beforeAll(async () => {
    seven = await withSandbox({ now: TODAY, seed: 7, scenarios: ['flaky'] }, (sandbox) => httpStatuses(sandbox, 30))
  })

  test('Two separate sandboxes with the same seed fail the same request numbers in the same order.', async () => {
    const again = await withSandbox({ now: TODAY, seed: 7, scenarios: ['flaky'] }, (sandbox) => httpStatuses(sandbox, 30))
    expect(again).toEqual(seven)
    expect(seven).toContain(500)
    expect(seven).toContain(200)
    expect(new Set(seven)).toEqual(new Set([200, 500]))
  })

  test('A different seed fails a different sequence of requests.', async () => {
    const eight = await withSandbox({ now: TODAY, seed: 8, scenarios: ['flaky'] }, (sandbox) => httpStatuses(sandbox, 30))
    expect(eight).toContain(500)
    expect(eight).not.toEqual(seven)
  })

  test('flaky chosen with the X-Sandbox-Scenario header gives the same sequence as flaky in force from the start.', async () => {
    const viaHeader = await withSandbox({ now: TODAY, seed: 7 }, (sandbox) => httpStatuses(sandbox, 30, { 'X-Sandbox-Scenario': 'flaky' }))
    expect(viaHeader).toEqual(seven)
  })

  test('flaky in-process with the same seed gives the same sequence as over HTTP.', async () => {
    const sandbox = createSandbox({ now: TODAY, seed: 7, scenarios: ['flaky'], baseUrl: 'http://seven.test' })
    const server = setupServer(...sandbox.handlers)
    server.listen({ onUnhandledRequest: 'error' })
    try {
      const inProcess = await statuses((path, headers) => send(`http://seven.test/api/v1/${path}`, { headers }), 30)
      expect(inProcess).toEqual(seven)
    } finally {
      server.close()
    }
  })

  test('POST /__sandbox/reset starts the flaky sequence over from the first request.', async () => {
    await withSandbox({ now: TODAY, seed: 7, scenarios: ['flaky'] }, async (sandbox) => {
      expect(await httpStatuses(sandbox, 10)).toEqual(seven.slice(0, 10))
      expectSuccess(await sandbox.admin('reset', { method: 'POST' }), 'Sandbox reset')
      expect(await httpStatuses(sandbox, 30)).toEqual(seven)
    })
  })
})

describe('fail-once and nth counting start over on a reset', () => {
  test('POST /__sandbox/reset makes fail-once fail the next request again.', async () => {
    await withSandbox({ now: TODAY, scenarios: ['fail-once'] }, async (sandbox) => {
      expect(await httpStatuses(sandbox, 3)).toEqual([500, 200, 200])
      expectSuccess(await sandbox.admin('reset', { method: 'POST' }), 'Sandbox reset')
      expectError(await sandbox.api('projects', { headers: USER }), ERRORS.projectsFailed)
      expectSuccess(await sandbox.api('projects', { headers: USER }), MESSAGES.projects)
    })
  })

  test('POST /__sandbox/reset also restarts the counting of scenarios chosen with the X-Sandbox-Scenario header.', async () => {
    await withSandbox({ now: TODAY }, async (sandbox) => {
      const header = { 'X-Sandbox-Scenario': 'fail-once' }
      expect(await httpStatuses(sandbox, 2, header)).toEqual([500, 200])
      expectSuccess(await sandbox.admin('reset', { method: 'POST' }), 'Sandbox reset')
      expect(await httpStatuses(sandbox, 2, header)).toEqual([500, 200])
    })
  })

  test('PUT /__sandbox/scenario puts a scenario in force with fresh counters, even when it was already active.', async () => {
    await withSandbox({ now: TODAY }, async (sandbox) => {
      const nth = { name: 'second-only', description: 'Fails the second request.', rules: [{ fail: { status: 500, nth: [2] } }] }
      expect((await sandbox.putScenarios([nth])).status).toBe(200)
      expect(await httpStatuses(sandbox, 3)).toEqual([200, 500, 200])
      expect((await sandbox.putScenarios(['second-only'])).status).toBe(200)
      expect(await httpStatuses(sandbox, 3)).toEqual([200, 500, 200])
    })
  })

  describe('in-process', () => {
    const sandbox = createSandbox({ now: TODAY, scenarios: ['fail-once'], baseUrl: 'http://reset.test' })
    const server = setupServer(...sandbox.handlers)
    const request = (path: string, headers: Record<string, string>) => send(`http://reset.test/api/v1/${path}`, { headers })

    beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
    afterEach(() => sandbox.reset())
    afterAll(() => server.close())

    test('sandbox.reset() makes the initial fail-once fail the next request again.', async () => {
      expect(await statuses(request, 3)).toEqual([500, 200, 200])
      await sandbox.reset()
      expect(await statuses(request, 2)).toEqual([500, 200])
    })

    test('sandbox.reset() restores the initial scenarios after useScenario replaced them, with fresh counters.', async () => {
      sandbox.useScenario('flaky')
      const first = await statuses(request, 20)
      await sandbox.reset()
      expect(await statuses(request, 2)).toEqual([500, 200])
      sandbox.useScenario('flaky')
      expect(await statuses(request, 20)).toEqual(first)
    })
  })
})
