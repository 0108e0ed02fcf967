/**
 * The dashboard's files over real HTTP (port 0): served by the sandbox itself at `/__sandbox/` to a
 * browser, under the admin API's origin rules, with a policy that keeps the page on its own origin;
 * API clients asking for JSON there keep the admin API's answer.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { request } from 'node:http'
import { gzipSync } from 'node:zlib'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { fail } from '../../src/contract/envelope.js'
import { DASHBOARD_CSP, DASHBOARD_METHOD_DETAIL } from '../../src/server/dashboard-answer.js'
import { ERRORS } from '../../src/vocabulary/errors.js'
import { startSandbox, type RunningSandbox } from '../../src/server/start-sandbox.js'
import { killAllCli, runCli } from '../cli/run-cli.js'

const BUILT = new URL('../../dist/dashboard/', import.meta.url)
const HTML = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' }

let running: RunningSandbox | undefined
afterEach(async () => {
  await running?.close()
  running = undefined
})
afterAll(killAllCli)

/** A GET with exactly these headers (Host included, which fetch cannot set). */
function get(port: number, path: string, headers: Record<string, string>, method = 'GET') {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers, setHost: headers.host === undefined }, (response) => {
      let text = ''
      response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }))
    })
    req.on('error', reject)
    req.end()
  })
}

describe('The dashboard files at /__sandbox/', () => {
  it('serves the page to a browser with its policy, no CORS headers, and every file the page names', async () => {
    running = await startSandbox()
    const page = await get(running.port, '/__sandbox/', HTML)
    expect(page.status).toBe(200)
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(page.headers['content-security-policy']).toBe(DASHBOARD_CSP)
    expect(page.headers['x-content-type-options']).toBe('nosniff')
    expect(Object.keys(page.headers).filter((name) => name.startsWith('access-control-'))).toEqual([])
    const named = [...page.text.matchAll(/(?:src|href)="(\/__sandbox\/[^"]+)"/g)].map((match) => match[1]!)
    expect(named.sort()).toEqual([
      '/__sandbox/dashboard/dashboard.css',
      '/__sandbox/dashboard/dashboard.js',
      '/__sandbox/dashboard/icon.svg',
    ])
    const types = await Promise.all(named.map(async (path) => (await get(running!.port, path, {})).headers['content-type']))
    expect(types).toEqual(['text/css; charset=utf-8', 'text/javascript; charset=utf-8', 'image/svg+xml'])
  })

  it('sends a browser at /__sandbox on to /__sandbox/ with a 308, and answers an API client there as before (404)', async () => {
    running = await startSandbox()
    const bare = await get(running.port, '/__sandbox', HTML)
    expect(bare.status).toBe(308)
    expect(bare.headers.location).toBe('/__sandbox/')
    const json = await get(running.port, '/__sandbox', { accept: 'application/json' })
    expect(json.status).toBe(404)
    expect(JSON.parse(json.text)).toMatchObject({ errors: { error: ERRORS.notFound.error } })
  })

  it('keeps the admin API answer at /__sandbox/ for a client asking for JSON, and answers an unknown file with the admin 404', async () => {
    running = await startSandbox()
    const json = await get(running.port, '/__sandbox/', { accept: 'application/json' })
    expect(json.status).toBe(404)
    expect(JSON.parse(json.text)).toMatchObject({ success: false, errors: { error: ERRORS.notFound.error } })
    const unknown = await get(running.port, '/__sandbox/dashboard/secrets.json', HTML)
    expect(unknown.status).toBe(404)
    expect(JSON.parse(unknown.text)).toMatchObject({ errors: { error: ERRORS.notFound.error } })
    const traversal = await get(running.port, '/__sandbox/dashboard/../../package.json', HTML)
    expect(traversal.status).toBe(404)
  })

  it('answers another method than GET on a file of the page with 405 and Allow: GET, without CORS headers', async () => {
    running = await startSandbox()
    for (const [method, path] of [
      ['POST', '/__sandbox/dashboard/dashboard.js'],
      ['HEAD', '/__sandbox/dashboard/index.html'],
      ['DELETE', '/__sandbox/dashboard/icon.svg'],
    ] as const) {
      const answer = await get(running.port, path, HTML, method)
      expect([method, answer.status, answer.headers.allow, answer.headers['access-control-allow-origin']]).toEqual([
        method,
        405,
        'GET',
        undefined,
      ])
      if (method !== 'HEAD') expect(JSON.parse(answer.text)).toEqual(fail(ERRORS.methodNotAllowed, DASHBOARD_METHOD_DETAIL))
    }
    // A method the admin API takes at its root, such as POST to /__sandbox/, is still the admin API's.
    const root = await get(running.port, '/__sandbox/', HTML, 'POST')
    expect(root.status).toBe(404)
  })

  it('refuses a Host that is not loopback with 403 forbidden_origin, as the admin API does (DNS rebinding)', async () => {
    running = await startSandbox()
    const rebound = await get(running.port, '/__sandbox/', { ...HTML, host: `attacker.example:${running.port}` })
    expect(rebound.status).toBe(403)
    expect(JSON.parse(rebound.text)).toMatchObject({ errors: { error: ERRORS.forbiddenOrigin.error } })
  })

  it('serves the page without the admin token, which the admin API still requires', async () => {
    running = await startSandbox({ adminToken: 'demo-token' })
    expect((await get(running.port, '/__sandbox/', HTML)).status).toBe(200)
    expect((await get(running.port, '/__sandbox/dashboard/dashboard.js', {})).status).toBe(200)
    const keys = await get(running.port, '/__sandbox/keys', {})
    expect(JSON.parse(keys.text)).toMatchObject({ errors: { error: ERRORS.adminTokenRequired.error } })
  })

  it('is served by the bin too, at the address its banner names', async () => {
    const cli = runCli(['--port', '0'])
    const url = await cli.waitForUrl()
    await cli.waitForStdout('Scenarios')
    const banner = cli.stdout()
    expect(banner).toContain(`Admin  ${new URL('/__sandbox/', url).href} (the dashboard, in a browser)`)
    const page = await fetch(new URL('/__sandbox/', url), { headers: HTML })
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('<title>analytics-sandbox dashboard</title>')
  })

  it('weighs well under 200 kB gzipped, every file together', () => {
    const gzipped = readdirSync(BUILT).reduce((sum, name) => sum + gzipSync(readFileSync(new URL(name, BUILT))).byteLength, 0)
    expect(gzipped).toBeLessThan(60_000)
  })
})
