import { describe, expect, it } from 'vitest'
import { answeredNow } from '../../support/answered-now.js'
import { dispatch } from '../../../src/core/dispatch.js'
import type { CoreRequest } from '../../../src/core/core-request.js'
import { openSandbox, resolveSandboxConfig } from '../../../src/sandbox/open-sandbox.js'
import { ERRORS } from '../../../src/vocabulary/errors.js'
import { setClock } from '../../../src/model/clock-controls.js'
import { resolveScenarios } from '../../../src/scenarios/scenario-catalogue.js'
import { KeyFinder } from '../../../src/vocabulary/key-finder.js'
import { THIS_PROCESS } from '../../../src/sandbox/this-process.js'

function request(path: string, headers: Record<string, string>, query = ''): CoreRequest {
  const lower = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]))
  return { method: 'GET', path, query, header: (name) => lower[name] ?? null }
}

async function sandbox() {
  const opened = openSandbox(resolveSandboxConfig({ now: '2026-03-01' }), THIS_PROCESS)
  return { opened, core: await opened.core }
}

const status = (core: Awaited<ReturnType<typeof sandbox>>['core'], path: string, headers: Record<string, string>, query = '') =>
  answeredNow(dispatch(core, request(path, headers, query))).status

describe('a repeated request', () => {
  it('gets the very answer of the request it repeats, and is journaled and counted like it', async () => {
    const { core } = await sandbox()
    const first = answeredNow(dispatch(core, request('/api/v1/monitoring', { 'X-API-Key': 'sbx_user_alpha', 'X-Project-ID': '101' })))
    const again = answeredNow(dispatch(core, request('/api/v1/monitoring', { 'X-API-Key': 'sbx_user_alpha', 'X-Project-ID': '101' })))
    expect(Buffer.from(again.body).equals(Buffer.from(first.body))).toBe(true)
    expect(core.journal.recorded).toBe(2)
    expect(core.coverage.report('reset').outcomes.find((outcome) => outcome.seen === 2)?.endpoint).toBe('monitoring')
  })

  it('is refused once its key expired, was revoked, or its project was deleted, as any request would be', async () => {
    const { opened, core } = await sandbox()
    const made = await opened.keys.create({ level: 'USER', user_id: 1, expiry: '2026-03-02T00:00:00Z' })
    const headers = { 'X-API-Key': made.key }
    expect(status(core, '/api/v1/validate', headers)).toBe(200)
    setClock(core.clock, { advance: 'P1D' })
    expect(status(core, '/api/v1/validate', headers)).toBe(401)
    expect(status(core, '/api/v1/validate', { 'X-API-Key': 'sbx_user_alpha' })).toBe(200)
    await opened.keys.revoke('sbx_user_alpha')
    expect(status(core, '/api/v1/validate', { 'X-API-Key': 'sbx_user_alpha' })).toBe(401)
    const project = { 'X-API-Key': 'sbx_user_beta', 'X-Project-ID': '201' }
    expect(status(core, '/api/v1/overview', project)).toBe(200)
    await opened.projects.delete(201)
    expect(status(core, '/api/v1/overview', project)).toBe(403)
  })

  it('meets a scenario put in force, or named in its header, as any request would', async () => {
    const { core } = await sandbox()
    const headers = { 'X-API-Key': 'sbx_user_alpha' }
    expect(status(core, '/api/v1/projects', headers)).toBe(200)
    expect(status(core, '/api/v1/projects', { ...headers, 'X-Sandbox-Scenario': 'server-error' })).toBe(500)
    core.scenarios.activate(resolveScenarios(core.scenarios.catalogue, ['server-error'], () => 'test'))
    expect(status(core, '/api/v1/projects', headers)).toBe(500)
  })

  it('is not taken for one with another query, project or key', async () => {
    const { core } = await sandbox()
    const headers = { 'X-API-Key': 'sbx_user_alpha', 'X-Project-ID': '101' }
    expect(status(core, '/api/v1/monitoring', headers)).toBe(200)
    expect(status(core, '/api/v1/monitoring', headers, 'provider=nope')).toBe(ERRORS.invalidProvider.status)
    expect(status(core, '/api/v1/monitoring', { ...headers, 'X-Project-ID': '201' })).toBe(403)
    expect(status(core, '/api/v1/monitoring', { ...headers, 'X-API-Key': 'sbx_user_expired' })).toBe(401)
  })
})

describe('a repeat answered before the steps (replayRepeat)', () => {
  const alpha = { 'X-API-Key': 'sbx_user_alpha', 'X-Project-ID': '101' }

  it('leaves the same journal entry as the request it repeats, apart from its id and time', async () => {
    const { core } = await sandbox()
    answeredNow(dispatch(core, request('/api/v1/overview', alpha)))
    const again = answeredNow(dispatch(core, request('/api/v1/overview', alpha)))
    expect(again).toBe(core.repeats.kept?.timed)
    const [first, second] = core.journal.list().map(({ id: _id, time: _time, ...entry }) => entry)
    expect(second).toEqual(first)
  })

  it('is not taken for the same path with another method, which the steps refuse', async () => {
    const { core } = await sandbox()
    answeredNow(dispatch(core, request('/api/v1/projects', alpha)))
    const posted = answeredNow(dispatch(core, { ...request('/api/v1/projects', alpha), method: 'POST' }))
    expect(posted.status).toBe(ERRORS.methodNotAllowed.status)
  })

  it('is not taken for a repeat that carries a body, which the client report warns of', async () => {
    const { core } = await sandbox()
    answeredNow(dispatch(core, request('/api/v1/validate', alpha)))
    const withBody = answeredNow(dispatch(core, request('/api/v1/validate', { ...alpha, 'Content-Length': '2' })))
    expect(withBody.warnings?.map((warning) => warning.code)).toContain('body_on_get')
  })

  it("is not taken for the dashboard's own request, which goes to its own journal", async () => {
    const { core } = await sandbox()
    answeredNow(dispatch(core, request('/api/v1/validate', alpha)))
    answeredNow(dispatch(core, request('/api/v1/validate', { ...alpha, 'X-Sandbox-Client': 'dashboard' })))
    expect(core.journal.recorded).toBe(1)
    expect(core.observerJournal.recorded).toBe(1)
  })

  it('is not taken once another sandbox of the process made a key its query names, which it then warns of', async () => {
    const keys = new KeyFinder()
    const root = await openSandbox({ ...resolveSandboxConfig({ now: '2026-03-01' }), knownKeys: keys }, THIS_PROCESS).core
    const session = openSandbox({ ...resolveSandboxConfig({ now: '2026-03-01' }), knownKeys: keys }, THIS_PROCESS)
    const ask = () => answeredNow(dispatch(root, request('/api/v1/monitoring', alpha, 'start_date=2026-02-01')))
    ask()
    expect(ask().warnings).toEqual([])
    await session.keys.create({ level: 'USER', user_id: 1, key: '2026-02-01' })
    expect(ask().warnings?.map((warning) => warning.code)).toContain('key_in_query')
  })

  it('is not taken where the sandbox adds latency, which each answer draws afresh', async () => {
    const opened = openSandbox(resolveSandboxConfig({ now: '2026-03-01', latency: '5-9' }), THIS_PROCESS)
    const core = await opened.core
    const delays = [1, 2, 3, 4].map(() => answeredNow(dispatch(core, request('/api/v1/validate', alpha))).delayMs)
    expect(delays.every((delay) => delay >= 5 && delay <= 9)).toBe(true)
    expect(core.requestCount).toBe(4)
  })
})
