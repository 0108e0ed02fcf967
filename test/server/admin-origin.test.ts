/**
 * The admin API serves the machine's own tools and dashboard, never a third-party web page
 * (product.md, Admin API): no CORS headers, a foreign Origin refused before any effect, and on a
 * sandbox bound to loopback only loopback Host names (DNS rebinding). Regression tests of "any web
 * page can steer a local sandbox".
 */
import { request } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { CROSS_SITE_DETAIL, FOREIGN_HOST_DETAIL, FOREIGN_ORIGIN_DETAIL } from '../../src/core/admin/refuse-foreign-origin.js'
import { ERRORS } from '../../src/vocabulary/errors.js'
import { startSandbox, type RunningSandbox } from '../../src/server/start-sandbox.js'
import { expectConforming } from '../support/expect-conforming.js'

let running: RunningSandbox | undefined
afterEach(async () => {
  await running?.close()
  running = undefined
})

interface Raw {
  readonly status: number
  readonly headers: Record<string, string | string[] | undefined>
  readonly text: string
  readonly body: { errors: { error?: string; detail?: string }; data: Record<string, unknown> }
}

/** A request through 127.0.0.1 with exactly these headers (Host included, which fetch cannot set). */
function send(port: number, method: string, path: string, headers: Record<string, string>, body?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers, setHost: headers.host === undefined }, (response) => {
      let text = ''
      response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk))
      response.on('end', () => {
        const status = response.statusCode ?? 0
        resolve({ status, headers: response.headers, text, body: text === '' ? { errors: {}, data: {} } : JSON.parse(text) })
      })
    })
    req.on('error', reject)
    req.end(body)
  })
}

const corsHeaders = (raw: Raw) => Object.keys(raw.headers).filter((name) => name.startsWith('access-control-'))

function expectRefused(raw: Raw, detail: string, method = 'GET', path = '/__sandbox/requests'): void {
  expect(raw.status).toBe(403)
  expect(raw.body.errors.error).toBe(ERRORS.forbiddenOrigin.error)
  expect(raw.body.errors.detail).toBe(detail)
  expect(corsHeaders(raw)).toEqual([])
  expectConforming({ method, target: path, status: raw.status, text: raw.text })
}

describe('the admin API and web pages of other origins', () => {
  it('answers its own tools (no Origin) and its own page (Origin http://<Host>) with no CORS headers at all', async () => {
    running = await startSandbox()
    const host = `127.0.0.1:${running.port}`
    const variants: Array<Record<string, string>> = [{}, { origin: `http://${host}` }, { origin: `HTTP://${host.toUpperCase()}` }]
    for (const headers of variants) {
      const answer = await send(running.port, 'GET', '/__sandbox/requests', headers)
      expect(answer.status, JSON.stringify(headers)).toBe(200)
      expect(corsHeaders(answer)).toEqual([])
    }
    const api = await send(running.port, 'GET', '/api/v1/validate', { 'x-api-key': 'sbx_user_alpha', origin: 'http://app.example' })
    expect(api.headers['access-control-allow-origin'], 'the API itself stays open to browser apps').toBe('*')
  })

  it('refuses GET /__sandbox/requests from another origin with 403 forbidden_origin, without the journal', async () => {
    running = await startSandbox()
    await fetch(`${running.url}validate`, { headers: { 'X-API-Key': 'sbx_user_alpha' } })
    const answer = await send(running.port, 'GET', '/__sandbox/requests', { origin: 'http://attacker.example' })
    expectRefused(answer, FOREIGN_ORIGIN_DETAIL)
    expect(answer.text).not.toContain('/api/v1/validate')
  })

  it('refuses a no-cors POST /__sandbox/reset and a PUT /__sandbox/scenario from another origin before they change anything', async () => {
    running = await startSandbox()
    running.useScenario('server-error')
    await fetch(`${running.url}validate`, { headers: { 'X-API-Key': 'sbx_user_alpha' } })
    expectRefused(
      await send(running.port, 'POST', '/__sandbox/reset', { origin: 'null', 'content-type': 'text/plain' }, ''),
      FOREIGN_ORIGIN_DETAIL,
      'POST',
      '/__sandbox/reset',
    )
    expectRefused(
      await send(
        running.port,
        'PUT',
        '/__sandbox/scenario',
        { origin: 'https://attacker.example', 'content-type': 'text/plain' },
        '{"scenarios":[]}',
      ),
      FOREIGN_ORIGIN_DETAIL,
      'PUT',
      '/__sandbox/scenario',
    )
    expect(running.requests).toHaveLength(1)
    expect((await fetch(`${running.url}projects`, { headers: { 'X-API-Key': 'sbx_user_alpha' } })).status).toBe(500)
  })

  it('refuses a browser request another site started (Sec-Fetch-Site cross-site or same-site, as an <img> sends it, with no Origin) under /__sandbox/, GETs and the dashboard included, before it reads or changes anything', async () => {
    running = await startSandbox()
    await fetch(`${running.url}validate`, { headers: { 'X-API-Key': 'sbx_user_alpha' } })
    for (const site of ['cross-site', 'same-site', 'Cross-Site']) {
      const journal = await send(running.port, 'GET', '/__sandbox/requests', { 'sec-fetch-site': site, 'sec-fetch-dest': 'image' })
      expectRefused(journal, CROSS_SITE_DETAIL)
      expect(journal.text).not.toContain('/api/v1/validate')
      expectRefused(
        await send(running.port, 'POST', '/__sandbox/reset', { 'sec-fetch-site': site }, ''),
        CROSS_SITE_DETAIL,
        'POST',
        '/__sandbox/reset',
      )
      expect((await send(running.port, 'GET', '/__sandbox/', { 'sec-fetch-site': site, accept: 'text/html' })).status).toBe(403)
    }
    expect((await running.requests).length, 'the refused reset changed nothing').toBe(1)
  })

  it('answers its own page (Sec-Fetch-Site same-origin), a typed address (none) and tools that send no Sec-Fetch-Site, and leaves the API open to cross-site requests', async () => {
    running = await startSandbox()
    const variants: Array<Record<string, string>> = [{ 'sec-fetch-site': 'same-origin' }, { 'sec-fetch-site': 'none' }, {}]
    for (const headers of variants) {
      expect((await send(running.port, 'GET', '/__sandbox/requests', headers)).status, JSON.stringify(headers)).toBe(200)
    }
    const api = await send(running.port, 'GET', '/api/v1/validate', { 'x-api-key': 'sbx_user_alpha', 'sec-fetch-site': 'cross-site' })
    expect(api.status).toBe(200)
  })

  it('answers a preflight to the admin API from another origin with 403 and no CORS headers, while API preflights still pass', async () => {
    running = await startSandbox()
    const preflight = {
      origin: 'http://attacker.example',
      'access-control-request-method': 'PUT',
      'access-control-request-headers': 'content-type',
    }
    expectRefused(
      await send(running.port, 'OPTIONS', '/__sandbox/scenario', preflight),
      FOREIGN_ORIGIN_DETAIL,
      'OPTIONS',
      '/__sandbox/scenario',
    )
    const api = await send(running.port, 'OPTIONS', '/api/v1/projects', { ...preflight, 'access-control-request-method': 'GET' })
    expect(api.status).toBe(204)
    expect(api.headers['access-control-allow-origin']).toBe('*')
  })

  it('on loopback, answers only loopback Host names: localhost, 127.0.0.1 and [::1] with any port, and refuses a rebound name', async () => {
    running = await startSandbox()
    const { port } = running
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, 'localhost', `LOCALHOST:${port}`]) {
      expect((await send(port, 'GET', '/__sandbox/health', { host })).status, host).toBe(200)
    }
    for (const host of [`attacker.example:${port}`, 'attacker.example', `localhost.attacker.example:${port}`, `127.0.0.1.nip.io:${port}`]) {
      const answer = await send(port, 'GET', '/__sandbox/requests', { host })
      expectRefused(answer, FOREIGN_HOST_DETAIL)
    }
    const rebound = await send(
      port,
      'POST',
      '/__sandbox/reset',
      { host: `attacker.example:${port}`, origin: `http://attacker.example:${port}` },
      '',
    )
    expectRefused(rebound, FOREIGN_HOST_DETAIL, 'POST', '/__sandbox/reset')
    expect(
      (await send(port, 'GET', '/api/v1/validate', { host: `analytics.test:${port}`, 'x-api-key': 'sbx_user_alpha' })).status,
      'the API answers any Host',
    ).toBe(200)
  })

  it('bound to 0.0.0.0 (reachable by other names), answers any Host with its token, and still refuses foreign Origins', async () => {
    running = await startSandbox({ host: '0.0.0.0' })
    const token = { 'x-sandbox-admin-token': running.adminToken! }
    expect((await send(running.port, 'GET', '/__sandbox/requests', { ...token, host: `sandbox.internal:${running.port}` })).status).toBe(
      200,
    )
    expectRefused(
      await send(running.port, 'GET', '/__sandbox/requests', { ...token, origin: 'http://attacker.example' }),
      FOREIGN_ORIGIN_DETAIL,
    )
  })
})
