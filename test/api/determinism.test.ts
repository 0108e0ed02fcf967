import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DOCUMENTED_KEYS } from '../../src/vocabulary/documented-keys.js'
import { createSandbox } from '../../src/msw/create-sandbox.js'
import { startSandbox, type RunningSandbox } from '../../src/server/start-sandbox.js'
import { toAnswer } from '../support/transport.js'

const QUERIES = [
  'monitoring?start_date=2025-11-01&end_date=2026-01-31',
  'overview?start_date=2025-11-01&end_date=2026-01-31&provider=claude',
  'monitoring?start_date=2024-02-20&end_date=2024-03-05&region=ca',
]
const HEADERS = { 'X-API-Key': DOCUMENTED_KEYS.user, 'X-Project-ID': '101' }

describe('determinism', () => {
  let early: RunningSandbox
  let late: RunningSandbox
  let otherSeed: RunningSandbox
  // A base URL keeps msw from intercepting the real servers' /api/v1/ too.
  const msw = createSandbox({ now: '2026-03-01', baseUrl: 'http://sandbox.test' })
  const server = setupServer(...msw.handlers)

  beforeAll(async () => {
    early = await startSandbox({ now: '2026-03-01' })
    late = await startSandbox({ now: '2027-09-15' })
    otherSeed = await startSandbox({ now: '2026-03-01', seed: 2 })
    server.listen({ onUnhandledRequest: 'bypass' })
  })
  afterAll(async () => {
    server.close()
    await Promise.all([early.close(), late.close(), otherSeed.close()])
  })

  const text = async (url: string) => (await toAnswer(await fetch(url, { headers: HEADERS }), { method: 'GET', url })).text

  it('answers explicit past dates byte-identically whatever "today" is', async () => {
    for (const query of QUERIES) expect(await text(`${late.url}${query}`)).toBe(await text(`${early.url}${query}`))
  })

  it('answers byte-identically over HTTP and through msw', async () => {
    for (const query of [...QUERIES, 'monitoring', 'overview', 'projects', 'validate', 'nowhere']) {
      expect(await text(`http://sandbox.test/api/v1/${query}`)).toBe(await text(`${early.url}${query}`))
    }
  })

  it('answers differently with another seed', async () => {
    expect(await text(`${otherSeed.url}${QUERIES[0]}`)).not.toBe(await text(`${early.url}${QUERIES[0]}`))
  })
})
