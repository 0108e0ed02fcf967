import { afterAll, describe, expect, it } from 'vitest'
import { MAX_CREATED_RECORDS } from '../../src/model/portal-allowance.js'
import { ERRORS } from '../../src/vocabulary/errors.js'
import { killAllCli, runCli } from '../cli/run-cli.js'

describe('the portal at its limit, in the standalone process and its heap', () => {
  afterAll(() => killAllCli())

  it('answers 409 portal_full at its record limit, long before the heap is full, keeps answering the API, and a reset starts over', async () => {
    const cli = runCli(['--port', '0', '--log', 'none'])
    const origin = new URL(await cli.waitForUrl()).origin
    const create = () => fetch(`${origin}/__sandbox/accounts`, { method: 'POST', body: '{"projects": 50}' })
    const full = Math.floor(MAX_CREATED_RECORDS / 102)
    for (let made = 0; made < full; made++) expect((await create()).status).toBe(201)
    const refused = await create()
    expect(refused.status).toBe(409)
    expect((await refused.json()).errors.error).toBe(ERRORS.portalFull.error)
    const projects = await fetch(`${origin}/api/v1/projects`, { headers: { 'X-API-Key': 'sbx_user_alpha' } })
    expect(projects.status).toBe(200)
    expect((await fetch(`${origin}/__sandbox/reset`, { method: 'POST' })).status).toBe(200)
    expect((await create()).status).toBe(201)
    expect(cli.child.exitCode).toBeNull()
  })
})
