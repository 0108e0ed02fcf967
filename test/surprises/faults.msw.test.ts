import { describe, expect, it } from 'vitest'
import { useMswSandbox } from '../support/transport.js'
import { TRUNCATED_BODY_ERROR } from '../../src/msw/create-handlers.js'
import { KEY_COUNTER_LIMITS } from '../../src/scenarios/key-counters.js'
import { GATEWAY_HTML_BODY, GATEWAY_TIMEOUT_BODY, INVALID_JSON_BODY } from '../../src/vocabulary/faults.js'

const URL_PROJECTS = 'http://sandbox.test/api/v1/projects'
const get = (scenario: string) => fetch(URL_PROJECTS, { headers: { 'X-API-Key': 'sbx_user_alpha', 'X-Sandbox-Scenario': scenario } })

describe('faults in-process through msw: the nearest thing msw can do', () => {
  const sandbox = useMswSandbox({ now: '2026-03-01', baseUrl: 'http://sandbox.test' })
  /** Puts a scenario of one fault rule in force (reset after each test). */
  const inForce = (name: string, fault: Record<string, unknown>) =>
    sandbox.useScenario({ name, description: name, rules: [{ fault: fault as { type: 'slow-body' } }] })

  it('fault-connection-reset and fault-empty-reply are one network error to fetch (a TypeError)', async () => {
    await expect(get('fault-connection-reset')).rejects.toThrow(TypeError)
    await expect(get('fault-empty-reply')).rejects.toThrow(TypeError)
  })

  it("fault-truncated-body gives the status and the whole body's Content-Length, and a body that errors half-way", async () => {
    const whole = await (await fetch(URL_PROJECTS, { headers: { 'X-API-Key': 'sbx_user_alpha' } })).text()
    const response = await get('fault-truncated-body')
    expect(response.status).toBe(200)
    expect(Number(response.headers.get('content-length'))).toBe(Buffer.byteLength(whole))
    await expect(response.text()).rejects.toThrow(TRUNCATED_BODY_ERROR)
  })

  it('fault-truncated-body lets a reader have the first half of the body before the error', async () => {
    const whole = Buffer.byteLength(await (await fetch(URL_PROJECTS, { headers: { 'X-API-Key': 'sbx_user_alpha' } })).text())
    const reader = (await get('fault-truncated-body')).body!.getReader()
    let read = 0
    const ended = async () => {
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) read += chunk.value.byteLength
    }
    await expect(ended()).rejects.toThrow(TRUNCATED_BODY_ERROR)
    expect(read).toBe(Math.floor(whole / 2))
  })

  it('fault-gateway-html and fault-gateway-timeout give the same pages as over HTTP, the timeout after its delay', async () => {
    const html = await get('fault-gateway-html')
    expect([html.status, html.headers.get('content-type'), html.headers.get('server'), await html.text()]).toEqual([
      502,
      'text/html',
      'nginx',
      GATEWAY_HTML_BODY,
    ])
    inForce('quick-gateway-timeout', { type: 'gateway-timeout', delay: 300 })
    const started = performance.now()
    const timeout = await get('quick-gateway-timeout')
    expect([timeout.status, await timeout.text()]).toEqual([504, GATEWAY_TIMEOUT_BODY])
    expect(performance.now() - started).toBeGreaterThanOrEqual(280)
  })

  it('fault-slow-body gives the whole body over its duration (msw may hold the status until the body is read)', async () => {
    const whole = await (await fetch(URL_PROJECTS, { headers: { 'X-API-Key': 'sbx_user_alpha' } })).text()
    inForce('quick-slow-body', { type: 'slow-body', duration: 400 })
    const started = performance.now()
    const response = await get('quick-slow-body')
    expect(await response.text()).toBe(whole)
    expect(performance.now() - started).toBeGreaterThanOrEqual(350)
  })

  it('fault-invalid-json gives a 200 application/json body that does not parse', async () => {
    const response = await get('fault-invalid-json')
    expect(response.status).toBe(200)
    expect(await response.text()).toBe(INVALID_JSON_BODY)
  })

  it('a reset rule with nth 1 fails the first fetch and answers the retry, and both are in the journal', async () => {
    inForce('reset-first', { type: 'connection-reset', nth: 1 })
    await expect(get('reset-first')).rejects.toThrow(TypeError)
    expect((await get('reset-first')).status).toBe(200)
    expect(sandbox.requests.map((entry) => [entry.fault, entry.status])).toEqual([
      ['fault-connection-reset', null],
      [null, 200],
    ])
  })
})

describe('fault counters in-process through msw', () => {
  const sandbox = useMswSandbox({ now: '2026-03-01', baseUrl: 'http://sandbox.test' })

  it('count made-up keys past their bound together, as one key, while a known key keeps its own count', async () => {
    sandbox.useScenario({ name: 'second', description: 'second', rules: [{ fault: { type: 'connection-reset', nth: [2] } }] })
    const send = (key: string) =>
      fetch(URL_PROJECTS, { headers: { 'X-API-Key': key } }).then(
        (response) => response.status,
        () => 'reset',
      )
    const keyChars = 8_000
    const fit = Math.floor(KEY_COUNTER_LIMITS.unknownKeyChars / keyChars)
    for (let sent = 0; sent < fit; sent++) expect(await send(`k${sent}-`.padEnd(keyChars, 'k'))).toBe(401)
    expect(await send('past-0-'.padEnd(keyChars, 'k'))).toBe(401)
    expect(await send('past-1-'.padEnd(keyChars, 'k'))).toBe('reset')
    expect(await send('sbx_user_alpha')).toBe(200)
    expect(await send('sbx_user_alpha')).toBe('reset')
  })
})
