/**
 * Issue #50's four attacks at the size each was first run at, for `npm run test:hostile` only
 * (vitest.hostile.config.ts). `npm test` runs each at a size that takes seconds (test/regressions/).
 * Each prints the peak RSS it saw, which docs/hardening.md records.
 */
import { afterEach, describe, expect, test } from 'vitest'
import { MUTATE_EXIT } from '../../src/cli/mutate-command.js'
import { ERRORS } from '../../src/vocabulary/errors.js'
import { killAllCli, runCli } from '../cli/run-cli.js'
import { useTempDir } from '../support/temp-dir.js'
import { largeProject, postJson, rssMb } from './hostile-support.js'
import { destroyAllRaw, openRaw } from './raw-http.js'

afterEach(async () => {
  destroyAllRaw()
  await killAllCli()
})

const files = useTempDir('issue-50')

async function start(args: readonly string[] = []) {
  const cli = runCli(['--port', '0', '--log', 'none', ...args])
  const url = await cli.waitForUrl()
  return { cli, url, origin: new URL(url).origin, pid: cli.child.pid! }
}

describe('issue #50 at full size', () => {
  test('16 scenarios of 256 counting fault rules and 20,000 requests, each with a new made-up key: alive, within memory, another client answered', async () => {
    const scenarios = await Promise.all(
      Array.from({ length: 16 }, (_, index) => {
        const rules = Array.from({ length: 256 }, () => ({ fault: { type: 'connection-reset', nth: [999_999] } }))
        return files.write(`counting-${index}.json`, JSON.stringify({ name: `counting-${index}`, description: 'x', rules }))
      }),
    )
    const sandbox = await start(scenarios.flatMap((file) => ['--scenario', file]))
    let peak = 0
    for (let sent = 0; sent < 20_000; sent++) {
      const response = await fetch(`${sandbox.url}validate`, { headers: { 'X-API-Key': `made-up-${sent}-`.padEnd(120, 'k') } })
      await response.arrayBuffer()
      expect(response.status).toBe(401)
      if (sent % 500 === 0) peak = Math.max(peak, rssMb(sandbox.pid))
    }
    const alive = await fetch(`${sandbox.url}validate`, { headers: { 'X-API-Key': 'sbx_user_alpha' } })
    expect(alive.status).toBe(200)
    console.log(`fault counters attack: peak RSS ${peak.toFixed(0)} MB`)
    expect(peak).toBeLessThan(200)
  })

  test('ten sessions filling their portals with 32 KB projects: memory_full, alive, within memory', async () => {
    const sandbox = await start()
    const refusals = new Set<string>()
    let peak = 0
    for (let session = 0; session < 10; session++) {
      const made = await postJson(`${sandbox.origin}/__sandbox/sessions`, {})
      if (made.status !== 201) {
        refusals.add(String(made.body.errors?.error))
        continue
      }
      const admin = String(made.body.data!.admin_url)
      const account = await postJson(`${admin}accounts`, { projects: 0 })
      for (let project = 0; ; project++) {
        const created = await postJson(`${admin}projects`, largeProject(account.body.data!.user_id, `s${session}p${project}`))
        if (project % 100 === 0) peak = Math.max(peak, rssMb(sandbox.pid))
        if (created.status === 201) continue
        refusals.add(String(created.body.errors?.error))
        break
      }
    }
    peak = Math.max(peak, rssMb(sandbox.pid))
    expect(refusals).toContain(ERRORS.memoryFull.error)
    const alive = await fetch(`${sandbox.url}validate`, { headers: { 'X-API-Key': 'sbx_user_alpha' } })
    expect(alive.status).toBe(200)
    console.log(`portals over sessions attack: peak RSS ${peak.toFixed(0)} MB`)
    expect(peak).toBeLessThan(300)
  })

  test("mutate -- bash -c 'sleep 300 & exit 0' passes its baseline, and a setsid child holds no run past --timeout nor mutate past SIGTERM", async () => {
    const quick = runCli(['mutate', '--timeout', '5', '--only', '*:validate:success', '--', 'bash', '-c', 'sleep 300 & exit 0'])
    expect((await quick.waitForExit(60_000)).code, quick.stderr()).toBe(MUTATE_EXIT.ok)
    const stubborn = runCli(['mutate', '--timeout', '5', '--', 'bash', '-c', 'setsid sleep 45 & sleep 30'])
    expect((await stubborn.waitForExit(30_000)).code).toBe(MUTATE_EXIT.usage)
    // It reaches /validate first, so the mutated runs are made (mutate runs nothing of an endpoint never reached).
    const reach = `"${process.execPath}" -e "fetch(process.env.ANALYTICS_SANDBOX_URL + 'validate').then((r) => r.arrayBuffer())"`
    const stopped = runCli([
      'mutate',
      '--timeout',
      '60',
      '--',
      'bash',
      '-c',
      `${reach}; setsid sleep 45 & [ -z "$ANALYTICS_SANDBOX_MUTATION" ] || sleep 30`,
    ])
    await new Promise((resolve) => setTimeout(resolve, 3_000))
    stopped.child.kill('SIGTERM')
    expect((await stopped.waitForExit(30_000)).code).toBe(MUTATE_EXIT.terminated)
  })

  test('fault-slow-body then fault-empty-reply on one connection, and 64 pipelined slow bodies paced 3 s each', async () => {
    const sandbox = await start()
    const { port } = new URL(sandbox.url)
    const request = (scenario: string, endpoint = 'validate') =>
      `GET /api/v1/${endpoint} HTTP/1.1\r\nHost: x\r\nX-API-Key: sbx_user_alpha\r\nX-Sandbox-Scenario: ${scenario}\r\n\r\n`
    const cut = await openRaw(Number(port))
    cut.write(request('fault-slow-body') + request('fault-empty-reply'))
    await cut.waitForClose(20_000)
    expect(cut.responses().map((answer) => answer.status)).toEqual([200])
    const paced = await openRaw(Number(port))
    const started = performance.now()
    paced.write(request('fault-slow-body').repeat(64))
    await paced.waitForResponses(64, 400_000)
    expect(performance.now() - started).toBeGreaterThan(64 * 3_000 * 0.9)
  })
})
