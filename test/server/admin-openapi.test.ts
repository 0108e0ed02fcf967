import { readFileSync } from 'node:fs'
import { afterEach, describe, expect, it } from 'vitest'
import { ADMIN_BASE_PATH } from '../../src/core/admin/admin-paths.js'
import { RESPONSE_HEADERS } from '../../src/core/answer.js'
import { ERRORS } from '../../src/vocabulary/errors.js'
import { startSandbox, type RunningSandbox } from '../../src/server/start-sandbox.js'

const SHIPPED = readFileSync(new URL('../../openapi.json', import.meta.url))

let running: RunningSandbox | undefined
afterEach(async () => {
  await running?.close()
  running = undefined
})

const getDocument = (sandbox: RunningSandbox, headers: Record<string, string> = {}) =>
  fetch(`http://127.0.0.1:${sandbox.port}${ADMIN_BASE_PATH}openapi.json`, { headers })

describe('GET /__sandbox/openapi.json', () => {
  it('answers 200 with the shipped openapi.json, byte for byte, as JSON and outside the envelope', async () => {
    running = await startSandbox()
    for (let request = 0; request < 2; request++) {
      const response = await getDocument(running)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe(RESPONSE_HEADERS['content-type'])
      expect(response.headers.get('content-length')).toBe(String(SHIPPED.byteLength))
      expect(Buffer.from(await response.arrayBuffer()).equals(SHIPPED)).toBe(true)
    }
  })

  it('requires the admin token when one is set, like every admin route', async () => {
    running = await startSandbox({ adminToken: 's3cret-token' })
    const refused = await getDocument(running)
    expect(refused.status).toBe(401)
    expect((await refused.json()).errors.error).toBe(ERRORS.adminTokenRequired.error)
    expect((await getDocument(running, { 'X-Sandbox-Admin-Token': 'wrong' })).status).toBe(401)
    const allowed = await getDocument(running, { 'X-Sandbox-Admin-Token': 's3cret-token' })
    expect(allowed.status).toBe(200)
    expect(Buffer.from(await allowed.arrayBuffer()).equals(SHIPPED)).toBe(true)
  })

  it('answers another method with 405 and Allow: GET, in the envelope', async () => {
    running = await startSandbox()
    const response = await fetch(`http://127.0.0.1:${running.port}${ADMIN_BASE_PATH}openapi.json`, { method: 'POST' })
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('GET')
    expect((await response.json()).errors.error).toBe(ERRORS.methodNotAllowed.error)
  })
})
