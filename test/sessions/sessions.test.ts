/**
 * Sessions (product.md, "Sessions"): a whole, isolated sandbox per test from one process, at its
 * own base URL, over real HTTP (startSandbox, port 0) and from the library (createSession).
 */
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { startSandbox, type RunningSandbox } from '../../src/server/start-sandbox.js'
import { MAX_SESSION_DEPTH, SESSION_DEPTH_DETAIL, SESSIONS_OFF_DETAIL } from '../../src/server/session-store.js'
import { ERRORS } from '../../src/vocabulary/errors.js'
import { SHOWABLE_TEXT_MESSAGE } from '../../src/contract/session-schemas.js'
import { DEFINED_TWICE } from '../../src/scenarios/scenario-catalogue.js'
import { repeatedParameterDetail } from '../../src/vocabulary/repeated-parameter.js'
import { CROSS_SITE_DETAIL, FOREIGN_ORIGIN_DETAIL } from '../../src/core/admin/refuse-foreign-origin.js'
import { killAllCli, runCli } from '../cli/run-cli.js'
import { expectConforming } from '../support/expect-conforming.js'

const NOW = '2026-03-01T00:00:00Z'
const ALPHA = { 'X-API-Key': 'sbx_user_alpha' }
const root = fileURLToPath(new URL('../../', import.meta.url))

interface Got {
  readonly status: number
  readonly text: string
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly body: any
  readonly headers: Headers
}

async function call(url: string, init: { method?: string; headers?: Record<string, string>; body?: unknown } = {}): Promise<Got> {
  const method = init.method ?? 'GET'
  const response = await fetch(url, {
    method,
    headers: init.headers ?? {},
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  const text = await response.text()
  return { status: response.status, text, body: JSON.parse(text), headers: response.headers }
}

describe('sessions over real HTTP', () => {
  let sandbox: RunningSandbox
  let origin = ''
  const admin = (path: string, init: Parameters<typeof call>[1] = {}) => call(`${origin}/__sandbox/${path}`, init)
  const newSession = async (body: unknown = {}) => {
    const made = await admin('sessions', { method: 'POST', body })
    expectConforming({ method: 'POST', url: `${origin}/__sandbox/sessions`, status: made.status, text: made.text })
    expect(made.status, made.text).toBe(201)
    return made.body.data as { id: string; base_url: string; admin_url: string; label: string | null }
  }

  beforeAll(async () => {
    sandbox = await startSandbox({ now: NOW })
    origin = new URL(sandbox.url).origin
  })
  afterAll(() => sandbox.close())
  afterEach(async () => {
    for (const session of (await admin('sessions')).body.data.sessions) await admin(`sessions/${session.id}`, { method: 'DELETE' })
    await sandbox.reset()
  })

  it('makes a session with an id of letters, digits, - and _, its base URL and admin URL, and lists it', async () => {
    const session = await newSession({ label: 'retry tests' })
    expect(session.id).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(session.base_url).toBe(`${origin}/sessions/${session.id}/api/v1/`)
    expect(session.admin_url).toBe(`${origin}/sessions/${session.id}/__sandbox/`)
    await call(`${session.base_url}projects`, { headers: ALPHA })
    const [listed] = (await admin('sessions')).body.data.sessions
    expect(listed).toMatchObject({ id: session.id, label: 'retry tests', requests: 1 })
    expect(Date.parse(listed.last_used_at)).toBeGreaterThanOrEqual(Date.parse(listed.created_at))
  })

  it('keeps what one session does (clock, scenarios, accounts, journal, coverage) from every other and from the root sandbox, and the reverse', async () => {
    const [a, b] = [await newSession(), await newSession()]
    await call(`${a.admin_url}clock`, { method: 'PUT', body: { advance: 'P400D' } })
    await call(`${a.admin_url}scenario`, { method: 'PUT', body: { scenarios: ['server-error'] } })
    const account = (await call(`${a.admin_url}accounts`, { method: 'POST', body: { projects: 1 } })).body.data
    await call(`${origin}/__sandbox/scenario`, { method: 'PUT', body: { scenarios: ['expired-keys'] } })
    expect((await call(`${a.base_url}projects`, { headers: ALPHA })).status).toBe(500)
    expect((await call(`${b.base_url}projects`, { headers: ALPHA })).status).toBe(200)
    expect((await call(`${sandbox.url}projects`, { headers: ALPHA })).status).toBe(401)
    expect((await call(`${b.base_url}validate`, { headers: { 'X-API-Key': account.user_key } })).status).toBe(401)
    expect((await call(`${b.admin_url}clock`)).body.data.today).toBe('2026-03-01')
    expect((await call(`${a.admin_url}clock`)).body.data.today).toBe('2027-04-05')
    expect((await admin('clock')).body.data.today).toBe('2026-03-01')
    const journals = await Promise.all([a.admin_url, b.admin_url, `${origin}/__sandbox/`].map((url) => call(`${url}requests`)))
    expect(journals.map((journal) => journal.body.data.recorded)).toEqual([1, 2, 1])
    const coverage = await Promise.all([a.admin_url, b.admin_url].map((url) => call(`${url}coverage`)))
    expect(coverage.map((report) => report.body.data.covered)).toEqual([1, 2])
  })

  it('answers the same calls byte for byte as a separate process started with the same --seed and --now', async () => {
    const session = await newSession({ seed: 7, now: NOW })
    const cli = runCli(['--port', '0', '--log', 'none', '--seed', '7', '--now', NOW])
    try {
      const separate = await cli.waitForUrl()
      const run = async (base: string, adminBase: string) => {
        const account = await call(`${adminBase}accounts`, { method: 'POST', body: { projects: 2 } })
        const key = await call(`${adminBase}keys`, { method: 'POST', body: { level: 'USER', user_id: 1 } })
        const texts = [account.text, key.text]
        for (const path of ['projects', 'monitoring?start_date=2026-01-01', 'overview?provider=chatgpt']) {
          texts.push(
            (
              await call(`${base}${path}`, {
                headers: { 'X-API-Key': account.body.data.user_key, 'X-Project-ID': String(account.body.data.projects[1].id) },
              })
            ).text,
          )
        }
        texts.push((await call(`${base}monitoring`, { headers: { 'X-API-Key': 'sbx_project_101' } })).text)
        return texts
      }
      const fromSession = await run(session.base_url, session.admin_url)
      const fromProcess = await run(separate, separate.replace('/api/v1/', '/__sandbox/'))
      expect(fromSession).toEqual(fromProcess)
    } finally {
      await killAllCli()
    }
  })

  it('resets one session to the options it was made with, leaving the others as they are', async () => {
    const [a, b] = [await newSession({ now: '2026-06-01', scenarios: ['no-data'] }), await newSession()]
    await call(`${a.admin_url}clock`, { method: 'PUT', body: { advance: 'P1D' } })
    await call(`${a.admin_url}scenario`, { method: 'PUT', body: { scenarios: [] } })
    await call(`${b.admin_url}clock`, { method: 'PUT', body: { advance: 'P9D' } })
    await call(`${a.admin_url}reset`, { method: 'POST' })
    expect((await call(`${a.admin_url}clock`)).body.data.today).toBe('2026-06-01')
    expect((await call(`${a.admin_url}scenario`)).body.data.active).toEqual(['no-data'])
    expect((await call(`${b.admin_url}clock`)).body.data.today).toBe('2026-03-10')
  })

  it('answers 404 session_not_found on every path under an ended or unknown session, in the envelope, CORS only on the API', async () => {
    const session = await newSession()
    expect((await admin(`sessions/${session.id}`, { method: 'DELETE' })).status).toBe(200)
    for (const url of [
      `${session.base_url}projects`,
      `${session.admin_url}health`,
      `${origin}/sessions/nope/api/v1/validate`,
      `${origin}/sessions/nope`,
    ]) {
      const got = await call(url, { headers: ALPHA })
      expect(got.status, url).toBe(404)
      expect(got.body).toMatchObject({ success: false, code: 404, errors: { error: ERRORS.sessionNotFound.error } })
      expect(got.headers.get('access-control-allow-origin'), url).toBe(url.includes('/__sandbox/') ? null : '*')
    }
    expect((await admin(`sessions/${session.id}`, { method: 'DELETE' })).body.errors.error).toBe(ERRORS.sessionNotFound.error)
  })

  it('refuses a bad body with 400 listing every mistake by field, and makes no session', async () => {
    const refused = await admin('sessions', {
      method: 'POST',
      body: { seed: 2 ** 53, now: '2026-02-30', scenarios: ['nope'], label: 'x'.repeat(201), colour: 'red' },
    })
    expect(refused.status).toBe(400)
    expect(refused.body.errors.fields.map((field: { field: string }) => field.field).sort()).toEqual([
      'colour',
      'label',
      'now',
      'scenarios[0]',
      'seed',
    ])
    expect((await admin('sessions')).body.data.sessions).toEqual([])
  })

  it.each([
    ['an escape sequence', 'a\u001b[31mred'],
    ['a right-to-left override', 'rtl\u202eevil'],
    ['a lone surrogate', 'half \ud800'],
    ['a newline', 'two\nlines'],
  ])(
    'refuses a label with %s (it is shown in terminals and the dashboard), naming the field; an emoji or CJK is fine',
    async (_, label) => {
      const refused = await admin('sessions', { method: 'POST', body: { label } })
      expect(refused.status).toBe(400)
      expect(refused.body.errors.fields).toEqual([{ field: 'label', message: SHOWABLE_TEXT_MESSAGE }])
      await expect(sandbox.createSession({ label })).rejects.toThrow(SHOWABLE_TEXT_MESSAGE)
      expect((await admin('sessions', { method: 'POST', body: { label: 'emoji 😀 日本語' } })).status).toBe(201)
    },
  )

  it('takes a scenario file as it is, its $schema too, and answers a name of another form as an unknown scenario, listing the names', async () => {
    const definition = {
      $schema: './node_modules/analytics-sandbox/scenario.schema.json',
      name: 'copied',
      description: 'A scenario file copied into a project',
      rules: [{ latency: 5 }],
    }
    expect((await admin('sessions', { method: 'POST', body: { scenarios: [definition] } })).status).toBe(201)
    const refused = await admin('sessions', { method: 'POST', body: { scenarios: ['Fail-Once'] } })
    expect(refused.status).toBe(400)
    expect(refused.body.errors.fields).toHaveLength(1)
    expect(refused.body.errors.fields[0]).toMatchObject({ field: 'scenarios[0]' })
    expect(refused.body.errors.fields[0].message).toMatch(/^Unknown scenario/)
    expect(refused.body.errors.fields[0].message).toContain('fail-once')
  })

  it('reports a scenario item that is neither a name nor a definition once, naming the forms it takes', async () => {
    const refused = await admin('sessions', { method: 'POST', body: { scenarios: [5, 'slow'] } })
    expect(refused.status).toBe(400)
    expect(refused.body.errors.fields).toEqual([{ field: 'scenarios[0]', message: 'must be a string or an object' }])
  })

  it("adds every session's counts, ended ones included, to the root's suite report (scope suite), which a reset does not clear", async () => {
    await call(`${sandbox.url}validate`, { headers: ALPHA })
    const [a, b] = [await newSession(), await newSession()]
    await call(`${a.base_url}projects`, { headers: ALPHA })
    await call(`${b.base_url}overview`, { headers: { 'X-API-Key': 'sbx_project_101' } })
    await admin(`sessions/${a.id}`, { method: 'DELETE' })
    await admin('reset', { method: 'POST' })
    const met = (report: Got) =>
      report.body.data.outcomes.filter((outcome: { seen: number }) => outcome.seen > 0).map((outcome: { id: string }) => outcome.id)
    expect(met(await admin('coverage'))).toEqual([])
    // The suite holds what earlier tests of this file did too: it is never cleared.
    expect(met(await admin('coverage?scope=suite'))).toEqual(
      expect.arrayContaining(['overview.200.project.with_data', 'projects.200.user', 'validate.200.user']),
    )
    expect(met(await call(`${b.admin_url}coverage?scope=suite`))).toEqual(['overview.200.project.with_data'])
    expect(sandbox.coverage('suite').covered).toBeGreaterThanOrEqual(3)
    expect((await admin('coverage?scope=all')).status).toBe(400)
    const twice = await admin('coverage?scope=suite&scope=reset')
    expect(twice.status).toBe(400)
    expect(twice.body.errors.detail).toBe(repeatedParameterDetail('scope'))
  })

  it('makes sessions inside a session: a sibling at its own URL that inherits the mutation, lists under its parent, and ends with it', async () => {
    const parent = await newSession({ mutation: 'drop:projects:data.total' })
    const made = await call(`${parent.admin_url}sessions`, { method: 'POST', body: { label: 'child' } })
    expect(made.status).toBe(201)
    const child = made.body.data
    expect(child.base_url).toBe(`${new URL(sandbox.url).origin}/sessions/${child.id}/api/v1/`)
    // The child answers under the parent's mutation.
    const projects = await call(`${child.base_url}projects`, { headers: ALPHA })
    expect(projects.status).toBe(200)
    expect(projects.body.data).not.toHaveProperty('total')
    expect((await call(`${parent.admin_url}sessions`)).body.data.sessions.map((listed: { id: string }) => listed.id)).toEqual([child.id])
    // A child's own body may name another mutation.
    const other = await call(`${parent.admin_url}sessions`, { method: 'POST', body: { mutation: 'drop:projects:data.projects' } })
    expect((await call(`${other.body.data.base_url}projects`, { headers: ALPHA })).body.data).not.toHaveProperty('projects')
    // Or none (null): the contract as it is, for it and the sessions it makes.
    const plain = (await call(`${parent.admin_url}sessions`, { method: 'POST', body: { mutation: null } })).body.data
    expect((await call(`${plain.base_url}projects`, { headers: ALPHA })).body.data.total).toBe(3)
    const below = (await call(`${plain.admin_url}sessions`, { method: 'POST', body: {} })).body.data
    expect((await call(`${below.base_url}projects`, { headers: ALPHA })).body.data.total).toBe(3)
    // Ended with its parent: every path under it is 404 session_not_found.
    expect((await admin(`sessions/${parent.id}`, { method: 'DELETE' })).status).toBe(200)
    const gone = await call(`${child.base_url}projects`, { headers: ALPHA })
    expect([gone.status, gone.body.errors.error]).toEqual([404, ERRORS.sessionNotFound.error])
    expect((await call(`${parent.admin_url}sessions`, { method: 'POST', body: {} })).status).toBe(404)
  })

  it('refuses a session nested deeper than MAX_SESSION_DEPTH with 409 sessions_full, making nothing', async () => {
    let admin_url = (await newSession()).admin_url
    for (let depth = 2; depth <= MAX_SESSION_DEPTH; depth++) {
      const made = await call(`${admin_url}sessions`, { method: 'POST', body: {} })
      expect(made.status).toBe(201)
      admin_url = made.body.data.admin_url
    }
    const before = (await admin('sessions')).body.data.sessions.length
    const refused = await call(`${admin_url}sessions`, { method: 'POST', body: {} })
    expect([refused.status, refused.body.errors.error, refused.body.errors.detail]).toEqual([
      409,
      ERRORS.sessionsFull.error,
      SESSION_DEPTH_DETAIL,
    ])
    expect((await admin('sessions')).body.data.sessions.length).toBe(before)
  })

  it('keeps a session alive while a session it made is used, past its own time-to-live', async () => {
    const cli = runCli(['--port', '0', '--log', 'none', '--session-ttl', '1'])
    onTestFinished(() => killAllCli())
    const origin = new URL(await cli.waitForUrl()).origin
    const parent = (await call(`${origin}/__sandbox/sessions`, { method: 'POST', body: {} })).body.data
    const child = (await call(`${parent.admin_url}sessions`, { method: 'POST', body: {} })).body.data
    // Used every 300 ms for 2.4 s, twice the time-to-live: the child, and its idle parent with it, stay.
    for (let round = 0; round < 8; round++) {
      expect((await call(`${child.base_url}validate`, { headers: ALPHA })).status).toBe(200)
      await new Promise((resolve) => setTimeout(resolve, 300))
    }
    expect((await call(`${parent.admin_url}sessions`)).status).toBe(200)
  })

  it("adds a child session's counts to its parent's suite report, live and ended", async () => {
    const parent = await newSession()
    const child = (await call(`${parent.admin_url}sessions`, { method: 'POST', body: {} })).body.data
    await call(`${child.base_url}projects`, { headers: ALPHA })
    const met = (report: Got) =>
      report.body.data.outcomes.filter((outcome: { seen: number }) => outcome.seen > 0).map((outcome: { id: string }) => outcome.id)
    expect(met(await call(`${parent.admin_url}coverage?scope=suite`))).toEqual(['projects.200.user'])
    expect((await call(`${parent.admin_url}coverage?scope=suite`)).body.data.reached).toEqual(['projects'])
    await call(`${parent.admin_url}sessions/${child.id}`, { method: 'DELETE' })
    expect(met(await call(`${parent.admin_url}coverage?scope=suite`))).toEqual(['projects.200.user'])
  })

  it('refuses a start clock before 0001-01-01, as the clock is refused there, and two inline definitions of one name', async () => {
    const early = await admin('sessions', { method: 'POST', body: { now: '0000-01-01' } })
    expect(early.status).toBe(400)
    expect(early.body.errors.fields.map((field: { field: string }) => field.field)).toEqual(['now'])
    const twice = await admin('sessions', {
      method: 'POST',
      body: {
        scenarios: [
          { name: 'dupx', description: 'a', rules: [{ data: 'none' }] },
          { name: 'dupx', description: 'b', rules: [{ fail: { status: 503 } }] },
        ],
      },
    })
    expect(twice.status).toBe(400)
    expect(twice.body.errors.fields).toEqual([{ field: 'scenarios[1].name', message: DEFINED_TWICE }])
    expect((await admin('sessions')).body.data.sessions).toEqual([])
  })

  it('makes sessions from the library: createSession() gives the id, the URLs and close()', async () => {
    const session = await sandbox.createSession({ seed: 3, label: 'lib' })
    expect(session.url).toBe(`${origin}/sessions/${session.id}/api/v1/`)
    expect((await call(`${session.url}validate`, { headers: ALPHA })).status).toBe(200)
    await session.close()
    expect((await call(`${session.url}validate`, { headers: ALPHA })).status).toBe(404)
  })
})

describe('session limits and protection', () => {
  let sandbox: RunningSandbox | undefined
  afterEach(async () => {
    await sandbox?.close()
    sandbox = undefined
  })

  it('answers 409 sessions_full past maxSessions, and makes one again once one ended', async () => {
    sandbox = await startSandbox({ maxSessions: 2 })
    const post = () => call(`${new URL(sandbox!.url).origin}/__sandbox/sessions`, { method: 'POST', body: {} })
    const [first] = [await post(), await post()]
    const full = await post()
    expect(full.status).toBe(409)
    expect(full.body.errors.error).toBe(ERRORS.sessionsFull.error)
    await call(`${new URL(sandbox.url).origin}/__sandbox/sessions/${first!.body.data.id}`, { method: 'DELETE' })
    expect((await post()).status).toBe(201)
    await expect(sandbox.createSession()).rejects.toThrow(/Cannot make a session/)
  })

  it('answers 409 sessions_full saying that sessions are off where maxSessions is 0, not to end one or wait', async () => {
    sandbox = await startSandbox({ maxSessions: 0 })
    const refused = await call(`${new URL(sandbox.url).origin}/__sandbox/sessions`, { method: 'POST', body: {} })
    expect(refused.status).toBe(409)
    expect(refused.body.errors).toEqual({ error: ERRORS.sessionsFull.error, detail: SESSIONS_OFF_DETAIL })
  })

  it('ends a session unused for its time-to-live by itself', async () => {
    sandbox = await startSandbox({ sessionTtl: 1 })
    const session = await sandbox.createSession()
    expect((await call(`${session.url}validate`, { headers: ALPHA })).status).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 1_100))
    expect((await call(`${session.url}validate`, { headers: ALPHA })).status).toBe(404)
  })

  it('protects every session route as the admin API: a foreign Origin, a cross-site browser request and a missing token are refused', async () => {
    sandbox = await startSandbox({ adminToken: 'secret-token' })
    const origin = new URL(sandbox.url).origin
    const token = { 'x-sandbox-admin-token': 'secret-token' }
    const made = await call(`${origin}/__sandbox/sessions`, { method: 'POST', headers: token, body: {} })
    expect(made.status).toBe(201)
    const { id, admin_url: adminUrl, base_url: baseUrl } = made.body.data
    for (const [method, url] of [
      ['POST', `${origin}/__sandbox/sessions`],
      ['GET', `${origin}/__sandbox/sessions`],
      ['DELETE', `${origin}/__sandbox/sessions/${id}`],
      ['GET', `${adminUrl}requests`],
      ['PUT', `${adminUrl}clock`],
    ] as const) {
      expect((await call(url, { method, headers: { ...token, origin: 'http://attacker.example' } })).body.errors.detail).toBe(
        FOREIGN_ORIGIN_DETAIL,
      )
      expect((await call(url, { method, headers: { ...token, 'sec-fetch-site': 'cross-site' } })).body.errors.detail).toBe(
        CROSS_SITE_DETAIL,
      )
      expect((await call(url, { method })).body.errors.error).toBe(ERRORS.adminTokenRequired.error)
    }
    expect((await call(`${baseUrl}validate`, { headers: ALPHA })).status, 'the API needs no admin token').toBe(200)
  })
})

describe('the request log of a session that does not exist', () => {
  afterEach(() => killAllCli())

  it('masks a key in its path and times it from its own start', async () => {
    const cli = runCli(['--port', '0', '--log', 'json'])
    const origin = new URL(await cli.waitForUrl()).origin
    // Timed from its own start, it took no longer than the client waited for it (from the process's
    // start, it would have): an order within one run, not a wall-clock goal.
    const sent = performance.now()
    expect((await call(`${origin}/sessions/sbx_user_beta/__sandbox/health`)).status).toBe(404)
    const waited = performance.now() - sent
    const line = await cli.waitForStdout(/^\{"time".*session_not_found.*$/m)
    const logged = JSON.parse(line) as { path: string; ms: number }
    expect(logged.path).toBe('/sessions/sbx_us…ta/__sandbox/health')
    expect(logged.ms).toBeLessThanOrEqual(waited)
  })
})

describe('a Python suite of 16 parallel workers, one session each (examples/parallel_sessions.py)', () => {
  it('starts the bin once; each worker moves its own clock, turns on its own scenario, makes its own account and finds exactly its own requests', () => {
    const result = spawnSync('python3', ['examples/parallel_sessions.py'], {
      cwd: root,
      env: { ...process.env, ANALYTICS_SANDBOX_COMMAND: `${process.execPath} dist/cli/main.cjs` },
      encoding: 'utf8',
      timeout: 60_000,
    })
    expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0)
    expect(result.stdout).toContain('ok: 16 parallel sessions')
  })
})
