import { beforeEach, describe, expect, it } from 'vitest'
import { ERRORS } from '../../src/vocabulary/errors.js'
import { LIMITS, SAFE_KEY_MESSAGE, tooLong, tooMany } from '../../src/vocabulary/limits.js'
import { MAX_ACCOUNT_PROJECTS } from '../../src/contract/portal-schemas.js'
import { START_INSTANT_MESSAGE } from '../../src/contract/start-instant-schema.js'
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

    it('says what each field takes in the words of every other message, not a validation library’s (Too big: expected number to be <=50)', async () => {
      expect((await portal.createAccount({ projects: MAX_ACCOUNT_PROJECTS + 1 })).errors.fields).toEqual([
        { field: 'projects', message: `must be at most ${MAX_ACCOUNT_PROJECTS}` },
      ])
      expect((await portal.createAccount({ projects: 'some' })).errors.fields).toEqual([
        { field: 'projects', message: `must be how many projects to make (0 to ${MAX_ACCOUNT_PROJECTS}) or a list of their fields` },
      ])
      expect((await portal.createKey({ level: 'ADMIN', user_id: '1' })).errors.fields).toEqual([
        { field: 'level', message: 'must be one of "USER", "PROJECT"' },
        { field: 'user_id', message: 'must be a number (got a string)' },
      ])
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

    it("sets the clock to a date, read as its first instant in UTC, as --now and a session's now take it", async () => {
      expect((await portal.setClock({ now: '2026-06-01' })).data).toEqual({
        now: '2026-06-01T00:00:00Z',
        today: '2026-06-01',
        frozen: true,
      })
      // A finer fraction of a second, as a timestamp in microseconds has it, is read to the millisecond.
      expect((await portal.setClock({ now: '2026-06-01T09:00:00.123456Z' })).data.now).toBe('2026-06-01T09:00:00Z')
      await portal.setClock({ now: null })
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

    it('refuses a body with both now and advance, a duration in months, and a now that is no date or UTC date-time from 0001 on, each with its field', async () => {
      // The library's clock.set and clock.advance cannot send both.
      if (portal.name === 'http') expect((await portal.setClock({ now: START, advance: 'P1D' })).status).toBe(400)
      expect((await portal.setClock({ advance: 'P1M' })).errors.fields![0]!.field).toBe('advance')
      for (const now of ['tomorrow', '2026-02-30', '2026-06-01T09:00:00+02:00', '0000-12-31T23:59:59Z']) {
        expect((await portal.setClock({ now })).errors.fields, now).toEqual([{ field: 'now', message: START_INSTANT_MESSAGE }])
      }
      expect((await portal.clock()).data.now).toBe(START)
    })
  })

  describe(`bounded by bytes (${portal.name})`, () => {
    const text = (chars: number) => 'x'.repeat(chars)
    const brands = (count: number, chars = 10) => Array.from({ length: count }, (_, index) => `b${index}`.padEnd(chars, 'b'))
    const topics = (count: number, brandCount = 1) =>
      Array.from({ length: count }, (_, index) => ({ name: `t${index}`, brands: brands(brandCount) }))
    const PROJECT_CASES: Array<[string, Record<string, unknown>, string, string]> = [
      ['name', { name: text(LIMITS.textChars + 1) }, 'name', tooLong(LIMITS.textChars)],
      ['display_name', { display_name: text(LIMITS.textChars + 1) }, 'display_name', tooLong(LIMITS.textChars)],
      ['domain', { domain: text(LIMITS.textChars + 1) }, 'domain', tooLong(LIMITS.textChars)],
      ['status', { status: text(LIMITS.textChars + 1) }, 'status', tooLong(LIMITS.textChars)],
      ['too many topics', { topics: topics(LIMITS.topics + 1) }, 'topics', tooMany(LIMITS.topics, 'topics')],
      [
        'too many brands',
        { topics: [{ name: 't', brands: brands(LIMITS.brands + 1) }] },
        'topics[0].brands',
        tooMany(LIMITS.brands, 'brands'),
      ],
      [
        'a long brand',
        { topics: [{ name: 't', brands: [text(LIMITS.brandChars + 1)] }] },
        'topics[0].brands[0]',
        tooLong(LIMITS.brandChars),
      ],
      [
        'a long topic name',
        { topics: [{ name: text(LIMITS.brandChars + 1), brands: ['b'] }] },
        'topics[0].name',
        tooLong(LIMITS.brandChars),
      ],
      ['an unknown provider', { providers: ['chatgpt', 'askjeeves'] }, 'providers[1]', ''],
      ['a provider twice', { providers: ['chatgpt', 'chatgpt'] }, 'providers[1]', 'duplicate provider'],
      [
        'an unknown region',
        { data_regions: ['US', 'XX'] },
        'data_regions[1]',
        'must be an ISO 3166-1 alpha-2 code in upper case, such as US',
      ],
      ['a region twice', { region: 'US', data_regions: ['US', 'US'] }, 'data_regions[1]', 'duplicate region'],
    ]

    it.each(PROJECT_CASES)(
      'refuses a project with %s: 400 naming the field and its limit, nothing made or changed',
      async (_, fields, field, message) => {
        const before = (await portal.api('projects', 'sbx_user_alpha')).text
        for (const outcome of [await portal.createProject({ user_id: 1, ...fields }), await portal.updateProject(101, fields)]) {
          expect(outcome.status).toBe(400)
          expect(outcome.errors.error).toBe(ERRORS.invalidBody.error)
          const issue = outcome.errors.fields!.find((candidate) => candidate.field === field)
          expect(issue, JSON.stringify(outcome.errors.fields)).toBeDefined()
          if (message !== '') expect(issue!.message).toBe(message)
        }
        expect((await portal.api('projects', 'sbx_user_alpha')).text).toBe(before)
      },
    )

    it('takes every field at its limit', async () => {
      const fields = { name: text(200), display_name: text(200), domain: text(200), topics: topics(LIMITS.topics, 2) }
      const made = await portal.createProject({ user_id: 1, ...fields })
      expect(made.status).toBe(201)
      expect(
        (await portal.updateProject(made.data.id, { topics: [{ name: text(100), brands: brands(LIMITS.brands, 100).slice(0, 10) }] }))
          .status,
      ).toBe(200)
    })

    it('takes data regions without a region: the project’s own region is the first of them (found by a fuzzer: it was refused)', async () => {
      const made = await portal.createProject({ user_id: 1, data_regions: ['DE', 'AT'] })
      expect(made.status, JSON.stringify(made.errors)).toBe(201)
      expect([made.data.region, made.data.data_regions]).toEqual(['DE', ['DE', 'AT']])
    })

    it('refuses an account name, a key name and a user name over 200 characters', async () => {
      expect((await portal.createAccount({ name: text(201) })).errors.fields).toEqual([{ field: 'name', message: tooLong(200) }])
      expect((await portal.createKey({ level: 'USER', user_id: 1, name: text(201) })).errors.fields).toEqual([
        { field: 'name', message: tooLong(200) },
      ])
      expect((await portal.updateKey('sbx_user_alpha', { name: text(201) })).errors.fields).toEqual([
        { field: 'name', message: tooLong(200) },
      ])
    })

    it(`refuses a list longer than any field takes (${LIMITS.bodyArrayItems} items) before checking its items, naming it`, async () => {
      const outcome = await portal.createProject({ user_id: 1, topics: new Array(30_000).fill(0) })
      expect(outcome.status).toBe(400)
      expect(outcome.errors.fields).toEqual([{ field: 'topics', message: tooMany(LIMITS.bodyArrayItems, 'items') }])
    })

    it.each([
      '.',
      '..',
      '...',
      "q'$(touch /tmp/x)'",
      'a b',
      'a/b',
      'a?b',
      'a#b',
      'a%2Fb',
      'a\\b',
      'tab\tkey',
      'zero\u200bwidth',
      'ünï',
      text(129),
      '',
    ])('refuses the chosen key %j with the rule in the message: it would change in a URL, a shell or a header', async (key) => {
      const outcome = await portal.createKey({ level: 'USER', user_id: 1, key })
      expect(outcome.status).toBe(400)
      expect(outcome.errors.fields).toEqual([{ field: 'key', message: SAFE_KEY_MESSAGE }])
      expect((await portal.listKeys()).data.keys).toHaveLength(6)
    })

    it('takes a chosen key of 128 characters of letters, digits, _, - and ., which can then be changed and deleted by its path', async () => {
      for (const key of [text(128), 'my.key-1_A', '.hidden', 'a..b']) {
        expect((await portal.createKey({ level: 'USER', user_id: 1, key })).status, key).toBe(201)
        expect((await portal.updateKey(key, { revoked: true })).data.state).toBe('revoked')
        expect((await portal.deleteKey(key)).status).toBe(200)
      }
    })

    it('gives ids that never pass 2^53 - 1 and never collide, after a caller took the top of the range', async () => {
      const top = await portal.createProject({ user_id: 1, id: Number.MAX_SAFE_INTEGER })
      expect(top.status).toBe(201)
      const next = await portal.createProject({ user_id: 1 })
      expect(next.status).toBe(201)
      const account = await portal.createAccount({ projects: 3 })
      expect(account.status).toBe(201)
      const ids = [top.data.id, next.data.id, ...account.data.projects.map((project: { id: number }) => project.id), 101, 102, 103, 201]
      expect(new Set(ids).size).toBe(ids.length)
      for (const id of ids) expect(Number.isSafeInteger(id)).toBe(true)
      expect(Number.isSafeInteger(account.data.user_id) && account.data.user_id > 3).toBe(true)
    })

    it('refuses what would pass the portal byte budget with 409 portal_full, a PATCH that grows a project included, and takes a PATCH that shrinks one', async () => {
      // Projects near the 64 KiB body limit: the byte budget is met long before 20,000 records.
      const big = { user_id: 1, topics: Array.from({ length: 24 }, (_, index) => ({ name: `t${index}`, brands: brands(25, 100) })) }
      let made = 0
      let last = await portal.createProject(big)
      while (last.status === 201) {
        made++
        last = await portal.createProject(big)
      }
      expect(last.status).toBe(409)
      expect(last.errors.error).toBe(ERRORS.portalFull.error)
      expect(made).toBeGreaterThan(100)
      expect(made).toBeLessThan(LIMITS.portalBytes / 60_000)
      const grow = await portal.updateProject(101, { topics: big.topics })
      expect(grow.status).toBe(409)
      expect((await portal.api('monitoring', 'sbx_project_101')).status).toBe(200)
      expect((await portal.updateProject(102, { topics: topics(1) })).status).toBe(200)
      await portal.reset()
      expect((await portal.createProject(big)).status).toBe(201)
    })

    it('stops the clock at the end of 9999: a move past it is refused, the clock unchanged', async () => {
      expect((await portal.setClock({ now: '9999-12-31T23:59:59Z' })).data.today).toBe('9999-12-31')
      const past = await portal.setClock({ advance: 'PT1S' })
      expect(past.status).toBe(400)
      expect((await portal.clock()).data.now).toBe('9999-12-31T23:59:59Z')
      expect((await portal.createKey({ level: 'USER', user_id: 1 })).data.expiry).toBe('9999-12-31T23:59:59Z')
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
