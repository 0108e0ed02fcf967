/**
 * Issue #50, break 2: the process budget charged a portal record 800 B and a quarter of its JSON,
 * but a project of 32 KB of unique texts holds about 44 KB of heap. Ten sessions each filling their
 * portal with such projects reached RSS 344 MB and ran the worker out of heap; no `memory_full` was
 * ever returned. A record is now charged what it holds (docs/decisions/bounded-by-bytes.md), so the
 * budget refuses long before the heap is full.
 */
import { afterEach, describe, expect, test } from 'vitest'
import { ERRORS } from '../../src/vocabulary/errors.js'
import { killAllCli, runCli } from '../cli/run-cli.js'
import { largeProject, postJson, rssMb } from '../hardening/hostile-support.js'

afterEach(async () => {
  await killAllCli()
})

describe('portals spread over sessions, each within its own limits', () => {
  test('are refused memory_full before the heap runs out, and the process answers another client', async () => {
    const cli = runCli(['--port', '0', '--log', 'none'])
    const origin = new URL(await cli.waitForUrl()).origin
    const refusals = new Set<string>()
    for (let session = 0; session < 10; session++) {
      const made = await postJson(`${origin}/__sandbox/sessions`, {})
      if (made.status !== 201) {
        refusals.add(String(made.body.errors?.error))
        continue
      }
      const admin = String(made.body.data!.admin_url)
      const account = await postJson(`${admin}accounts`, { projects: 0 })
      for (let project = 0; ; project++) {
        const created = await postJson(`${admin}projects`, largeProject(account.body.data!.user_id, `s${session}p${project}`))
        if (created.status === 201) continue
        expect(created.status).toBe(409)
        refusals.add(String(created.body.errors?.error))
        break
      }
    }
    expect(refusals).toContain(ERRORS.memoryFull.error)
    const validate = await fetch(`${origin}/api/v1/validate`, { headers: { 'X-API-Key': 'sbx_user_alpha' } })
    expect(validate.status).toBe(200)
    expect(rssMb(cli.child.pid!)).toBeLessThan(280)
  }, 60_000)
})
