/**
 * The full-size run of "output nobody reads", for `npm run test:hostile` only (vitest.hostile.config.ts):
 * 500,000 requests take about a minute. `npm test` runs the 20,000-request version (test/cli/harness.test.ts).
 */
import { readFileSync } from 'node:fs'
import { Agent, request } from 'node:http'
import { afterEach, describe, expect, test } from 'vitest'
import { killAllCli, runCli } from '../cli/run-cli.js'

afterEach(killAllCli)

function rssMb(pid: number): number {
  return Number(/^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? Number.NaN) / 1024
}

describe('hostile load at full size', () => {
  test('Output nobody reads: 500,000 logged requests with stdout never read leave the process alive under 200 MB, the lines dropped and counted.', async () => {
    const cli = runCli(['--port', '0'])
    const url = await cli.waitForUrl()
    cli.child.stdout?.pause()
    const agent = new Agent({ keepAlive: true, maxSockets: 32 })
    let sent = 0
    const one = () =>
      new Promise<void>((resolve, reject) => {
        request(`${url}projects`, { agent, headers: { 'X-API-Key': 'sbx_user_alpha' } }, (response) => response.resume().on('end', resolve))
          .on('error', reject)
          .end()
      })
    await Promise.all(
      Array.from({ length: 32 }, async () => {
        while (sent++ < 500_000) await one()
      }),
    )
    agent.destroy()
    expect(rssMb(cli.child.pid!)).toBeLessThan(200)
    const health = (await (await fetch(new URL('/__sandbox/health', url))).json()) as {
      data: { requests: number; log: { dropped: number } }
    }
    expect(health.data.requests).toBe(500_000)
    expect(health.data.log.dropped).toBeGreaterThan(400_000)
    const started = performance.now()
    expect((await fetch(`${url}validate`, { headers: { 'X-API-Key': 'sbx_user_alpha' } })).status).toBe(200)
    expect(performance.now() - started).toBeLessThan(1_000)
  }, 600_000)
})
