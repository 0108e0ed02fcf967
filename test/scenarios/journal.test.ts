import { setupServer } from 'msw/node'
import { LIMITS } from '../../src/vocabulary/limits.js'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { ERRORS } from '../../src/vocabulary/errors.js'
import type { JournalEntry } from '../../src/core/journal.js'
import { DOCUMENTED_KEYS } from '../../src/vocabulary/documented-keys.js'
import { createSandbox } from '../../src/msw/create-sandbox.js'
import { expectError, expectSuccess } from '../api/contract/expect-envelope.js'
import { USER, USER_101, withKey } from '../api/contract/fixtures.js'
import { maskedKey, send, TODAY, useHttpSandbox } from './helpers.js'
import { queryValueDetail } from '../../src/core/admin/read-admin-query.js'
import { repeatedParameterDetail } from '../../src/vocabulary/repeated-parameter.js'
import { JOURNAL_CAPACITY } from '../../src/sandbox/open-sandbox.js'

const ALL_KEYS = Object.values(DOCUMENTED_KEYS)
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/

type Request = readonly [path: string, headers: Record<string, string>]

/** A mix of requests: success, a scenario from the header, a refused key, no key, an unknown path. */
const MIXED: readonly Request[] = [
  ['projects', USER],
  ['monitoring?start_date=2026-02-01&provider=chatgpt', { ...USER_101, 'X-Sandbox-Scenario': 'no-data' }],
  ['validate', withKey(DOCUMENTED_KEYS.expired)],
  ['overview', { 'X-Project-ID': '102' }],
  ['nope?x=1', USER],
]

/** What the journal should say about MIXED, apart from id and time. */
const MIXED_ENTRIES = [
  { method: 'GET', path: '/api/v1/projects', query: '', status: 200, key: 'sbx_us…ha', project_id: null, scenarios: [], error: null },
  {
    method: 'GET',
    path: '/api/v1/monitoring',
    query: 'start_date=2026-02-01&provider=chatgpt',
    status: 200,
    key: 'sbx_us…ha',
    project_id: '101',
    scenarios: ['no-data'],
    error: null,
  },
  {
    method: 'GET',
    path: '/api/v1/validate',
    query: '',
    status: 401,
    key: 'sbx_us…ired',
    project_id: null,
    scenarios: [],
    error: 'unauthorized',
  },
  { method: 'GET', path: '/api/v1/overview', query: '', status: 401, key: null, project_id: '102', scenarios: [], error: 'unauthorized' },
  { method: 'GET', path: '/api/v1/nope', query: 'x=1', status: 404, key: 'sbx_us…ha', project_id: null, scenarios: [], error: 'not_found' },
]

/** Requests that put a documented key where a key does not belong: each must be masked in the journal. */
const MISPLACED_KEYS: ReadonlyArray<[string, Record<string, string>]> = [
  ['projects?auth=sbx_user_alpha', {}],
  ['projects?k%65y=sbx_user_alpha', {}],
  ['projects?x=sbx%5Fuser%5Falpha', {}],
  ['sbx_user_alpha/projects', {}],
  ['projects?sbx_user_beta', {}],
  ['monitoring', { 'X-API-Key': 'sbx_user_beta', 'X-Project-ID': 'sbx_user_alpha' }],
]

/** Each journal entry of MISPLACED_KEYS shows the key masked, and no entry shows a documented key whole. */
function expectMasked(entries: readonly JournalEntry[]): void {
  const text = JSON.stringify(entries)
  for (const key of ALL_KEYS) expect(text).not.toContain(key)
  expect(entries.map((entry) => [entry.path, entry.query, entry.project_id])).toEqual([
    ['/api/v1/projects', 'auth=sbx_us…ha', null],
    ['/api/v1/projects', 'k%65y=sbx_us…ha', null],
    ['/api/v1/projects', 'x=sbx_us…ha', null],
    ['/api/v1/sbx_us…ha/projects', '', null],
    ['/api/v1/projects', 'sbx_us…ta', null],
    ['/api/v1/monitoring', '', 'sbx_us…ha'],
  ])
}

const withoutIdAndTime = (entries: readonly JournalEntry[]) =>
  entries.map(({ id: _id, time: _time, cut, warnings, fault, ...rest }) => {
    // None of MIXED is long enough to be cut, gets a warning, or meets a fault.
    expect(cut).toBe(false)
    expect(warnings).toEqual([])
    expect(fault).toBeNull()
    return rest
  })

describe('the request journal over HTTP: GET|DELETE /__sandbox/requests', () => {
  const sandbox = useHttpSandbox({ now: TODAY })
  const api = (path: string, headers: Record<string, string>) => sandbox().api(path, { headers })

  beforeEach(async () => {
    expectSuccess(await sandbox().admin('requests', { method: 'DELETE' }), 'Request journal cleared')
  })

  test('The journal lists each API request, oldest first, with method, path, query, status, masked key, project id and scenarios.', async () => {
    for (const [path, headers] of MIXED) await api(path, headers)
    const answer = await sandbox().admin('requests')
    expectSuccess(answer, 'Requests retrieved successfully')
    const { requests, recorded, capacity } = answer.body.data as { requests: JournalEntry[]; recorded: number; capacity: number }
    expect(recorded).toBe(5)
    expect(capacity).toBe(1000)
    expect(requests.map((entry) => entry.id)).toEqual([1, 2, 3, 4, 5])
    expect(withoutIdAndTime(requests)).toEqual(MIXED_ENTRIES)
    for (const entry of requests) {
      expect(entry.time).toMatch(ISO_TIME)
      expect(Object.keys(entry)).toEqual([
        'id',
        'time',
        'method',
        'path',
        'query',
        'status',
        'key',
        'project_id',
        'scenarios',
        'error',
        'cut',
        'warnings',
        'fault',
      ])
    }
  })

  test('The journal shows scenarios in force and scenarios from the header together.', async () => {
    expect((await sandbox().putScenarios(['no-data'])).status).toBe(200)
    try {
      await api('projects', { ...USER, 'X-Sandbox-Scenario': 'fail-once' })
      await api('projects', USER)
      const { requests } = await sandbox().journal()
      expect(requests.map((entry) => [entry.status, entry.scenarios])).toEqual([
        [500, ['no-data', 'fail-once']],
        [200, ['no-data']],
      ])
    } finally {
      await sandbox().putScenarios([])
    }
  })

  test('The journal never shows any documented key in full, valid or not, only its first six and last four or two characters, and tells every documented key apart.', async () => {
    for (const key of ALL_KEYS) await api('validate', withKey(key))
    await api('validate', withKey('sk_live_0123456789abcdef'))
    await api('validate', withKey('short'))
    const answer = await sandbox().admin('requests')
    for (const key of [...ALL_KEYS, 'sk_live_0123456789abcdef']) expect(answer.text).not.toContain(key)
    const { requests } = answer.body.data as { requests: JournalEntry[] }
    expect(requests.map((entry) => entry.key)).toEqual([...ALL_KEYS.map(maskedKey), 'sk_liv…cdef', '…'])
    expect(requests.map((entry) => entry.key)).toEqual([
      'sbx_us…ha',
      'sbx_pr…01',
      'sbx_us…ta',
      'sbx_us…ty',
      'sbx_us…ired',
      'sbx_us…oked',
      'sk_liv…cdef',
      '…',
    ])
    // Once sbx_user_expired and sbx_user_revoked both read sbx_us…ed.
    expect(new Set(ALL_KEYS.map(maskedKey)).size).toBe(ALL_KEYS.length)
  })

  test('?limit=2 returns the last two requests, oldest first.', async () => {
    for (const [path, headers] of MIXED) await api(path, headers)
    const { requests, recorded } = await sandbox().journal(2)
    expect(recorded).toBe(5)
    expect(requests.map((entry) => entry.id)).toEqual([4, 5])
    expect(withoutIdAndTime(requests)).toEqual(MIXED_ENTRIES.slice(3))
    expect((await sandbox().journal(50)).requests).toHaveLength(5)
  })

  test('A limit that is not a whole number from 1 to 1000 is 400 bad_request.', async () => {
    for (const limit of ['abc', '-1', '1.5', '0', '1001']) {
      expectError(
        await sandbox().admin(`requests?limit=${limit}`),
        ERRORS.badRequest,
        queryValueDetail('get_requests', 'limit', { limit: JOURNAL_CAPACITY }),
      )
    }
  })

  test('The journal filters by the whole key, the status and the path, combined, each entry with its error code.', async () => {
    for (const [path, headers] of MIXED) await api(path, headers)
    const paths = async (query: string) => {
      const answer = await sandbox().admin(`requests?${query}`)
      return (answer.body.data.requests as JournalEntry[]).map((entry) => [entry.path, entry.status, entry.error])
    }
    expect(await paths('key=sbx_user_alpha')).toEqual([
      ['/api/v1/projects', 200, null],
      ['/api/v1/monitoring', 200, null],
      ['/api/v1/nope', 404, 'not_found'],
    ])
    expect(await paths('status=401')).toEqual([
      ['/api/v1/validate', 401, 'unauthorized'],
      ['/api/v1/overview', 401, 'unauthorized'],
    ])
    expect(await paths('key=sbx_user_alpha&path=/api/v1/monitoring')).toEqual([['/api/v1/monitoring', 200, null]])
    expect(await paths('key=sbx_user_alpha&status=401')).toEqual([])
    expect(await paths('key=sbx_us')).toEqual([])
    const since = await sandbox().admin('requests?key=sbx_user_alpha&since=1&limit=1')
    expect(since.body.data.requests.map((entry: JournalEntry) => entry.id)).toEqual([2])
    expect(since.body.data.more).toBe(true)
    for (const [bad, name] of [
      ['status=abc', 'status'],
      ['status=600', 'status'],
      ['key=', 'key'],
    ] as const) {
      expectError(
        await sandbox().admin(`requests?${bad}`),
        ERRORS.badRequest,
        queryValueDetail('get_requests', name, { limit: JOURNAL_CAPACITY }),
      )
    }
  })

  test('A filter given twice (?limit=1&limit=5, ?status=200&status=404) is 400 bad_request naming it, instead of the first value read silently.', async () => {
    for (const [path, headers] of MIXED) await api(path, headers)
    for (const [twice, name] of [
      ['limit=1&limit=5', 'limit'],
      ['status=200&status=404', 'status'],
      ['key=sbx_user_alpha&path=/api/v1/projects&key=sbx_user_beta', 'key'],
    ] as const) {
      expectError(await sandbox().admin(`requests?${twice}`), ERRORS.badRequest, repeatedParameterDetail(name))
    }
    expect((await sandbox().journal(1000)).requests).toHaveLength(MIXED.length)
  })

  test('DELETE /__sandbox/requests empties the journal and restarts its count.', async () => {
    for (const [path, headers] of MIXED) await api(path, headers)
    const cleared = await sandbox().admin('requests', { method: 'DELETE' })
    expectSuccess(cleared, 'Request journal cleared')
    expect(cleared.body.data).toEqual({})
    expect(await sandbox().journal()).toEqual({ requests: [], recorded: 0, capacity: 1000, more: false })
    await api('projects', USER)
    expect((await sandbox().journal()).requests.map((entry) => entry.id)).toEqual([1])
  })

  test('Requests to the admin API are not journaled, and health reports the number recorded.', async () => {
    await api('projects', USER)
    await sandbox().admin('health')
    await sandbox().admin('scenarios')
    await sandbox().admin('nope')
    const { requests, recorded } = await sandbox().journal()
    expect(recorded).toBe(1)
    expect(requests.map((entry) => entry.path)).toEqual(['/api/v1/projects'])
    expect((await sandbox().admin('health')).body.data.requests).toBe(1)
  })

  test('A key the sandbox knows is masked wherever a request put it: a query value or name (encoded or not), a path segment, X-Project-ID.', async () => {
    for (const [path, headers] of MISPLACED_KEYS) await api(path, headers)
    expectMasked((await sandbox().journal()).requests)
  })

  test('A request path and query longer than 2 KiB are kept to 2 KiB together, the entry marked as cut; the answer is unchanged.', async () => {
    const long = 'y'.repeat(3000)
    expect((await api(`${long}?q=${long}`, USER)).status).toBe(404)
    const [entry] = (await sandbox().journal()).requests
    expect(entry!.cut).toBe(true)
    expect(entry!.path.length + entry!.query.length).toBeLessThanOrEqual(LIMITS.journalTextChars + 2)
    expect(entry!.path.endsWith('…')).toBe(true)
  })

  test('The journal is bounded: after 1100 requests it keeps the last 1000 and counts all 1100 as recorded; an answer lists 100 unless a limit (at most 1000) says otherwise.', async () => {
    for (let batch = 0; batch < 11; batch++) {
      const answers = await Promise.all(Array.from({ length: 100 }, () => api('validate', USER)))
      for (const answer of answers) expect(answer.status).toBe(200)
    }
    expect((await sandbox().journal()).requests.map((entry) => entry.id)).toEqual(Array.from({ length: 100 }, (_, index) => 1001 + index))
    const { requests, recorded, capacity } = await sandbox().journal(1000)
    expect(recorded).toBe(1100)
    expect(capacity).toBe(1000)
    expect(requests).toHaveLength(1000)
    expect(requests[0]?.id).toBe(101)
    expect(requests.at(-1)?.id).toBe(1100)
    expect(requests.every((entry, index) => entry.id === 101 + index)).toBe(true)
  })
})

describe('the request journal in-process: sandbox.requests', () => {
  const sandbox = createSandbox({ now: TODAY, baseUrl: 'http://journal.test' })
  const server = setupServer(...sandbox.handlers)
  const api = (path: string, headers: Record<string, string>) => send(`http://journal.test/api/v1/${path}`, { headers })

  beforeAll(async () => {
    server.listen({ onUnhandledRequest: 'error' })
    await sandbox.ready()
  })
  afterAll(() => server.close())

  test('sandbox.requests shows the same entries as the HTTP journal, keys masked.', async () => {
    await sandbox.reset()
    for (const [path, headers] of MIXED) await api(path, headers)
    expect(sandbox.requests.map((entry) => entry.id)).toEqual([1, 2, 3, 4, 5])
    expect(withoutIdAndTime(sandbox.requests)).toEqual(MIXED_ENTRIES)
  })

  test('sandbox.requests never shows any documented key in full.', async () => {
    await sandbox.reset()
    for (const key of ALL_KEYS) await api('validate', withKey(key))
    const text = JSON.stringify(sandbox.requests)
    for (const key of ALL_KEYS) expect(text).not.toContain(key)
    expect(sandbox.requests.map((entry) => entry.key)).toEqual(ALL_KEYS.map(maskedKey))
  })

  test('sandbox.requests masks a key wherever a request put it, as the HTTP journal does.', async () => {
    await sandbox.reset()
    for (const [path, headers] of MISPLACED_KEYS) await api(path, headers)
    expectMasked(sandbox.requests)
  })

  test('sandbox.reset() empties sandbox.requests.', async () => {
    await api('projects', USER)
    expect(sandbox.requests.length).toBeGreaterThan(0)
    await sandbox.reset()
    expect(sandbox.requests).toEqual([])
  })
})
