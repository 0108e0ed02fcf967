import { afterAll, describe, expect, it } from 'vitest'
import { killAllCli, runCli } from '../cli/run-cli.js'
import { rssMb } from '../hardening/raw-http.js'
import { rawExchange } from './raw-exchange.js'

afterAll(() => killAllCli())

/** Runs `count` calls of `work`, `concurrency` at a time. */
async function pool(count: number, concurrency: number, work: (index: number) => Promise<unknown>): Promise<void> {
  let next = 0
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await work(next++)
    }),
  )
}

describe('faults never harm the sandbox', () => {
  it('answers after 1,000 resets and 200 cut bodies at concurrency 50, its RSS under 200 MB', async () => {
    const cli = runCli(['--port', '0', '--log', 'none'])
    const url = new URL(await cli.waitForUrl())
    const port = Number(url.port)
    const headers = (scenario: string) => ({ 'X-API-Key': 'sbx_user_alpha', 'X-Sandbox-Scenario': scenario })
    let peak = 0
    const sample = setInterval(() => (peak = Math.max(peak, rssMb(cli.child.pid!) ?? 0)), 100)
    try {
      await pool(1_000, 50, () => rawExchange(port, '/api/v1/projects', headers('fault-connection-reset'), 5_000))
      await pool(200, 50, () => rawExchange(port, '/api/v1/projects', headers('fault-truncated-body'), 5_000))
    } finally {
      clearInterval(sample)
    }
    const after = await fetch(`${url.href}projects`, { headers: { 'X-API-Key': 'sbx_user_alpha' } })
    expect(after.status).toBe(200)
    expect(peak).toBeGreaterThan(0)
    expect(peak).toBeLessThan(200)
    const health = await (await fetch(new URL('/__sandbox/health', url))).json()
    expect(health.data.requests).toBeGreaterThanOrEqual(1_201)
  }, 60_000)
})
