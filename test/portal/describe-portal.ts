import { beforeEach, describe, expect, it } from 'vitest'
import { ERRORS } from '../../src/vocabulary/errors.js'
import { START, type PortalHarness } from './portal-harness.js'

/** Every rule of product.md's "The portal and the clock", against one harness. */
export function describePortal(portal: PortalHarness): void {
  beforeEach(() => portal.reset())

  describe(`accounts (${portal.name})`, () => {
    it('makes an account with a USER key, its projects and one PROJECT key each, which the API serves at once', async () => {
      const account = await portal.createAccount({ projects: 2 })
      expect(account.status).toBe(201)
      const { user_id, user_key, projects, project_keys } = account.data
      expect(projects).toHaveLength(2)
      expect(Object.keys(project_keys)).toEqual(projects.map((project: { id: number }) => String(project.id)))
      const listed = await portal.api('projects', user_key)
      expect(listed.body.data.projects).toEqual(projects)
      const [first] = projects
      const validate = await portal.api('validate', project_keys[first.id])
      expect(validate.body.data).toMatchObject({ user_id, project_id: first.id })
      const monitoring = await portal.api('monitoring', project_keys[first.id])
      expect(monitoring.status).toBe(200)
      expect(monitoring.body.data.visibility_score.history).toHaveLength(30)
    })

    it('makes one project by default, none when asked, and takes given project fields', async () => {
      expect((await portal.createAccount()).data.projects).toHaveLength(1)
      expect((await portal.createAccount({ projects: 0 })).data.projects).toEqual([])
      const given = await portal.createAccount({ projects: [{ display_name: 'Mine', region: 'DE', language: 'de' }] })
      expect(given.data.projects[0]).toMatchObject({ display_name: 'Mine', region: 'DE', language: 'de' })
    })

    it('gives the same ids, keys and analytics for the same calls on the same seed, after a reset as at the start', async () => {
      const run = async () => {
        const account = await portal.createAccount({ projects: 2 })
        const key = await portal.createKey({ level: 'USER', user_id: account.data.user_id })
        const project = account.data.projects[1].id
        const monitoring = await portal.api('monitoring', account.data.project_keys[project])
        return { account: account.data, key: key.data, monitoring: monitoring.text }
      }
      const first = await run()
      await portal.reset()
      expect(await run()).toEqual(first)
    })

    it('refuses a body that is null or not an object, and takes no body as an empty one', async () => {
      if (portal.name === 'http') expect((await portal.createAccount(null)).status).toBe(400)
      expect((await portal.createAccount([])).status).toBe(400)
      expect((await portal.createAccount()).status).toBe(201)
    })

    it('never gives an id or a key that exists already', async () => {
      const a = await portal.createAccount({ projects: 1 })
      const b = await portal.createAccount({ projects: 1 })
      expect(b.data.user_id).toBe(a.data.user_id + 1)
      expect(b.data.projects[0].id).not.toBe(a.data.projects[0].id)
      expect([101, 102, 103, 201]).not.toContain(a.data.projects[0].id)
      expect(b.data.user_key).not.toBe(a.data.user_key)
    })

    it('lists every mistake of a body with its field, and changes nothing', async () => {
      const before = await portal.listKeys()
      const refused = await portal.createAccount({ projects: [{ region: 'ZZ', providers: ['altavista'] }], extra: 1 })
      expect(refused.status).toBe(400)
      expect(refused.errors.error).toBe(ERRORS.invalidBody.error)
      const fields = refused.errors.fields!.map((issue) => issue.field).sort()
      expect(fields).toEqual(['extra', 'projects[0].providers[0]', 'projects[0].region'])
      expect(refused.errors.detail).toMatch(/^3 mistakes: /)
      expect((await portal.listKeys()).data.keys).toEqual(before.data.keys)
    })
  })

  describe(`projects (${portal.name})`, () => {
    it('makes a project of a user, with its analytics from its created_at on', async () => {
      const made = await portal.createProject({ user_id: 1, display_name: 'Fresh', created_at: '2026-02-20T00:00:00Z' })
      expect(made.status).toBe(201)
      expect(made.data).toMatchObject({ user_id: 1, display_name: 'Fresh', status: 'active' })
      const monitoring = await portal.api('monitoring', 'sbx_user_alpha', made.data.id)
      expect(monitoring.status).toBe(200)
      // From 20 February to the clock's today, 1 March: 10 days.
      expect(monitoring.body.data.visibility_score.history).toHaveLength(10)
      const listed = await portal.api('projects', 'sbx_user_alpha')
      expect(listed.body.data.projects.map((project: { id: number }) => project.id)).toEqual([101, 102, 103, made.data.id])
    })

    it('refuses a project of a user that does not exist, and one whose region is not among its data regions', async () => {
      const refused = await portal.createProject({ user_id: 99, region: 'US', data_regions: ['GB'] })
      expect(refused.status).toBe(400)
      expect(refused.errors.fields!.map((issue) => issue.field).sort()).toEqual(['data_regions', 'user_id'])
    })

    it('changes project fields, which the API shows at once', async () => {
      const changed = await portal.updateProject(101, { display_name: 'Renamed', status: 'paused' })
      expect(changed.data).toMatchObject({ id: 101, display_name: 'Renamed', status: 'paused' })
      const listed = await portal.api('projects', 'sbx_project_101')
      expect(listed.body.data.projects[0]).toMatchObject({ display_name: 'Renamed', status: 'paused' })
    })

    it('deletes a project: its PROJECT keys get 401, USER keys no longer list it and get 403 for it', async () => {
      expect((await portal.deleteProject(101)).status).toBe(200)
      expect((await portal.api('validate', 'sbx_project_101')).status).toBe(401)
      const listed = await portal.api('projects', 'sbx_user_alpha')
      expect(listed.body.data.projects.map((project: { id: number }) => project.id)).toEqual([102, 103])
      expect((await portal.api('monitoring', 'sbx_user_alpha', 101)).status).toBe(403)
    })

    it('answers 404 for a project id in the path that does not exist', async () => {
      expect((await portal.updateProject(999, { status: 'paused' })).status).toBe(404)
      expect((await portal.deleteProject(999)).errors.error).toBe(ERRORS.notFound.error)
    })
  })

  describe(`keys (${portal.name})`, () => {
    it('lists every key with its state at the clock now, the documented ones whole', async () => {
      const { keys } = (await portal.listKeys()).data
      const states = Object.fromEntries(keys.map((key: { key: string; state: string }) => [key.key, key.state]))
      expect(states).toEqual({
        sbx_user_alpha: 'valid',
        sbx_project_101: 'valid',
        sbx_user_beta: 'valid',
        sbx_user_empty: 'valid',
        sbx_user_expired: 'expired',
        sbx_user_revoked: 'revoked',
      })
    })

    it('makes a key with level, name and expiry (default: a year after the clock now) that the API accepts', async () => {
      const made = await portal.createKey({ level: 'PROJECT', project_id: 102, name: 'CI' })
      expect(made.status).toBe(201)
      expect(made.data).toMatchObject({ level: 'PROJECT', user_id: 1, project_id: 102, name: 'CI', revoked: false, state: 'valid' })
      expect(made.data.expiry).toBe('2027-03-01T00:00:00Z')
      expect((await portal.api('monitoring', made.data.key)).status).toBe(200)
      const own = await portal.createKey({ level: 'USER', user_id: 2, key: 'my-own-test-key' })
      expect(own.data.key).toBe('my-own-test-key')
      expect((await portal.api('projects', 'my-own-test-key')).body.data.total).toBe(1)
    })

    it("refuses a PROJECT key on another user's project, an unknown user, a taken key, with every mistake", async () => {
      const other = await portal.createKey({ level: 'PROJECT', project_id: 201, user_id: 1 })
      expect(other.status).toBe(400)
      expect(other.errors.fields).toEqual([{ field: 'project_id', message: 'project 201 is not owned by user 1' }])
      const many = await portal.createKey({ level: 'USER', user_id: 42, key: 'sbx_user_alpha' })
      expect(many.errors.fields!.map((issue) => issue.field).sort()).toEqual(['key', 'user_id'])
      expect((await portal.createKey({ level: 'PROJECT' })).errors.fields).toEqual([
        { field: 'project_id', message: 'is required for a PROJECT key' },
      ])
    })

    it('answers 409 key_taken for a chosen key another key has, and changes nothing', async () => {
      const before = (await portal.listKeys()).data.keys
      const taken = await portal.createKey({ level: 'USER', user_id: 2, key: 'sbx_user_alpha' })
      expect(taken.status).toBe(ERRORS.keyTaken.status)
      expect(taken.errors).toMatchObject({ error: ERRORS.keyTaken.error, fields: [{ field: 'key', message: 'is taken' }] })
      expect((await portal.listKeys()).data.keys).toEqual(before)
    })

    it('refuses a revoked key with 401 at once, and revoking is final', async () => {
      const { key } = (await portal.createKey({ level: 'USER', user_id: 1 })).data
      expect((await portal.api('validate', key)).status).toBe(200)
      const revoked = await portal.updateKey(key, { revoked: true })
      expect(revoked.data).toMatchObject({ revoked: true, state: 'revoked' })
      expect((await portal.api('validate', key)).status).toBe(401)
      const undo = await portal.updateKey(key, { revoked: false })
      expect(undo.status).toBe(400)
      expect(undo.errors.fields![0]!.field).toBe('revoked')
    })

    it('refuses a key that expires in an hour once the clock has moved on two hours, and accepts it again when its expiry moves', async () => {
      const { key } = (await portal.createKey({ level: 'USER', user_id: 1, expiry: '2026-03-01T01:00:00Z' })).data
      expect((await portal.api('projects', key)).status).toBe(200)
      expect((await portal.setClock({ advance: 'PT2H' })).data.now).toBe('2026-03-01T02:00:00Z')
      expect((await portal.api('projects', key)).status).toBe(401)
      expect((await portal.listKeys(1)).data.keys.find((entry: { key: string }) => entry.key === key).state).toBe('expired')
      await portal.updateKey(key, { expiry: '2026-03-02T00:00:00Z' })
      expect((await portal.api('projects', key)).status).toBe(200)
    })

    it('deletes a key: refused with 401 like any unknown key; a key in the path that does not exist is 404', async () => {
      expect((await portal.deleteKey('sbx_user_beta')).status).toBe(200)
      expect((await portal.api('validate', 'sbx_user_beta')).status).toBe(401)
      expect((await portal.deleteKey('sbx_user_beta')).status).toBe(404)
      expect((await portal.updateKey('no such key', { revoked: true })).status).toBe(404)
    })
  })

  describe(`the clock (${portal.name})`, () => {
    it('tells now, today and whether it stands still', async () => {
      expect((await portal.clock()).data).toEqual({ now: START, today: '2026-03-01', frozen: true })
    })

    it('sets, advances by an ISO 8601 duration, and goes back to the start clock', async () => {
      expect((await portal.setClock({ now: '2026-06-15T12:00:00Z' })).data).toEqual({
        now: '2026-06-15T12:00:00Z',
        today: '2026-06-15',
        frozen: true,
      })
      expect((await portal.setClock({ advance: 'P1DT12H' })).data.now).toBe('2026-06-17T00:00:00Z')
      expect((await portal.setClock({ now: null })).data.now).toBe(START)
    })

    it('ends default ranges at its today, with a day of data more for each day it advances; a past day never changes', async () => {
      const before = await portal.api('monitoring', 'sbx_project_101')
      await portal.setClock({ advance: 'P10D' })
      const after = await portal.api('monitoring', 'sbx_project_101')
      const history = (answer: typeof before) => answer.body.data.visibility_score.history as Array<{ date: string; score: number }>
      expect(history(before).at(-1)!.date).toBe('2026-03-01')
      expect(history(after).at(-1)!.date).toBe('2026-03-11')
      expect(history(after).find((point) => point.date === '2026-03-01')).toEqual(history(before).at(-1))
    })

    it('refuses a body with both now and advance, a duration in months, and a malformed date-time, each with its field', async () => {
      // The library's clock.set and clock.advance cannot send both.
      if (portal.name === 'http') expect((await portal.setClock({ now: START, advance: 'P1D' })).status).toBe(400)
      expect((await portal.setClock({ advance: 'P1M' })).errors.fields![0]!.field).toBe('advance')
      expect((await portal.setClock({ now: 'tomorrow' })).errors.fields![0]!.field).toBe('now')
      expect((await portal.clock()).data.now).toBe(START)
    })
  })

  describe(`reset and parallel tests (${portal.name})`, () => {
    it('brings back the start state: keys, projects and accounts made since are gone, the clock is back', async () => {
      const fresh = await portal.api('monitoring', 'sbx_project_101')
      const account = await portal.createAccount()
      await portal.updateKey('sbx_user_alpha', { revoked: true })
      await portal.setClock({ advance: 'P3D' })
      await portal.reset()
      expect((await portal.api('validate', account.data.user_key)).status).toBe(401)
      expect((await portal.api('validate', 'sbx_user_alpha')).status).toBe(200)
      expect((await portal.clock()).data.now).toBe(START)
      expect((await portal.api('monitoring', 'sbx_project_101')).text).toBe(fresh.text)
      expect((await portal.listKeys()).data.keys).toHaveLength(6)
    })

    it('counts fail-once per key: two accounts used in parallel each fail exactly once', async () => {
      const [a, b] = [(await portal.createAccount()).data, (await portal.createAccount()).data]
      const statuses = async (key: string) => {
        const answers = []
        for (let call = 0; call < 3; call++)
          answers.push((await portal.api('projects', key, undefined, { 'X-Sandbox-Scenario': 'fail-once' })).status)
        return answers
      }
      const [first, second] = await Promise.all([statuses(a.user_key), statuses(b.user_key)])
      expect(first).toEqual([500, 200, 200])
      expect(second).toEqual([500, 200, 200])
    })
  })
}
