/**
 * Issue #50, break 1: a `fault` rule with `nth` counts calls per key as sent, before the key check,
 * and every rule kept up to 10,000 keys of its own. 16 scenarios of 256 such rules, then requests
 * each with a new made-up key: RSS 82 → 311 MB after about 1,000 requests, then "JS heap out of
 * memory". Now every per-key counter of a sandbox is bounded together, in count and in the
 * characters of keys it does not know, and charged to the process budget; past the bounds, further
 * keys count together as one (KEY_COUNTER_LIMITS). The full-size attack is in `npm run test:hostile`.
 */
import { afterEach, describe, expect, test } from 'vitest'
import { KEY_COUNTER_LIMITS } from '../../src/scenarios/key-counters.js'
import { killAllCli, runCli } from '../cli/run-cli.js'
import { rssMb } from '../hardening/hostile-support.js'
import { useTempDir } from '../support/temp-dir.js'

afterEach(async () => {
  await killAllCli()
})

const files = useTempDir('fault-counters')

/** Writes `count` scenario files of 256 rules that reset only a key's millionth call: every call is counted. */
function countingScenarios(count: number): Promise<string[]> {
  return Promise.all(
    Array.from({ length: count }, (_, index) => {
      const rules = Array.from({ length: 256 }, () => ({ fault: { type: 'connection-reset', nth: [999_999] } }))
      return files.write(`counting-${index}.json`, JSON.stringify({ name: `counting-${index}`, description: 'counts every call', rules }))
    }),
  )
}

/** Sends GET /validate with `key`: the status, or `reset` where the connection was reset. */
async function validate(base: string, key: string): Promise<number | 'reset'> {
  try {
    const response = await fetch(`${base}validate`, { headers: { 'X-API-Key': key }, signal: AbortSignal.timeout(15_000) })
    await response.arrayBuffer()
    return response.status
  } catch {
    return 'reset'
  }
}

describe('fault rules that count the calls of keys nobody made', () => {
  test('keep the process within its memory and answering while every request sends a new made-up key', async () => {
    const scenarios = await countingScenarios(16)
    const cli = runCli(['--port', '0', '--log', 'none', ...scenarios.flatMap((file) => ['--scenario', file])])
    const base = await cli.waitForUrl()
    // Keys of 4,000 characters: the unknown keys' characters bound is met after about 260 of them.
    for (let sent = 0; sent < 400; sent++) expect(await validate(base, `made-up-${sent}-`.padEnd(4_000, 'k'))).toBe(401)
    expect(await validate(base, 'sbx_user_alpha')).toBe(200)
    expect(rssMb(cli.child.pid!)).toBeLessThan(160)
  }, 60_000)

  test('keep the process within its memory inside a session, and give the counters back when it ends', async () => {
    const scenarios = await countingScenarios(16)
    const cli = runCli(['--port', '0', '--log', 'none', ...scenarios.flatMap((file) => ['--scenario', file])])
    const origin = new URL(await cli.waitForUrl()).origin
    const made = await fetch(`${origin}/__sandbox/sessions`, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    })
    expect(made.status).toBe(201)
    const session = ((await made.json()) as { data: { id: string; base_url: string } }).data
    for (let sent = 0; sent < 400; sent++) expect(await validate(session.base_url, `made-up-${sent}-`.padEnd(4_000, 'k'))).toBe(401)
    expect(await validate(`${origin}/api/v1/`, 'sbx_user_alpha')).toBe(200)
    expect(rssMb(cli.child.pid!)).toBeLessThan(160)
    expect((await fetch(`${origin}/__sandbox/sessions/${session.id}`, { method: 'DELETE' })).status).toBe(200)
  }, 60_000)

  test('count every key past the bound together, as one key: the second call of a rule with nth 2 is reset, whoever sends it', async () => {
    const rule = { fault: { type: 'connection-reset', nth: [2] } }
    const file = await files.write('second.json', JSON.stringify({ name: 'second', description: 'x', rules: [rule] }))
    const cli = runCli(['--port', '0', '--log', 'none', '--scenario', file])
    const base = await cli.waitForUrl()
    const keyChars = 8_000
    const fit = Math.floor(KEY_COUNTER_LIMITS.unknownKeyChars / keyChars)
    // Each made-up key within the bound has a counter of its own: its first call is never the second.
    for (let sent = 0; sent < fit; sent++) expect(await validate(base, `k${sent}-`.padEnd(keyChars, 'k'))).toBe(401)
    // Past it, the keys count together: the first new key is their first call, the next their second.
    expect(await validate(base, 'past-0-'.padEnd(keyChars, 'k'))).toBe(401)
    expect(await validate(base, 'past-1-'.padEnd(keyChars, 'k'))).toBe('reset')
    // A key the sandbox knows keeps a counter of its own: its first call is answered, its second reset.
    expect(await validate(base, 'sbx_user_alpha')).toBe(200)
    expect(await validate(base, 'sbx_user_alpha')).toBe('reset')
  }, 60_000)
})
