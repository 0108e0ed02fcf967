import { createServer } from 'node:net'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError } from '../../src/vocabulary/config-error.js'
import { ERRORS } from '../../src/vocabulary/errors.js'
import { createSandbox } from '../../src/msw/create-sandbox.js'
import { startSandbox } from '../../src/server/start-sandbox.js'
import { toAnswer } from '../support/transport.js'

const NOW = '2026-03-01'

/**
 * A GET with `key`, its answer checked against the contract. `basePath`: where the API is mounted, for
 * a sandbox without a base URL, which answers `/api/v1/` below any path prefix.
 */
const get = async (url: string, key: string, basePath?: string) => {
  const answer = await toAnswer(await fetch(url, { headers: { 'X-API-Key': key } }), { method: 'GET', url, basePath })
  return { status: answer.status, body: answer.body }
}

/** Where a sandbox without a base URL sees the API in `url`: from the first `/api/v1/` of its path. */
const mountOf = (url: string) => {
  const path = new URL(url).pathname
  return `${path.slice(0, path.indexOf('/api/v1/'))}/api/v1/`
}

describe('createSandbox', () => {
  const one = createSandbox({ now: NOW, baseUrl: 'http://one.test' })
  const two = createSandbox({ now: NOW, baseUrl: 'http://two.test/api/v1/' })
  const server = setupServer(...one.handlers, ...two.handlers)
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
  afterEach(async () => {
    await one.reset()
    await two.reset()
  })
  afterAll(() => server.close())

  it('keeps two sandboxes in one process independent: scenarios, journal and data', async () => {
    one.useScenario('server-error')
    expect((await get('http://one.test/api/v1/projects', one.keys.user)).status).toBe(500)
    expect((await get('http://two.test/api/v1/projects', two.keys.user)).status).toBe(200)
    expect(one.requests.map((entry) => entry.status)).toEqual([500])
    expect(two.requests.map((entry) => entry.status)).toEqual([200])

    const db = await one.db()
    await db.projects.update((q) => q.where({ id: 101 }), { data: (project) => void (project.display_name = 'Renamed') })
    const renamed = await get('http://one.test/api/v1/projects', one.keys.user)
    expect(renamed.status).toBe(500)
    one.useScenario()
    expect((await get('http://one.test/api/v1/projects', one.keys.user)).body.data.projects[0].display_name).toBe('Renamed')
    expect((await get('http://two.test/api/v1/projects', two.keys.user)).body.data.projects[0].display_name).toBe('Northwind Outdoor')
  })

  it('serves records a test adds through db(), and forgets them on reset()', async () => {
    const db = await one.db()
    const [template] = db.projects.findMany((q) => q.where({ id: 101 }))
    await db.projects.create({ ...structuredClone(template!), id: 109, name: 'added', display_name: 'Added in a test' })
    expect((await get('http://one.test/api/v1/projects', one.keys.user)).body.data.total).toBe(4)
    await one.reset()
    expect((await get('http://one.test/api/v1/projects', one.keys.user)).body.data.total).toBe(3)
  })

  it('restores scenarios, journal and counters on reset()', async () => {
    one.useScenario('fail-once')
    expect((await get('http://one.test/api/v1/validate', one.keys.user)).status).toBe(500)
    await one.reset()
    expect(one.requests).toEqual([])
    expect((await get('http://one.test/api/v1/validate', one.keys.user)).status).toBe(200)
  })

  it('throws a ConfigError for a bad option when the sandbox is created, and for an unknown scenario without changing anything', () => {
    expect(() => createSandbox({ now: '2026-02-30' })).toThrow(ConfigError)
    expect(() => createSandbox({ seed: -1 })).toThrow(/seed/)
    expect(() => createSandbox({ baseUrl: 'not a url' })).toThrow(/baseUrl/)
    expect(() => createSandbox({ scenarios: ['nope'] })).toThrow(/Unknown scenario "nope"/)
    one.useScenario('no-data')
    expect(() => one.useScenario('nope')).toThrow(ConfigError)
    // TypeScript refuses the prefixed name already; a JavaScript caller meets the fix at run time.
    const prefixed = 'fault-connection-reset' as 'connection-reset'
    expect(() => one.useScenario({ name: 'mine', description: 'd', rules: [{ fault: { type: prefixed } }] })).toThrow(
      'rules[0].fault.type: must be one of connection-reset, empty-reply, truncated-body, gateway-html, gateway-timeout, slow-body, invalid-json, bandwidth, slow-headers, cut-after, keepalive-close: write connection-reset, without "fault-"',
    )
    expect(one.requests).toEqual([])
  })

  it('answers the 2,000 requests sent while reset() re-seeds a changed record from the old state or the new, never a half-made one (once 280 got 401)', async () => {
    const db = await one.db()
    await db.projects.update((q) => q.where({ id: 101 }), { data: (project) => void (project.display_name = 'Renamed') })
    const resetting = one.reset()
    const answers = await Promise.all(Array.from({ length: 2_000 }, () => get('http://one.test/api/v1/projects', one.keys.user)))
    await resetting
    const seen = new Map<string, number>()
    for (const answer of answers) {
      const shown = `${answer.status} ${answer.body.data?.total} ${answer.body.data?.projects?.[0]?.display_name}`
      seen.set(shown, (seen.get(shown) ?? 0) + 1)
    }
    for (const shown of seen.keys()) expect(['200 3 Renamed', '200 3 Northwind Outdoor']).toContain(shown)
    expect((await get('http://one.test/api/v1/projects', one.keys.user)).body.data.projects[0].display_name).toBe('Northwind Outdoor')
  })

  it('resets in well under a millisecond when no record changed', async () => {
    for (let warm = 0; warm < 50; warm++) await one.reset()
    const started = performance.now()
    for (let run = 0; run < 200; run++) await one.reset()
    expect((performance.now() - started) / 200).toBeLessThan(1)
  })
})

describe('createSandbox without a base URL', () => {
  const sandbox = createSandbox({ now: NOW })
  const server = setupServer(...sandbox.handlers)
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
  afterAll(() => server.close())

  it("answers any origin's /api/v1/, including an API mounted under a path prefix", async () => {
    for (const url of [
      'http://localhost:3000/api/v1/validate',
      'https://api.anything.example/api/v1/validate',
      'http://proxy.test/analytics/api/v1/validate',
    ]) {
      const { status, body } = await get(url, sandbox.keys.user, mountOf(url))
      expect(status).toBe(200)
      expect(body.data.key_level).toBe('USER')
    }
    expect((await get('http://localhost:3000/api/v1/nothing', sandbox.keys.user)).body.errors.error).toBe(ERRORS.notFound.error)
  })
})

describe('startSandbox', () => {
  it('serves on a free port with the same controls, and frees the port on close()', async () => {
    const sandbox = await startSandbox({ now: NOW })
    expect(sandbox.url).toBe(`http://127.0.0.1:${sandbox.port}/api/v1/`)
    sandbox.useScenario('expired-keys')
    expect((await get(`${sandbox.url}validate`, sandbox.keys.user)).status).toBe(401)
    await sandbox.reset()
    expect((await get(`${sandbox.url}validate`, sandbox.keys.user)).status).toBe(200)
    expect(sandbox.requests.map((entry) => entry.key)).toEqual(['sbx_us…ha'])
    await sandbox.close()
    await new Promise<void>((resolve, reject) => {
      const probe = createServer().once('error', reject)
      probe.listen(sandbox.port, '127.0.0.1', () => probe.close(() => resolve()))
    })
  })

  it('rejects with a ConfigError naming the port when it is taken', async () => {
    const first = await startSandbox()
    await expect(startSandbox({ port: first.port })).rejects.toThrow(new RegExp(`Port ${first.port} on 127.0.0.1 is already in use`))
    await first.close()
  })
})
