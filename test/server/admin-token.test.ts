import { connect } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { ERRORS } from '../../src/vocabulary/errors.js'
import { ADMIN_TOKEN_RULE, isLoopback } from '../../src/server/serve-sandbox.js'
import { ConfigError } from '../../src/vocabulary/config-error.js'
import { startSandbox, type RunningSandbox } from '../../src/server/start-sandbox.js'
import { expectConforming } from '../support/expect-conforming.js'
import { toAnswer } from '../support/transport.js'

let running: RunningSandbox | undefined
afterEach(async () => {
  await running?.close()
  running = undefined
})

/** GET /__sandbox/`path` (the journal by default), with the admin token when given; its errors are checked against the contract. */
async function admin(sandbox: RunningSandbox, token?: string, path = 'requests') {
  const url = `http://127.0.0.1:${sandbox.port}/__sandbox/${path}`
  return toAnswer(await fetch(url, { headers: token === undefined ? {} : { 'X-Sandbox-Admin-Token': token } }), { method: 'GET', url })
}

/** GET /validate with the sandbox's USER key, checked against the contract. */
async function validate(sandbox: RunningSandbox) {
  const url = `${sandbox.url}validate`
  return toAnswer(await fetch(url, { headers: { 'X-API-Key': sandbox.keys.user } }), { method: 'GET', url })
}

describe('the admin token', () => {
  it.each(['', ' secret', 'secret ', 'secret\r', 'sécret', 'tab\there'])(
    'is refused at start-up when a header could not carry it whole (%j), so the admin API is never locked for good',
    async (adminToken) => {
      const refused = await startSandbox({ adminToken }).then(
        (started) => ((running = started), undefined),
        (error: unknown) => error,
      )
      expect(refused).toBeInstanceOf(ConfigError)
      expect((refused as ConfigError).message).toBe(ADMIN_TOKEN_RULE)
    },
  )

  it('takes a token with spaces inside, which a header carries', async () => {
    running = await startSandbox({ adminToken: 'two words' })
    expect((await admin(running)).status).toBe(401)
    expect((await admin(running, 'two words')).status).toBe(200)
  })

  it('is not needed on loopback when none is given', async () => {
    running = await startSandbox()
    expect(running.adminToken).toBeUndefined()
    expect((await admin(running)).status).toBe(200)
  })

  it('is made up when the sandbox binds an address reachable from other machines, and then required', async () => {
    running = await startSandbox({ host: '0.0.0.0' })
    expect(running.adminToken).toMatch(/^[\w-]{20,}$/)
    const refused = await admin(running)
    expect(refused.status).toBe(401)
    expect(refused.body.errors.error).toBe(ERRORS.adminTokenRequired.error)
    expect((await admin(running, 'wrong')).status).toBe(401)
    expect((await admin(running, running.adminToken)).status).toBe(200)
  })

  it('is not needed for GET /__sandbox/health, which tells nothing secret, so container and CI health checks work', async () => {
    running = await startSandbox({ host: '0.0.0.0' })
    const health = await admin(running, undefined, 'health')
    expect(health.status).toBe(200)
    expect(health.body.data).toMatchObject({ status: 'ok', active_scenarios: [] })
    expect(JSON.stringify(health.body)).not.toContain(running.adminToken)
    expect((await admin(running, undefined, 'scenarios')).status).toBe(401)
  })

  it('is required when given, even on loopback, and never needed by the API itself', async () => {
    running = await startSandbox({ adminToken: 's3cret-token' })
    expect((await admin(running)).status).toBe(401)
    expect((await admin(running, 's3cret-token')).status).toBe(200)
    expect((await validate(running)).status).toBe(200)
  })

  it('tells loopback addresses from others', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '::ffff:127.0.0.1']) expect(isLoopback(host), host).toBe(true)
    for (const host of ['0.0.0.0', '::', '192.168.1.2', '10.0.0.1', 'example.test']) expect(isLoopback(host), host).toBe(false)
  })
})

describe('requests node:http cannot parse', () => {
  it('get a 400 envelope and a closed connection, and the server keeps serving', async () => {
    running = await startSandbox()
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(running!.port, '127.0.0.1', () => socket.write('NOT HTTP AT ALL\r\n\r\n'))
      let text = ''
      socket.on('data', (chunk) => (text += chunk.toString()))
      socket.on('close', () => resolve(text))
      socket.on('error', reject)
      socket.setTimeout(3000, () => reject(new Error('no answer')))
    })
    expect(raw).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/)
    const text = raw.slice(raw.indexOf('\r\n\r\n') + 4)
    expectConforming({ method: undefined, status: 400, text })
    const body = JSON.parse(text)
    expect(body).toMatchObject({ success: false, code: 400, errors: { error: ERRORS.badRequest.error } })
    expect((await validate(running)).status).toBe(200)
  })
})
