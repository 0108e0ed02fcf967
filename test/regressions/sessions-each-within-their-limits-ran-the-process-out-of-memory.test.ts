/**
 * Issue #36, rows 1 and 2: each session kept its own limits, but 1,000 of them share one process,
 * whose worker heap was sized for one portal. Ten sessions filled to their portal limit, or eight
 * whose journals kept 15,000-character queries, ended the process with "JS heap out of memory".
 * Now every store draws on one process budget (`memory_full` past it), journals keep only their own
 * characters, and the process answers throughout.
 */
import { afterEach, describe, expect, test } from 'vitest'
import { ERRORS } from '../../src/vocabulary/errors.js'
import { killAllCli, runCli } from '../cli/run-cli.js'
import { rssMb } from '../hardening/hostile-support.js'

afterEach(async () => {
  await killAllCli()
})

async function start() {
  const cli = runCli(['--port', '0', '--log', 'none'])
  const url = await cli.waitForUrl()
  return { cli, origin: new URL(url).origin, pid: cli.child.pid! }
}

async function call(url: string, method: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  })
  const text = await response.text()
  return { status: response.status, body: JSON.parse(text) as { errors?: { error?: string }; data?: Record<string, unknown> } }
}

/** Runs `work` over `items`, `width` at a time. */
async function inParallel<T>(items: readonly T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await work(items[next++]!)
    }),
  )
}

describe('a process whose sessions each stay within their own limits', () => {
  test('answers 409 memory_full instead of running out of heap when sessions fill their portals, and takes records again once sessions end', async () => {
    const sandbox = await start()
    const sessions: string[] = []
    let refusal: string | undefined
    // Twelve sessions' portals (16 MB of heap each) are more than the process budget holds.
    for (let made = 0; made < 12 && refusal === undefined; made++) {
      const session = await call(`${sandbox.origin}/__sandbox/sessions`, 'POST', {})
      if (session.status === 409) {
        refusal = session.body.errors?.error
        break
      }
      expect(session.status).toBe(201)
      const admin = String(session.body.data!.admin_url)
      sessions.push(String(session.body.data!.id))
      let full = false
      await inParallel(
        Array.from({ length: 220 }, (_, index) => index),
        4,
        async () => {
          if (full) return
          const account = await call(`${admin}accounts`, 'POST', { projects: 50 })
          if (account.status === 201) return
          expect(account.status).toBe(409)
          full = true
          if (account.body.errors?.error === ERRORS.memoryFull.error) refusal = ERRORS.memoryFull.error
          else expect(account.body.errors?.error).toBe(ERRORS.portalFull.error)
        },
      )
      expect(full).toBe(true)
    }
    expect(refusal).toBe(ERRORS.memoryFull.error)
    const validate = await call(`${sandbox.origin}/api/v1/validate`, 'GET', undefined, { 'X-API-Key': 'sbx_user_alpha' })
    expect(validate.status).toBe(200)
    expect(rssMb(sandbox.pid)).toBeLessThan(400)
    // Ended sessions give their share back: a new one takes records again.
    for (const id of sessions) expect((await call(`${sandbox.origin}/__sandbox/sessions/${id}`, 'DELETE')).status).toBe(200)
    const fresh = await call(`${sandbox.origin}/__sandbox/sessions`, 'POST', {})
    expect(fresh.status).toBe(201)
    expect((await call(`${String(fresh.body.data!.admin_url)}accounts`, 'POST', { projects: 50 })).status).toBe(201)
  }, 120_000)

  test('keeps answering when the journals of many sessions record requests with 15,000-character queries', async () => {
    const sandbox = await start()
    const query = `q=${'x'.repeat(15_000)}`
    for (let round = 0; round < 8; round++) {
      const session = await call(`${sandbox.origin}/__sandbox/sessions`, 'POST', {})
      expect(session.status).toBe(201)
      const base = String(session.body.data!.base_url)
      await inParallel(
        Array.from({ length: 1_000 }, (_, index) => index),
        8,
        async (index) => {
          const response = await fetch(`${base}validate?${query}&n=${index}`, {
            headers: { 'X-API-Key': 'sbx_user_alpha' },
            signal: AbortSignal.timeout(15_000),
          })
          await response.arrayBuffer()
          expect(response.status).toBe(200)
        },
      )
    }
    const validate = await call(`${sandbox.origin}/api/v1/validate`, 'GET', undefined, { 'X-API-Key': 'sbx_user_alpha' })
    expect(validate.status).toBe(200)
    expect(rssMb(sandbox.pid)).toBeLessThan(300)
  }, 120_000)

  test('answers throughout when many sessions at once fill every store: labels, definitions, portals and journals', async () => {
    const sandbox = await start()
    const definitions = Array.from({ length: 8 }, (_, index) => ({
      name: `heavy-${index}`,
      description: 'd'.repeat(200),
      rules: Array.from({ length: 256 }, () => ({ data: 'none' })),
    }))
    const refusals = new Set<string>()
    const note = (status: number, body: { errors?: { error?: string } }) => {
      if (status === 409) refusals.add(String(body.errors?.error))
      else expect(status).toBeLessThan(300)
    }
    await inParallel(
      Array.from({ length: 24 }, (_, index) => index),
      6,
      async (index) => {
        const session = await call(`${sandbox.origin}/__sandbox/sessions`, 'POST', { label: `${index}`.padEnd(200, 'l') })
        note(session.status, session.body)
        if (session.status !== 201) return
        const admin = String(session.body.data!.admin_url)
        const defined = await call(`${admin}scenario`, 'PUT', { scenarios: definitions })
        note(defined.status, defined.body)
        for (let made = 0; made < 60; made++) {
          const account = await call(`${admin}accounts`, 'POST', { projects: 50 })
          note(account.status, account.body)
          if (account.status !== 201) break
        }
        for (let sent = 0; sent < 100; sent++) {
          const response = await fetch(`${String(session.body.data!.base_url)}validate?q=${'x'.repeat(2_000)}${sent}`, {
            headers: { 'X-API-Key': 'sbx_user_alpha' },
            signal: AbortSignal.timeout(15_000),
          })
          await response.arrayBuffer()
          expect(response.status).toBe(200)
        }
      },
    )
    expect([...refusals].sort()).toEqual([ERRORS.memoryFull.error])
    const validate = await call(`${sandbox.origin}/api/v1/validate`, 'GET', undefined, { 'X-API-Key': 'sbx_user_alpha' })
    expect(validate.status).toBe(200)
    expect(rssMb(sandbox.pid)).toBeLessThan(400)
  }, 120_000)
})
