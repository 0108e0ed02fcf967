import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSandbox } from '../../src/msw/create-sandbox.js'
import { startSandbox, type RunningSandbox } from '../../src/server/start-sandbox.js'
import { ERRORS } from '../../src/vocabulary/errors.js'

const API = 'http://sandbox.test/api/v1/'
const status = async (path: string, key: string, projectId?: number) =>
  (
    await fetch(`${API}${path}`, {
      headers: { 'X-API-Key': key, ...(projectId === undefined ? {} : { 'X-Project-ID': String(projectId) }) },
    })
  ).status

describe('the portal and db() together (in process)', () => {
  const sandbox = createSandbox({ now: '2026-03-01' })
  const server = setupServer(...sandbox.handlers)
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
  afterAll(() => server.close())

  it("refuses a PROJECT key a test wrote through db() on another user's project: it never reads that project", async () => {
    const db = await sandbox.db()
    await db.apiKeys.create({
      key: 'sbx_cross_account',
      name: 'wrong',
      level: 'PROJECT',
      user_id: 1,
      project_id: 201,
      expiry: '2099-12-31T23:59:59Z',
      revoked: false,
    })
    expect(await status('monitoring', 'sbx_cross_account')).toBe(401)
    expect(await status('projects', 'sbx_cross_account')).toBe(401)
    await sandbox.reset()
  })

  it('shows the records the portal made in db(), and what a test writes through db() reaches the API', async () => {
    const account = await sandbox.accounts.create({ projects: 1 })
    const db = await sandbox.db()
    expect(db.apiKeys.findFirst((q) => q.where({ key: account.user_key }))?.user_id).toBe(account.user_id)
    await sandbox.keys.revoke(account.user_key)
    expect(db.apiKeys.findFirst((q) => q.where({ key: account.user_key }))?.revoked).toBe(true)
    const [project] = account.projects
    await db.projects.update((q) => q.where({ id: project!.id }), { data: (record) => void (record.display_name = 'Through db') })
    const listed = await (await fetch(`${API}projects`, { headers: { 'X-API-Key': account.project_keys[String(project!.id)]! } })).json()
    expect(listed.data.projects[0].display_name).toBe('Through db')
    await sandbox.reset()
    expect(db.apiKeys.findFirst((q) => q.where({ key: account.user_key }))).toBeUndefined()
    expect(db.apiKeys.count()).toBe(6)
    expect(await status('validate', account.user_key)).toBe(401)
  })
})

describe('the portal behind the admin API protection (real HTTP)', () => {
  let sandbox: RunningSandbox
  beforeAll(async () => {
    sandbox = await startSandbox({ now: '2026-03-01', adminToken: 'letmein' })
  })
  afterAll(() => sandbox.close())

  it('refuses a web page of another origin before it makes anything, and requires the admin token', async () => {
    const admin = `${new URL(sandbox.url).origin}/__sandbox/`
    const foreign = await fetch(`${admin}accounts`, {
      method: 'POST',
      headers: { Origin: 'https://evil.example', 'X-Sandbox-Admin-Token': 'letmein' },
    })
    expect(foreign.status).toBe(403)
    expect((await foreign.json()).errors.error).toBe(ERRORS.forbiddenOrigin.error)
    const tokenless = await fetch(`${admin}keys`, { method: 'POST', body: '{"level":"USER","user_id":1}' })
    expect(tokenless.status).toBe(401)
    expect((await sandbox.keys.list()).length).toBe(6)
  })
})
