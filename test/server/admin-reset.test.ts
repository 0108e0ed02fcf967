import { answeredNow } from '../support/answered-now.js'
import { afterEach, describe, expect, it } from 'vitest'
import { dispatch } from '../../src/core/dispatch.js'
import type { SandboxCore } from '../../src/core/sandbox-core.js'
import { openSandbox, resolveSandboxConfig } from '../../src/sandbox/open-sandbox.js'
import { serveSandbox, type ServedSandbox } from '../../src/server/serve-sandbox.js'
import { THIS_PROCESS } from '../../src/sandbox/this-process.js'

const running: ServedSandbox[] = []
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()))
})

/** Renames project 101 through `db()`, as a test does. */
async function rename(core: SandboxCore): Promise<void> {
  await (await core.model.db()).projects.update((q) => q.where({ id: 101 }), { data: (project) => void (project.display_name = 'Renamed') })
}

async function renamedSandbox(): Promise<SandboxCore> {
  const core = await openSandbox(resolveSandboxConfig({ now: '2026-03-01' }), THIS_PROCESS).core
  await rename(core)
  return core
}

function displayNames(core: SandboxCore): string[] {
  const response = answeredNow(
    dispatch(core, {
      method: 'GET',
      path: '/api/v1/projects',
      query: '',
      header: (name) => (name === 'x-api-key' ? 'sbx_user_alpha' : null),
    }),
  )
  return JSON.parse(new TextDecoder().decode(response.body)).data.projects.map((project: { display_name: string }) => project.display_name)
}

describe('POST /__sandbox/reset', () => {
  it("keeps a failed copy into db()'s collections for the next settled() instead of dropping it (#37)", async () => {
    const core = await renamedSandbox()
    const db = await core.model.db()
    db.projects.create = (() => Promise.reject(new Error('disk full'))) as typeof db.projects.create
    const response = answeredNow(dispatch(core, { method: 'POST', path: '/__sandbox/reset', query: '', header: () => null }))
    expect(response.status).toBe(200)
    expect(displayNames(core)).not.toContain('Renamed')
    await expect(core.model.settled()).rejects.toThrow('disk full')
    await expect(core.model.settled()).resolves.toBeUndefined()
  })

  it('re-seeds changed records as the library reset does, so the next request sees the seeded data (in process)', async () => {
    const core = await renamedSandbox()
    expect(displayNames(core)).toContain('Renamed')
    const response = answeredNow(dispatch(core, { method: 'POST', path: '/__sandbox/reset', query: '', header: () => null }))
    expect(response.status).toBe(200)
    // The index is re-seeded before the answer goes: the very next request sees the seeded data.
    expect(displayNames(core)).not.toContain('Renamed')
    expect(core.model.changed).toBe(false)
  })

  it('re-seeds changed records over real HTTP, and the request right after the reset answers from the seeded data', async () => {
    const served = await serveSandbox(
      resolveSandboxConfig({ now: '2026-03-01' }),
      THIS_PROCESS,
      { host: '127.0.0.1', port: 0 },
      { max: 4, ttlMs: 60_000 },
    )
    running.push(served)
    await rename(served.core)
    const server = served.running
    const origin = new URL(server.url).origin
    const reset = await fetch(`${origin}/__sandbox/reset`, { method: 'POST' })
    expect(reset.status).toBe(200)
    const projects = await fetch(`${server.url}projects`, { headers: { 'X-API-Key': 'sbx_user_alpha' } })
    const names = (await projects.json()).data.projects.map((project: { display_name: string }) => project.display_name)
    expect(names).not.toContain('Renamed')
    expect(names).toContain('Northwind Outdoor')
  })
})
