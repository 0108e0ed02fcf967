import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// @ts-expect-error -- the benchmark's plain-JavaScript module has no type declarations
import { chooseGenerator, cpuSecondsOf, runLoad } from '../../bench/load.mjs'

interface LoadResult {
  rps: number
  p50: number
  p99: number
  errors: number
  non2xx: number
  serverBusy: number
}

const work = mkdtempSync(join(tmpdir(), 'analytics-sandbox-load-'))
let server: Server
let url: string
const seenPaths: string[] = []

beforeAll(async () => {
  server = createServer((request, response) => {
    seenPaths.push(request.url ?? '')
    const allowed = request.headers['x-api-key'] === 'sbx_user_alpha'
    response.writeHead(allowed ? 200 : 401, { 'content-type': 'application/json' })
    response.end('{}')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  rmSync(work, { recursive: true, force: true })
})

const plan = (extra: Record<string, unknown>) => ({
  url,
  serverPid: process.pid,
  paths: ['/a', '/b'],
  headers: { 'X-API-Key': 'sbx_user_alpha' },
  connections: 4,
  ...extra,
})

describe('the benchmark load generators', () => {
  it('chooses the generator BENCH_LOAD names, and refuses any other name', () => {
    expect(chooseGenerator({ BENCH_LOAD: 'autocannon' })).toBe('autocannon')
    expect(chooseGenerator({ BENCH_LOAD: 'wrk' })).toBe('wrk')
    expect(() => chooseGenerator({ BENCH_LOAD: 'ab' })).toThrow('BENCH_LOAD must be wrk or autocannon, not ab')
    expect(['wrk', 'autocannon']).toContain(chooseGenerator({}))
  })

  it('reads a process CPU time from /proc, growing as it works', () => {
    const before = cpuSecondsOf(process.pid) as number
    const until = performance.now() + 50
    while (performance.now() < until);
    expect(cpuSecondsOf(process.pid)).toBeGreaterThan(before)
  })

  it.each([
    ['for a second', { seconds: 1 }],
    ['for a smoke run (a number of requests, in place)', { amount: 200 }],
  ])(
    'runs autocannon %s, over every path, and reports rate, latency, errors and how busy the server was',
    async (_, size) => {
      seenPaths.length = 0
      const result = (await runLoad(plan(size), { generator: 'autocannon', work })) as LoadResult
      expect(result.rps).toBeGreaterThan(0)
      expect(result.p99).toBeGreaterThanOrEqual(result.p50)
      expect(result).toMatchObject({ errors: 0, non2xx: 0 })
      expect(result.serverBusy).toBeGreaterThan(0)
      expect(new Set(seenPaths)).toEqual(new Set(['/a', '/b']))
    },
    30_000,
  )

  it('runs wrk for a second over every path and counts refused answers, or says how to install wrk where it is missing', async () => {
    seenPaths.length = 0
    const running = runLoad(plan({ seconds: 1, headers: { 'X-API-Key': 'wrong' } }), { generator: 'wrk', work }) as Promise<LoadResult>
    if (chooseGenerator({}) !== 'wrk') {
      await expect(running).rejects.toThrow(
        'wrk is not installed: install it (Debian: apt-get install wrk; macOS: brew install wrk) or set BENCH_LOAD=autocannon',
      )
      return
    }
    const result = await running
    expect(result.rps).toBeGreaterThan(0)
    expect(result.p99).toBeGreaterThanOrEqual(result.p50)
    expect(result.errors).toBe(0)
    expect(result.non2xx).toBeGreaterThan(0)
    expect(result.serverBusy).toBeGreaterThan(0)
    expect(new Set(seenPaths)).toEqual(new Set(['/a', '/b']))
  }, 30_000)
})
