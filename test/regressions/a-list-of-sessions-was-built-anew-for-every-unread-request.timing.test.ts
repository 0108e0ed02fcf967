/**
 * Issue #36, row 6: `GET /__sandbox/sessions` grows with the callers (1,000 sessions with
 * 200-character labels list in about 300 KB) but was built anew for every request and was not among
 * the heavy admin answers that wait while readers lag: 1,500 sockets pipelining two of them and
 * never reading made a concurrent `/api/v1/validate` take 3.5–8.7 s. It is now built once per
 * change and shared, under the same back-pressure as the journal and the keys. (A timing test: the
 * timing tier runs it alone.)
 */
import { afterEach, describe, expect, test } from 'vitest'
import { killAllCli, runCli } from '../cli/run-cli.js'
import { LIVENESS_MS } from '../hardening/hostile-support.js'
import { pipelineFlood, type Flood } from '../hardening/pipeline-flood.js'

let flood: Flood | undefined
afterEach(async () => {
  flood?.close()
  flood = undefined
  await killAllCli()
})

describe('a flood of session lists that nobody reads', () => {
  test('leaves another client answered within a second', async () => {
    const cli = runCli(['--port', '0', '--log', 'none'])
    const url = await cli.waitForUrl()
    const { origin, port } = new URL(url)
    let made = 0
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (made < 1_000) {
          made++
          const response = await fetch(`${origin}/__sandbox/sessions`, { method: 'POST', body: JSON.stringify({ label: 'l'.repeat(200) }) })
          expect(response.status).toBe(201)
        }
      }),
    )
    flood = await pipelineFlood(Number(port), 1_500, 2, 'GET /__sandbox/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')
    const times: number[] = []
    for (let round = 0; round < 5; round++) {
      const started = performance.now()
      const response = await fetch(`${url}validate`, { headers: { 'X-API-Key': 'sbx_user_alpha' }, signal: AbortSignal.timeout(15_000) })
      await response.arrayBuffer()
      expect(response.status).toBe(200)
      times.push(performance.now() - started)
    }
    expect(Math.max(...times)).toBeLessThan(LIVENESS_MS)
  }, 60_000)
})
