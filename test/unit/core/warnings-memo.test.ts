import { describe, expect, it } from 'vitest'
import { findWarnings } from '../../../src/core/report/find-warnings.js'
import { WarningsMemo } from '../../../src/core/report/warnings-memo.js'
import { ENDPOINT_RULES, type EndpointRules } from '../../../src/vocabulary/endpoint-rules.js'
import { KeyFinder } from '../../../src/vocabulary/key-finder.js'
import { WARNING_TEMPLATES } from '../../../src/vocabulary/warnings.js'
import type { CoreRequest } from '../../../src/core/core-request.js'

const request = (query: string, headers: Record<string, string> = {}): CoreRequest => ({
  method: 'GET',
  path: '/api/v1/monitoring',
  query,
  header: (name) => headers[name] ?? null,
})

describe('the memo of the last query string’s warnings', () => {
  it('finds a repeated query’s warnings once, and gives the same as finding them afresh', () => {
    const keys = new KeyFinder()
    const memo = new WarningsMemo()
    let found = 0
    const find = () => {
      found++
      return findWarnings(ENDPOINT_RULES.monitoring, request('startDate=2026-01-01'), null, keys)
    }
    const of = (endpoint: EndpointRules, query: string) => memo.find(endpoint, query, keys) ?? memo.keep(endpoint, query, keys, find())
    const first = of(ENDPOINT_RULES.monitoring, 'startDate=2026-01-01')
    const again = of(ENDPOINT_RULES.monitoring, `${'startDate=2026-01-01'} `.trimEnd())
    expect(again).toBe(first)
    expect(found).toBe(1)
    expect(first.map((warning) => warning.code)).toEqual([WARNING_TEMPLATES.unknownParameter.error])
    expect(of(ENDPOINT_RULES.overview, 'startDate=2026-01-01')).toEqual(first)
    expect(found).toBe(2)
  })

  it('finds them afresh once the known keys change: a value that became a key is warned of as a key in the query', () => {
    const keys = new KeyFinder()
    const memo = new WarningsMemo()
    const query = 'note=sbx_user_made_later_0001'
    expect(findWarnings(ENDPOINT_RULES.monitoring, request(query), null, keys, memo).map((warning) => warning.code)).toEqual([
      WARNING_TEMPLATES.unknownParameter.error,
    ])
    keys.add('sbx_user_made_later_0001')
    expect(findWarnings(ENDPOINT_RULES.monitoring, request(query), null, keys, memo).map((warning) => warning.code)).toEqual([
      WARNING_TEMPLATES.keyInQuery.error,
    ])
  })

  it('is not used where the request may have warnings of its own besides its query’s (a body on a GET)', () => {
    const keys = new KeyFinder()
    const memo = new WarningsMemo()
    expect(findWarnings(ENDPOINT_RULES.monitoring, request('start_date=2026-01-01'), null, keys, memo)).toEqual([])
    const withBody = findWarnings(ENDPOINT_RULES.monitoring, request('start_date=2026-01-01', { 'content-length': '5' }), null, keys, memo)
    expect(withBody.map((warning) => warning.code)).toEqual([WARNING_TEMPLATES.bodyOnGet.error])
    expect(findWarnings(ENDPOINT_RULES.monitoring, request('start_date=2026-01-01'), null, keys, memo)).toEqual([])
  })
})
