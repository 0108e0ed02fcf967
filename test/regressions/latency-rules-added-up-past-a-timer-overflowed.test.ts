import { answeredNow } from '../support/answered-now.js'
/**
 * Issue #36, row 5: 16 scenarios of 256 rules of `latency: 600000`, all active, added up to 41
 * days: Node's timer overflowed (past 2^31 − 1 ms), answered in 6 ms, and wrote a
 * `TimeoutOverflowWarning` to stderr per request. The sum is now capped at the documented most of a
 * rule, ten minutes.
 */
import { afterEach, describe, expect, test } from 'vitest'
import { createSandboxCore, resolveSandboxConfig } from '../../src/sandbox/open-sandbox.js'
import { dispatch } from '../../src/core/dispatch.js'
import { MAX_LATENCY_MS } from '../../src/vocabulary/latency.js'
import type { ScenarioInput } from '../../src/index.js'
import { killAllCli, runCli } from '../cli/run-cli.js'
import { THIS_PROCESS } from '../../src/sandbox/this-process.js'

afterEach(async () => {
  await killAllCli()
})

/** Sixteen scenarios of 256 ten-minute latency rules each. */
const SLOWEST: ScenarioInput[] = Array.from({ length: 16 }, (_, index) => ({
  name: `slowest-${index}`,
  description: 'Every rule adds ten minutes',
  rules: Array.from({ length: 256 }, () => ({ latency: MAX_LATENCY_MS })),
}))

const header = (headers: Record<string, string>) => (name: string) => headers[name] ?? null

describe('latency rules that add up past what a timer holds', () => {
  test('delay an answer by at most ten minutes in all', async () => {
    const core = await createSandboxCore(resolveSandboxConfig({ scenarios: SLOWEST }), THIS_PROCESS)
    const answer = answeredNow(
      dispatch(core, { method: 'GET', path: '/api/v1/validate', query: '', header: header({ 'x-api-key': 'sbx_user_alpha' }) }),
    )
    expect(answer.status).toBe(200)
    expect(answer.delayMs).toBe(MAX_LATENCY_MS)
  })

  test('leave a sandbox latency above ten minutes as it is, adding nothing past it', async () => {
    const core = await createSandboxCore(resolveSandboxConfig({ latency: 700_000, scenarios: SLOWEST.slice(0, 1) }), THIS_PROCESS)
    const answer = answeredNow(
      dispatch(core, { method: 'GET', path: '/api/v1/validate', query: '', header: header({ 'x-api-key': 'sbx_user_alpha' }) }),
    )
    expect(answer.delayMs).toBe(700_000)
  })

  test('make the standalone process wait instead of answering at once, with no warning on stderr', async () => {
    const cli = runCli(['--port', '0', '--log', 'none'])
    const origin = new URL(await cli.waitForUrl()).origin
    // Eight definitions a body: sixteen would pass the 64 KiB an admin body may have.
    for (const part of [SLOWEST.slice(0, 8), SLOWEST.slice(8)]) {
      const defined = await fetch(`${origin}/__sandbox/scenario`, { method: 'PUT', body: JSON.stringify({ scenarios: part }) })
      expect(defined.status).toBe(200)
    }
    const active = await fetch(`${origin}/__sandbox/scenario`, {
      method: 'PUT',
      body: JSON.stringify({ scenarios: SLOWEST.map((scenario) => scenario.name) }),
    })
    expect(active.status).toBe(200)
    const started = performance.now()
    const waited = await fetch(`${origin}/api/v1/validate`, {
      headers: { 'X-API-Key': 'sbx_user_alpha' },
      signal: AbortSignal.timeout(500),
    }).then(
      () => false,
      () => true,
    )
    expect(waited).toBe(true)
    expect(performance.now() - started).toBeGreaterThanOrEqual(450)
    // The health check still answers at once, and nothing was written to stderr.
    expect((await fetch(`${origin}/__sandbox/health`)).status).toBe(200)
    expect(cli.stderr()).not.toMatch(/TimeoutOverflowWarning/)
  })
})
