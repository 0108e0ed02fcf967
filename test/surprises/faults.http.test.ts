import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '../../src/server/start-sandbox.js'
import { FAULT_TYPES, GATEWAY_HTML_BODY, GATEWAY_TIMEOUT_BODY, INVALID_JSON_BODY, type FaultType } from '../../src/vocabulary/faults.js'
import { rawExchange, splitExchange } from './raw-exchange.js'

const USER = { 'X-API-Key': 'sbx_user_alpha' }
const PROJECTS = '/api/v1/projects'
const withFault = (name: string, headers: Record<string, string> = USER) => ({ ...headers, 'X-Sandbox-Scenario': name })

/** Scenarios of one fault rule each, put in force (PUT /__sandbox/scenario) by the tests that need them. */
const RULES = {
  'quick-gateway-timeout': { fault: { type: 'gateway-timeout', delay: 300 } },
  'quick-slow-body': { fault: { type: 'slow-body', duration: 1000 } },
  'reset-first': { fault: { type: 'connection-reset', nth: 1 } },
  'quick-bandwidth': { fault: { type: 'bandwidth', bytes_per_second: 100_000 } },
  'quick-slow-headers': { fault: { type: 'slow-headers', duration: 100 } },
} as const

/** The faults whose built-in scenario takes seconds, and the scenario of {@link RULES} that is quick instead. */
const QUICK: Partial<Record<FaultType, keyof typeof RULES>> = {
  'gateway-timeout': 'quick-gateway-timeout',
  'slow-body': 'quick-slow-body',
  bandwidth: 'quick-bandwidth',
  'slow-headers': 'quick-slow-headers',
}

/** Timers alive in the process now (node's own view), to tell whether a fault left one behind. */
const liveTimers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length

describe('faults over real HTTP, read with raw sockets', () => {
  let sandbox: RunningSandbox
  let port = 0
  const journal = async () =>
    ((await (await fetch(new URL('/__sandbox/requests', sandbox.url))).json()) as { data: { requests: Array<Record<string, unknown>> } })
      .data.requests

  beforeAll(async () => {
    sandbox = await startSandbox({ now: '2026-03-01' })
    port = Number(new URL(sandbox.url).port)
  })
  afterAll(() => sandbox.close())
  /** Puts the scenario `name` of {@link RULES} in force for every request. */
  const inForce = async (name: keyof typeof RULES) => {
    const body = JSON.stringify({ scenarios: [{ name, description: name, rules: [RULES[name]] }] })
    const answer = await fetch(new URL('/__sandbox/scenario', sandbox.url), { method: 'PUT', body })
    if (answer.status !== 200) throw new Error(`PUT /__sandbox/scenario answered ${answer.status}: ${await answer.text()}`)
  }
  const reset = () => fetch(new URL('/__sandbox/reset', sandbox.url), { method: 'POST' })
  beforeEach(reset)
  afterEach(reset)

  it('fault-connection-reset resets the connection (TCP RST) before any byte of an answer', async () => {
    const exchange = await rawExchange(port, PROJECTS, withFault('fault-connection-reset'))
    expect(exchange.ending).toBe('reset')
    expect(exchange.bytes.length).toBe(0)
  })

  it('fault-empty-reply closes the connection cleanly without any byte', async () => {
    const exchange = await rawExchange(port, PROJECTS, withFault('fault-empty-reply'))
    expect(exchange.ending).toBe('closed')
    expect(exchange.bytes.length).toBe(0)
  })

  it("fault-truncated-body sends the status and the whole body's Content-Length, then half the body, then closes", async () => {
    const whole = splitExchange(await rawExchange(port, PROJECTS, USER))
    const exchange = await rawExchange(port, PROJECTS, withFault('fault-truncated-body'))
    expect(exchange.ending).toBe('closed')
    const { status, headers, body } = splitExchange(exchange)
    expect(status).toBe(200)
    expect(Number(headers['content-length'])).toBe(whole.body.length)
    expect(body.length).toBe(Math.floor(whole.body.length / 2))
    expect(whole.body.subarray(0, body.length).equals(body)).toBe(true)
  })

  it("fault-gateway-html answers a proxy's 502 text/html page, not the envelope, with nginx's Server header", async () => {
    const { status, headers, body } = splitExchange(await rawExchange(port, PROJECTS, withFault('fault-gateway-html')))
    expect(status).toBe(502)
    expect(headers['content-type']).toBe('text/html')
    expect(headers.server).toBe('nginx')
    expect(body.toString()).toBe(GATEWAY_HTML_BODY)
  })

  it('fault-gateway-timeout answers a 504 text/html page after its delay (a rule sets it)', async () => {
    await inForce('quick-gateway-timeout')
    const exchange = await rawExchange(port, PROJECTS, USER)
    const { status, headers, body } = splitExchange(exchange)
    expect(status).toBe(504)
    expect(headers['content-type']).toBe('text/html')
    expect(headers.server).toBe('nginx')
    expect(body.toString()).toBe(GATEWAY_TIMEOUT_BODY)
    expect(exchange.arrivals[0]).toBeGreaterThanOrEqual(280)
  })

  it('fault-slow-body sends the headers at once, then the body in pieces over its duration', async () => {
    const whole = splitExchange(await rawExchange(port, PROJECTS, USER))
    await inForce('quick-slow-body')
    const exchange = await rawExchange(port, PROJECTS, USER)
    const { status, body } = splitExchange(exchange)
    expect(status).toBe(200)
    expect(body.equals(whole.body)).toBe(true)
    expect(exchange.arrivals[0]).toBeLessThan(500)
    expect(exchange.arrivals.length).toBeGreaterThan(4)
    expect(exchange.arrivals.at(-1)).toBeGreaterThanOrEqual(900)
  })

  it('fault-invalid-json answers 200 application/json whose body does not parse', async () => {
    const { status, headers, body } = splitExchange(await rawExchange(port, PROJECTS, withFault('fault-invalid-json')))
    expect(status).toBe(200)
    expect(headers['content-type']).toMatch(/^application\/json/)
    expect(body.toString()).toBe(INVALID_JSON_BODY)
    expect(() => JSON.parse(body.toString())).toThrow()
  })

  it('records every fault in the journal by name, with the status the client saw (null where no answer was sent)', async () => {
    for (const type of FAULT_TYPES) {
      const quick = QUICK[type]
      if (quick !== undefined) await inForce(quick)
      await rawExchange(port, PROJECTS, quick !== undefined ? USER : withFault(`fault-${type}`))
      if (quick !== undefined) await fetch(new URL('/__sandbox/scenario', sandbox.url), { method: 'PUT', body: '{"scenarios": []}' })
    }
    const entries = await journal()
    expect(entries.map((entry) => [entry.fault, entry.status])).toEqual([
      ['fault-connection-reset', null],
      ['fault-empty-reply', null],
      ['fault-truncated-body', 200],
      ['fault-gateway-html', 502],
      ['fault-gateway-timeout', 504],
      ['fault-slow-body', 200],
      ['fault-invalid-json', 200],
      ['fault-bandwidth', 200],
      ['fault-slow-headers', 200],
      ['fault-cut-after', 200],
      // Each exchange here is on a new connection: a keep-alive connection closes only under a reused one.
      ['fault-keepalive-close', 200],
    ])
  })

  it('resets the first request of a rule with nth 1 and answers the retry: what a retry test needs', async () => {
    await inForce('reset-first')
    const first = await rawExchange(port, PROJECTS, USER)
    const retry = splitExchange(await rawExchange(port, PROJECTS, USER))
    expect(first.ending).toBe('reset')
    expect(retry.status).toBe(200)
  })

  it('applies after routing (an unknown path is still 404) and before the key check (no key: still the fault)', async () => {
    const unknown = splitExchange(await rawExchange(port, '/api/v1/nowhere', withFault('fault-gateway-html')))
    expect(unknown.status).toBe(404)
    const keyless = splitExchange(await rawExchange(port, PROJECTS, { 'X-Sandbox-Scenario': 'fault-gateway-html' }))
    expect(keyless.status).toBe(502)
  })

  it('answers once the fault is gone, and leaves other requests alone meanwhile', async () => {
    await rawExchange(port, PROJECTS, withFault('fault-connection-reset'))
    expect(splitExchange(await rawExchange(port, PROJECTS, USER)).status).toBe(200)
  })

  it('takes faults and variants in a session, which the root and other sessions do not see', async () => {
    const made = await fetch(new URL('/__sandbox/sessions', sandbox.url), {
      method: 'POST',
      body: JSON.stringify({ scenarios: ['fault-gateway-html', 'variant-trend'] }),
    })
    expect(made.status).toBe(201)
    const { base_url: base } = (await made.json()).data as { base_url: string }
    const at = new URL(base)
    expect(splitExchange(await rawExchange(port, `${at.pathname}projects`, USER)).status).toBe(502)
    expect(splitExchange(await rawExchange(port, PROJECTS, USER)).status).toBe(200)
    await fetch(new URL(`/__sandbox/sessions/${base.split('/sessions/')[1]!.split('/')[0]}`, sandbox.url), { method: 'DELETE' })
  })

  it('leaves no timer behind when the client goes away during a slow body or a gateway time-out', async () => {
    const before = liveTimers()
    const slow = rawExchange(port, PROJECTS, withFault('fault-slow-body'), 200)
    const waiting = rawExchange(port, PROJECTS, withFault('fault-gateway-timeout'), 200)
    await Promise.all([slow, waiting])
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(liveTimers()).toBeLessThanOrEqual(before)
  })
})
