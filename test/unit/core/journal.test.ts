import { describe, expect, it } from 'vitest'
import { LIMITS } from '../../../src/vocabulary/limits.js'
import { ENTRY_HEAP_BYTES, Journal } from '../../../src/core/journal.js'
import { MemoryBudget } from '../../../src/vocabulary/memory-budget.js'
import { maskKey } from '../../../src/vocabulary/mask-key.js'
import { KeyFinder } from '../../../src/vocabulary/key-finder.js'

const T0 = Date.UTC(2026, 2, 1, 12, 0, 0)

/** Records a GET of `/api/v1/p<n>` at T0 + n seconds. */
function recordNumbered(journal: Journal, n: number, key: string | null = 'sbx_user_alpha'): void {
  journal.record(T0 + n * 1000, 'GET', `/api/v1/p${n}`, `n=${n}`, 200, key, null, [], null, NO_KEYS)
}

/** A sandbox that knows no key: nothing in a path or query is masked for being one. */
const NO_KEYS = new KeyFinder()

describe('Journal', () => {
  it('shows no key for a request that sent none, after one whose key was too long to keep', () => {
    const journal = new Journal(10)
    journal.record(T0, 'GET', '/api/v1/validate', '', 401, 'a'.repeat(600), null, [], 'unauthorized', NO_KEYS)
    journal.record(T0, 'GET', '/api/v1/validate', '', 401, null, null, [], 'unauthorized', NO_KEYS)
    expect(journal.list().map((entry) => entry.key)).toEqual([maskKey('a'.repeat(600)), null])
  })

  it('starts empty', () => {
    const journal = new Journal(3)
    expect(journal.capacity).toBe(3)
    expect(journal.recorded).toBe(0)
    expect(journal.list()).toEqual([])
  })

  it('formats an entry with an ISO 8601 time, the masked key and every field', () => {
    const journal = new Journal(10)
    journal.record(
      T0,
      'GET',
      '/api/v1/monitoring',
      'start_date=2026-01-01',
      200,
      'sbx_user_alpha',
      '101',
      ['slow', 'no-data'],
      null,
      NO_KEYS,
    )
    expect(journal.list()).toEqual([
      {
        id: 1,
        time: '2026-03-01T12:00:00.000Z',
        method: 'GET',
        path: '/api/v1/monitoring',
        query: 'start_date=2026-01-01',
        status: 200,
        key: 'sbx_us…ha',
        project_id: '101',
        scenarios: ['slow', 'no-data'],
        error: null,
        cut: false,
        warnings: [],
        fault: null,
      },
    ])
    expect(journal.list()[0]?.time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
  })

  it('keeps entries oldest first with increasing ids while below capacity', () => {
    const journal = new Journal(5)
    for (let n = 1; n <= 3; n++) recordNumbered(journal, n)
    expect(journal.list().map((entry) => [entry.id, entry.path])).toEqual([
      [1, '/api/v1/p1'],
      [2, '/api/v1/p2'],
      [3, '/api/v1/p3'],
    ])
  })

  it('keeps only the most recent entries once full, oldest first, and counts every request recorded', () => {
    const journal = new Journal(3)
    for (let n = 1; n <= 8; n++) {
      recordNumbered(journal, n)
      const ids = journal.list().map((entry) => entry.id)
      expect(ids).toEqual(Array.from({ length: Math.min(n, 3) }, (_, index) => n - Math.min(n, 3) + 1 + index))
    }
    expect(journal.recorded).toBe(8)
    expect(journal.list().map((entry) => entry.path)).toEqual(['/api/v1/p6', '/api/v1/p7', '/api/v1/p8'])
    expect(journal.list().map((entry) => entry.time)).toEqual([6, 7, 8].map((n) => new Date(T0 + n * 1000).toISOString()))
  })

  it('keeps a journal of capacity 1 to the last entry', () => {
    const journal = new Journal(1)
    recordNumbered(journal, 1)
    recordNumbered(journal, 2)
    expect(journal.list().map((entry) => entry.id)).toEqual([2])
  })

  it('lists the last limit entries, oldest first, whether or not the ring has wrapped', () => {
    const journal = new Journal(4)
    for (let n = 1; n <= 3; n++) recordNumbered(journal, n)
    expect(journal.list({ limit: 2 }).map((entry) => entry.id)).toEqual([2, 3])
    for (let n = 4; n <= 6; n++) recordNumbered(journal, n)
    expect(journal.list({ limit: 2 }).map((entry) => entry.id)).toEqual([5, 6])
    expect(journal.list({ limit: 1 }).map((entry) => entry.id)).toEqual([6])
    expect(journal.list({ limit: 0 })).toEqual([])
    expect(journal.list({ limit: 100 }).map((entry) => entry.id)).toEqual([3, 4, 5, 6])
    expect(journal.list().map((entry) => entry.id)).toEqual([3, 4, 5, 6])
  })

  it('empties on clear and restarts ids and the count from 1', () => {
    const journal = new Journal(2)
    for (let n = 1; n <= 5; n++) recordNumbered(journal, n)
    journal.clear()
    expect(journal.list()).toEqual([])
    expect(journal.recorded).toBe(0)
    recordNumbered(journal, 9)
    recordNumbered(journal, 10)
    recordNumbered(journal, 11)
    expect(journal.list().map((entry) => [entry.id, entry.path])).toEqual([
      [2, '/api/v1/p10'],
      [3, '/api/v1/p11'],
    ])
    expect(journal.recorded).toBe(3)
  })

  it('never keeps the full key: keys of 12 to 15 characters keep 6 + 2 characters, longer ones 6 + 4, shorter ones become …', () => {
    const journal = new Journal(10)
    const keys = ['sbx_user_alpha', 'abcdefghijkl', `sbx_${'x'.repeat(2000)}_end`, 'abcdefghijk', 'short', '']
    for (const key of keys) journal.record(T0, 'GET', '/', '', 200, key, null, [], null, NO_KEYS)
    journal.record(T0, 'GET', '/', '', 401, null, null, [], null, NO_KEYS)
    const shown = journal.list().map((entry) => entry.key)
    expect(shown).toEqual(['sbx_us…ha', 'abcdef…kl', 'sbx_xx…_end', '…', '…', '…', null])
    for (const [index, key] of keys.entries()) {
      if (key.length > 0) expect(JSON.stringify(journal.list())).not.toContain(key)
      expect(shown[index]).not.toBe(key)
    }
  })

  it('cuts path and query to 2 KiB together, marks the entry as cut, and clips a long project id to 512 characters plus …', () => {
    const journal = new Journal(10)
    const long = 'a'.repeat(1500)
    journal.record(T0, 'GET', `/${long}`, long, 404, null, long, [], null, NO_KEYS)
    const [entry] = journal.list()
    expect(entry?.path).toBe(`/${long}`)
    expect(entry?.query).toBe(`${'a'.repeat(LIMITS.journalTextChars - 1501)}…`)
    expect(entry?.cut).toBe(true)
    expect(entry?.project_id).toBe(`${'a'.repeat(512)}…`)
    journal.record(T0, 'GET', `/${'p'.repeat(5000)}`, 'q=1', 404, null, null, [], null, NO_KEYS)
    const [, pathOnly] = journal.list()
    expect(pathOnly?.path).toBe(`/${'p'.repeat(LIMITS.journalTextChars - 1)}…`)
    expect(pathOnly?.query).toBe('…')
  })

  it('keeps a path and query of exactly 2 KiB together whole, and a project id of 512 characters', () => {
    const journal = new Journal(10)
    const exact = 'b'.repeat(512)
    journal.record(T0, 'GET', `/${'c'.repeat(1023)}`, 'd'.repeat(1024), 200, null, exact, [], null, NO_KEYS)
    const [entry] = journal.list()
    expect(entry?.path).toBe(`/${'c'.repeat(1023)}`)
    expect(entry?.query).toBe('d'.repeat(1024))
    expect(entry?.cut).toBe(false)
    expect(entry?.project_id).toBe(exact)
  })

  it('masks a key the sandbox knows wherever the request put it: a path segment, a query name or value (encoded or not), X-Project-ID', () => {
    const journal = new Journal(10)
    const keys = new KeyFinder()
    keys.add('sbx_user_alpha')
    journal.record(
      T0,
      'GET',
      '/api/v1/sbx_user_alpha/projects',
      'auth=sbx_user_alpha&k%65y=sbx%5Fuser_alpha&sbx_user_alpha',
      200,
      null,
      'sbx_user_alpha',
      [],
      null,
      keys,
    )
    const [entry] = journal.list()
    expect(entry?.path).toBe('/api/v1/sbx_us…ha/projects')
    expect(entry?.query).toBe('auth=sbx_us…ha&k%65y=sbx_us…ha&sbx_us…ha')
    expect(entry?.project_id).toBe('sbx_us…ha')
    expect(JSON.stringify(journal.list())).not.toContain('sbx_user_alpha')
  })

  it('clips a long method too', () => {
    const journal = new Journal(10)
    journal.record(T0, 'X'.repeat(1000), '/', '', 405, null, null, [], null, NO_KEYS)
    expect(journal.list()[0]?.method).toBe(`${'X'.repeat(512)}…`)
  })

  it('gives a new array on each list, so a caller cannot change the journal', () => {
    const journal = new Journal(3)
    recordNumbered(journal, 1)
    journal.list().length = 0
    expect(journal.list()).toHaveLength(1)
  })

  it('shows each entry its own key, project and path when the ring reuses a slot that held other ones', () => {
    const journal = new Journal(2)
    const sent: Array<[string | null, string | null, string]> = [
      ['sbx_user_alpha', '101', '/api/v1/monitoring'],
      ['sbx_project_101', null, '/api/v1/validate'],
      ['sbx_user_alpha', '101', '/api/v1/monitoring'],
      [null, '102', '/api/v1/projects'],
      ['sbx_user_beta', '102', '/api/v1/projects'],
      ['sbx_user_beta', null, '/api/v1/projects'],
      ['short', '201', '/api/v1/overview'],
    ]
    for (const [index, [key, project, path]] of sent.entries()) {
      journal.record(T0 + index, 'GET', path, '', 200, key, project, [], null, NO_KEYS)
      expect(journal.list().at(-1)).toMatchObject({ id: index + 1, key: key === null ? null : maskKey(key), project_id: project, path })
    }
    expect(journal.list().map((entry) => entry.key)).toEqual(['sbx_us…ta', '…'])
  })

  it('masks a key longer than 512 characters from its ends, on every request, never keeping it whole', () => {
    const journal = new Journal(1)
    const long = `sbx_${'x'.repeat(600)}yz`
    journal.record(T0, 'GET', '/api/v1/validate', '', 401, long, null, [], null, NO_KEYS)
    journal.record(T0, 'GET', '/api/v1/validate', '', 401, long, null, [], null, NO_KEYS)
    expect(journal.list()[0]?.key).toBe('sbx_xx…xxyz')
  })

  it('filters by the whole key sent, the status and the path, all together, before taking the limit', () => {
    const journal = new Journal(10)
    journal.record(T0, 'GET', '/api/v1/projects', '', 200, 'sbx_user_alpha', null, [], null, NO_KEYS)
    journal.record(T0, 'GET', '/api/v1/projects', '', 500, 'sbx_user_alpha', null, ['server-error'], null, NO_KEYS)
    journal.record(T0, 'GET', '/api/v1/monitoring', '', 400, 'sbx_user_alpha', null, [], 'missing_project_id', NO_KEYS)
    journal.record(T0, 'GET', '/api/v1/projects', '', 500, 'sbx_user_beta', null, ['server-error'], null, NO_KEYS)
    journal.record(T0, 'GET', '/api/v1/projects', '', 200, 'sbx_user_alpha_other', null, [], null, NO_KEYS)
    const ids = (query: Parameters<Journal['list']>[0]) => journal.list(query).map((entry) => entry.id)
    expect(ids({ key: 'sbx_user_alpha' })).toEqual([1, 2, 3])
    expect(ids({ status: 500 })).toEqual([2, 4])
    expect(ids({ path: '/api/v1/projects', key: 'sbx_user_alpha' })).toEqual([1, 2])
    expect(ids({ key: 'sbx_user_alpha', limit: 1 })).toEqual([3])
    expect(ids({ key: 'sbx_user_alpha', since: 1, limit: 1 })).toEqual([2])
    expect(ids({ key: 'sbx_us' })).toEqual([])
  })

  it("keeps each answer's error code, null for a success and a 500", () => {
    const journal = new Journal(3)
    journal.record(T0, 'GET', '/api/v1/monitoring', '', 400, null, null, [], 'invalid_date', NO_KEYS)
    journal.record(T0, 'GET', '/api/v1/projects', '', 200, null, null, [], null, NO_KEYS)
    expect(journal.list().map((entry) => entry.error)).toEqual(['invalid_date', null])
  })
})

/** What one numbered entry weighs against a budget (all weigh the same for n < 10). */
function entryCost(): number {
  const account = new MemoryBudget(1_000_000).account()
  recordNumbered(new Journal(1, account), 1)
  return account.held
}

describe('Journal on a budget', () => {
  it('counts an entry as its texts plus a fixed overhead', () => {
    expect(entryCost()).toBe(ENTRY_HEAP_BYTES + 'GET'.length + '/api/v1/p1'.length + 'n=1'.length + 'sbx_user_alpha'.length)
  })

  it('stops growing when the process budget has no room and gives up its oldest entries instead, ids still consecutive', () => {
    const budget = new MemoryBudget(entryCost() * 3)
    const journal = new Journal(10, budget.account())
    for (let n = 1; n <= 6; n++) recordNumbered(journal, n)
    expect(journal.size).toBe(3)
    expect(journal.list().map((entry) => entry.id)).toEqual([4, 5, 6])
    expect(journal.list({ since: 4 }).map((entry) => entry.id)).toEqual([5, 6])
    expect(budget.used).toBe(budget.limitBytes)
  })

  it('keeps the last request even when the budget has nothing left, and gives its bytes back when cleared', () => {
    const budget = new MemoryBudget(entryCost() * 4)
    const hog = budget.account()
    hog.take(budget.limitBytes)
    const account = budget.account()
    const journal = new Journal(10, account)
    recordNumbered(journal, 1)
    recordNumbered(journal, 2)
    expect(journal.list().map((entry) => entry.id)).toEqual([2])
    hog.close()
    recordNumbered(journal, 3)
    expect(journal.size).toBe(2)
    journal.clear()
    expect(account.held).toBe(0)
  })

  it('holds exactly the bytes of the entries it keeps while entries of other sizes replace them round the ring and it gives some up', () => {
    const budget = new MemoryBudget(1_000_000)
    const account = budget.account()
    const journal = new Journal(4, account)
    /** Entry n's query is n characters long, so every entry weighs differently. */
    const record = (n: number) => journal.record(T0, 'GET', '/api/v1/projects', 'q'.repeat(n), 200, null, null, [], null, NO_KEYS)
    const weight = (n: number) => ENTRY_HEAP_BYTES + 'GET'.length + '/api/v1/projects'.length + n
    const heldFor = (ns: number[]) => ns.reduce((sum, n) => sum + weight(n), 0)
    for (let n = 1; n <= 10; n++) record(n)
    expect(account.held).toBe(heldFor([7, 8, 9, 10]))
    // A hog leaves 5 bytes free: entry 7's bytes given back, entry 8's slot has room for the larger one.
    const hog = budget.account()
    hog.take(budget.limitBytes - budget.used - 5)
    record(100)
    expect(journal.list().map((entry) => entry.query.length)).toEqual([9, 10, 100])
    expect(account.held).toBe(heldFor([9, 10, 100]))
    expect(budget.used).toBe(budget.limitBytes - 5 - weight(7) + (weight(100) - weight(8)))
    hog.close()
    for (let n = 11; n <= 14; n++) record(n)
    expect(account.held).toBe(heldFor([11, 12, 13, 14]))
    journal.clear()
    expect(account.held).toBe(0)
  })

  it('grows again where the ring writes next once the budget has room, so entries stay oldest first', () => {
    const budget = new MemoryBudget(entryCost() * 6)
    const hog = budget.account()
    hog.take(entryCost() * 4)
    const journal = new Journal(5, budget.account())
    for (let n = 1; n <= 5; n++) recordNumbered(journal, n)
    expect(journal.list().map((entry) => entry.id)).toEqual([4, 5])
    hog.close()
    for (let n = 6; n <= 9; n++) recordNumbered(journal, n)
    expect(journal.list().map((entry) => entry.id)).toEqual([5, 6, 7, 8, 9])
    for (let n = 10; n <= 12; n++) recordNumbered(journal, n)
    expect(journal.list().map((entry) => entry.id)).toEqual([8, 9, 10, 11, 12])
  })

  it('lists each repeat of a request with its own id and time, and what changed after repeats as it was sent', () => {
    const journal = new Journal(20)
    const slow = ['slow']
    const sent: Array<[number | null, readonly string[], string | null, string | null, string | null, string | null]> = [
      [200, [], null, 'sbx_user_alpha', '101', null],
      [200, [], null, 'sbx_user_alpha', '101', null],
      [500, [], null, 'sbx_user_alpha', '101', null],
      [500, slow, null, 'sbx_user_alpha', '101', null],
      [500, slow, 'internal', 'sbx_user_alpha', '101', null],
      [null, slow, null, 'sbx_user_alpha', '101', 'fault-connection-reset'],
      [401, [], 'unauthorized', null, '101', null],
      [401, [], 'unauthorized', null, '101', null],
      [200, [], null, 'sbx_user_alpha', null, null],
      [200, [], null, 'sbx_user_alpha', '101', null],
    ]
    for (const [index, [status, scenarios, error, key, project, fault]] of sent.entries()) {
      journal.record(T0 + index, 'GET', '/api/v1/overview', '', status, key, project, scenarios, error, NO_KEYS, undefined, fault)
    }
    expect(
      journal
        .list()
        .map(({ id, time, status, scenarios, error, key, project_id, fault }) => [
          id,
          time,
          status,
          scenarios,
          error,
          key,
          project_id,
          fault,
        ]),
    ).toEqual(
      sent.map(([status, scenarios, error, key, project, fault], index) => [
        index + 1,
        new Date(T0 + index).toISOString(),
        status,
        scenarios,
        error,
        key === null ? null : maskKey(key),
        project,
        fault,
      ]),
    )
  })

  it('holds the same bytes for a repeat as for the request it repeats, round the ring', () => {
    const budget = new MemoryBudget(1024 * 1024)
    const journal = new Journal(3, budget.account())
    for (let n = 0; n < 10; n++) journal.record(T0 + n, 'GET', '/api/v1/projects', '', 200, 'sbx_user_alpha', null, [], null, NO_KEYS)
    expect(budget.used).toBe(3 * (ENTRY_HEAP_BYTES + 'GET/api/v1/projects'.length + 'sbx_user_alpha'.length))
    expect(journal.list().map((entry) => entry.id)).toEqual([8, 9, 10])
  })

  it('records a repeat from what the last entry said as record would have, id, time and bytes alike', () => {
    const again = new MemoryBudget(1024 * 1024)
    const recorded = new MemoryBudget(1024 * 1024)
    const journal = new Journal(3, again.account())
    const twin = new Journal(3, recorded.account())
    for (const each of [journal, twin]) each.record(T0, 'GET', '/api/v1/projects', '', 200, 'sbx_user_alpha', '101', [], null, NO_KEYS)
    const said = journal.lastSaid!
    for (let n = 1; n < 7; n++) {
      expect(journal.recordAgain(said, T0 + n)).toBe(n + 1)
      twin.record(T0 + n, 'GET', '/api/v1/projects', '', 200, 'sbx_user_alpha', '101', [], null, NO_KEYS)
    }
    expect(journal.list()).toEqual(twin.list())
    expect(again.used).toBe(recorded.used)
  })
})
