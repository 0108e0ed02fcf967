import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryValueDetail } from '../../src/core/admin/read-admin-query.js'

const KEYS_PAGE_DETAILS = { limit: queryValueDetail('get_keys', 'limit'), offset: queryValueDetail('get_keys', 'offset') }
import { startSandbox, type RunningSandbox } from '../../src/server/start-sandbox.js'
import { ERRORS } from '../../src/vocabulary/errors.js'
import { LIMITS } from '../../src/vocabulary/limits.js'
import { repeatedParameterDetail } from '../../src/vocabulary/repeated-parameter.js'
import { expectConforming } from '../support/expect-conforming.js'
import { describePortal } from './describe-portal.js'
import { START, useHttpPortal } from './portal-harness.js'

describe('the portal and the clock over the admin API (real HTTP, port 0)', () => {
  describePortal(useHttpPortal())
})

describe('GET /__sandbox/keys in pages (real HTTP, port 0)', () => {
  let running: RunningSandbox
  const keys = async (query = '') => {
    const response = await fetch(`${new URL(running.url).origin}/__sandbox/keys${query}`)
    const text = await response.text()
    expectConforming({ method: 'GET', url: response.url, status: response.status, text })
    return { status: response.status, text, body: JSON.parse(text) }
  }

  beforeAll(async () => {
    running = await startSandbox({ now: START })
    // 21 accounts of 50 projects: 1,071 keys, 1,077 with the 6 documented ones.
    for (let account = 0; account < 21; account++) await running.accounts.create({ projects: 50 })
  })
  afterAll(() => running.close())

  it(`lists the first ${LIMITS.keysPage} keys by default, with total and the next page's offset`, async () => {
    const first = await keys()
    expect(first.body.data.keys).toHaveLength(LIMITS.keysPage)
    expect(first.body.data.total).toBe(1077)
    expect(first.body.data.next_offset).toBe(LIMITS.keysPage)
    const rest = await keys(`?offset=${first.body.data.next_offset}`)
    expect(rest.body.data.keys).toHaveLength(77)
    expect(rest.body.data.next_offset).toBeNull()
    const all = [...first.body.data.keys, ...rest.body.data.keys].map((record: { key: string }) => record.key)
    expect(new Set(all).size).toBe(1077)
  })

  it('takes limit and offset together, and user_id with them', async () => {
    const page = await keys('?offset=2&limit=3')
    expect(page.body.data.keys.map((record: { key: string }) => record.key)).toEqual(
      (await keys()).body.data.keys.slice(2, 5).map((record: { key: string }) => record.key),
    )
    const own = await keys('?user_id=1&limit=2')
    expect(own.body.data).toMatchObject({ total: 4, next_offset: 2 })
  })

  it.each([
    ['limit=0', KEYS_PAGE_DETAILS.limit],
    [`limit=${LIMITS.keysPage + 1}`, KEYS_PAGE_DETAILS.limit],
    ['limit=ten', KEYS_PAGE_DETAILS.limit],
    ['offset=-1', KEYS_PAGE_DETAILS.offset],
    ['offset=1e3', KEYS_PAGE_DETAILS.offset],
  ])('refuses ?%s with 400 bad_request naming the parameter and its range', async (query, detail) => {
    const answer = await keys(`?${query}`)
    expect(answer.status).toBe(400)
    expect(answer.body.errors).toMatchObject({ error: ERRORS.badRequest.error, detail })
  })

  it.each([
    ['limit=5&limit=10', 'limit'],
    ['user_id=1&offset=0&user_id=2', 'user_id'],
  ])('refuses ?%s, a parameter given twice, with 400 bad_request naming it', async (query, name) => {
    const answer = await keys(`?${query}`)
    expect(answer.status).toBe(400)
    expect(answer.body.errors).toMatchObject({ error: ERRORS.badRequest.error, detail: repeatedParameterDetail(name) })
  })

  it('answers the same page byte for byte until the keys change, then the change', async () => {
    const before = await keys('?user_id=1')
    expect((await keys('?user_id=1')).text).toBe(before.text)
    await running.keys.revoke('sbx_user_alpha')
    const after = await keys('?user_id=1')
    expect(after.body.data.keys.find((record: { key: string }) => record.key === 'sbx_user_alpha').state).toBe('revoked')
    await running.reset()
  })
})
