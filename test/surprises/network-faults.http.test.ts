import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '../../src/server/start-sandbox.js'
import { DEFAULT_BYTES_PER_SECOND } from '../../src/vocabulary/faults.js'
import { destroyAllRaw, getRequest, openRaw } from '../hardening/raw-http.js'
import { rawExchange, splitExchange, type Exchange } from './raw-exchange.js'

const USER = { 'X-API-Key': 'sbx_user_alpha' }
const PROJECTS = '/api/v1/projects'
const withFault = (name: string) => ({ ...USER, 'X-Sandbox-Scenario': name })
const HEAD_END = '\r\n\r\n'

/** Timers alive in the process now (node's own view), to tell whether a fault left one behind. */
const liveTimers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length
/** TCP handles open in the process now: the server's sockets and the tests' own. */
const liveSockets = () => process.getActiveResourcesInfo().filter((kind) => kind === 'TCPSocketWrap').length

/** Waits until `done` holds, checking every 20 ms, for at most `limitMs` (a liveness bound, not a measure). */
async function until(done: () => boolean, limitMs = 5_000): Promise<boolean> {
  const started = performance.now()
  while (!done()) {
    if (performance.now() - started > limitMs) return false
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return true
}

/** When the exchange's head had arrived whole, in ms after the request was written, and how many chunks brought it. */
function headArrival(exchange: Exchange): { readonly atMs: number; readonly chunks: number } {
  const headLength = exchange.bytes.indexOf(HEAD_END) + HEAD_END.length
  let seen = 0
  for (const [index, atMs] of exchange.arrivals.entries()) {
    seen += exchange.sizes[index]!
    if (seen >= headLength) return { atMs, chunks: index + 1 }
  }
  throw new Error('the head never arrived whole')
}

/**
 * Bytes of the body received by each arrival, against the most `bytesPerSecond` lets through by
 * then: the rate is never beaten (a timer never fires early, though a busy machine makes it late),
 * give or take one slice and the rounding of a ms.
 */
function bodyOverRate(exchange: Exchange, bytesPerSecond: number): number {
  const head = exchange.bytes.indexOf(HEAD_END) + HEAD_END.length
  const slice = Math.max(1, Math.round(bytesPerSecond / 20))
  let seen = 0
  let worst = -Infinity
  for (const [index, atMs] of exchange.arrivals.entries()) {
    seen += exchange.sizes[index]!
    const body = Math.max(0, seen - head)
    worst = Math.max(worst, body - ((atMs + 2) * bytesPerSecond) / 1000 - slice)
  }
  return worst
}

describe('fault-bandwidth, fault-slow-headers and fault-cut-after over real HTTP, read with raw sockets', () => {
  let sandbox: RunningSandbox
  let port = 0
  let whole: Buffer
  beforeAll(async () => {
    sandbox = await startSandbox({ now: '2026-03-01' })
    port = sandbox.port
    whole = splitExchange(await rawExchange(port, PROJECTS, USER)).body
  })
  afterAll(() => sandbox.close())
  afterEach(async () => {
    destroyAllRaw()
    await sandbox.reset()
  })
  /** Puts a scenario of one fault rule in force for every request. */
  const inForce = (fault: Record<string, unknown>) =>
    sandbox.useScenario({ name: 'mine', description: 'One fault', rules: [{ fault: fault as { type: 'bandwidth' } }] })

  it("fault-bandwidth sends the status and headers at once, then the whole body at the rule's bytes_per_second, never faster", async () => {
    inForce({ type: 'bandwidth', bytes_per_second: 1_000 })
    const exchange = await rawExchange(port, PROJECTS, USER)
    const { status, headers, body } = splitExchange(exchange)
    expect(status).toBe(200)
    expect(Number(headers['content-length'])).toBe(whole.length)
    expect(body.equals(whole)).toBe(true)
    // The head comes long before the body's end; the body in many slices, over most of 679 ms at least.
    expect(headArrival(exchange).atMs).toBeLessThan(exchange.arrivals.at(-1)! / 2)
    expect(exchange.arrivals.length).toBeGreaterThan(5)
    expect(exchange.arrivals.at(-1)).toBeGreaterThanOrEqual(whole.length * 0.8)
    expect(bodyOverRate(exchange, 1_000)).toBeLessThanOrEqual(0)
  })

  it(`fault-bandwidth sends at ${DEFAULT_BYTES_PER_SECOND} bytes a second where its built-in scenario gives no rate`, async () => {
    const exchange = await rawExchange(port, PROJECTS, withFault('fault-bandwidth'))
    expect(splitExchange(exchange).body.equals(whole)).toBe(true)
    expect(exchange.arrivals.at(-1)).toBeGreaterThanOrEqual(((whole.length * 1000) / DEFAULT_BYTES_PER_SECOND) * 0.8)
    expect(bodyOverRate(exchange, DEFAULT_BYTES_PER_SECOND)).toBeLessThanOrEqual(0)
  })

  it('fault-slow-headers trickles the status line and headers over its duration, then sends the whole body', async () => {
    inForce({ type: 'slow-headers', duration: 1_000 })
    const exchange = await rawExchange(port, PROJECTS, USER)
    const { status, headers, body } = splitExchange(exchange)
    expect(status).toBe(200)
    expect(headers.connection).toBe('close')
    expect(headers['content-type']).toMatch(/^application\/json/)
    expect(headers.date).toMatch(/GMT$/)
    expect(Number(headers['content-length'])).toBe(whole.length)
    expect(body.equals(whole)).toBe(true)
    const head = headArrival(exchange)
    // A few bytes at a time: many pieces, the first long before the last, the last after most of the second.
    expect(head.chunks).toBeGreaterThan(10)
    expect(exchange.arrivals[0]).toBeLessThan(head.atMs / 2)
    expect(head.atMs).toBeGreaterThanOrEqual(800)
  })

  it('fault-slow-headers waits for the answers ahead of it on the connection, and closes the connection after its body', async () => {
    const rule = { match: { endpoint: 'projects' }, fault: { type: 'slow-headers', duration: 300 } } as const
    sandbox.useScenario({ name: 'mine', description: 'A slow head for /projects', rules: [rule] })
    const client = await openRaw(port)
    client.write(getRequest('/api/v1/validate', USER) + getRequest(PROJECTS, USER))
    await client.waitForClose(10_000)
    const [first, second, ...rest] = client.responses()
    expect([first?.status, second?.status, rest]).toEqual([200, 200, []])
    expect(JSON.parse(first!.body).success).toBe(true)
    expect(Buffer.from(second!.body).equals(whole)).toBe(true)
  })

  it("fault-cut-after sends the status and the whole body's Content-Length, then only its bytes of the body, then closes", async () => {
    inForce({ type: 'cut-after', bytes: 100 })
    const exchange = await rawExchange(port, PROJECTS, USER)
    expect(exchange.ending).toBe('closed')
    const { status, headers, body } = splitExchange(exchange)
    expect(status).toBe(200)
    expect(Number(headers['content-length'])).toBe(whole.length)
    expect(body.equals(whole.subarray(0, 100))).toBe(true)
  })

  it('fault-cut-after of its built-in scenario (bytes 0) closes right after the headers', async () => {
    const exchange = await rawExchange(port, PROJECTS, withFault('fault-cut-after'))
    expect(exchange.ending).toBe('closed')
    const { status, headers, body } = splitExchange(exchange)
    expect(status).toBe(200)
    expect(Number(headers['content-length'])).toBe(whole.length)
    expect(body.length).toBe(0)
  })

  it("fault-cut-after with bytes at or past the body's length still cuts it, one byte short of its end", async () => {
    inForce({ type: 'cut-after', bytes: 100_000 })
    const exchange = await rawExchange(port, PROJECTS, USER)
    expect(exchange.ending).toBe('closed')
    const { body } = splitExchange(exchange)
    expect(body.equals(whole.subarray(0, whole.length - 1))).toBe(true)
  })

  it('records each in the journal by name with the 200 the client saw, and the client report counts its outcome', async () => {
    inForce({ type: 'bandwidth', bytes_per_second: 100_000 })
    await rawExchange(port, PROJECTS, USER)
    inForce({ type: 'slow-headers', duration: 50 })
    await rawExchange(port, PROJECTS, USER)
    inForce({ type: 'cut-after', bytes: 10 })
    await rawExchange(port, PROJECTS, USER)
    expect(sandbox.requests.map((entry) => [entry.fault, entry.status])).toEqual([
      ['fault-bandwidth', 200],
      ['fault-slow-headers', 200],
      ['fault-cut-after', 200],
    ])
    const seen = Object.fromEntries(sandbox.coverage().outcomes.map((outcome) => [outcome.id, outcome.seen]))
    expect([seen['fault-bandwidth'], seen['fault-slow-headers'], seen['fault-cut-after']]).toEqual([1, 1, 1])
  })

  it('holds no timer and no socket once the client goes away in the middle of a paced body or a trickling head', async () => {
    // Slow enough that each next piece is a second or more away: only the client's going stops its timer in time.
    sandbox.useScenario({
      name: 'mine',
      description: 'A trickle of a body for /projects, of a head for /validate',
      rules: [
        { match: { endpoint: 'projects' }, fault: { type: 'bandwidth', bytes_per_second: 1 } },
        { match: { endpoint: 'validate' }, fault: { type: 'slow-headers', duration: 600_000 } },
      ],
    })
    const timers = liveTimers()
    const sockets = liveSockets()
    const [body, head] = await Promise.all([rawExchange(port, PROJECTS, USER, 100), rawExchange(port, '/api/v1/validate', USER, 100)])
    expect([body.ending, head.ending]).toEqual(['open', 'open'])
    expect(await until(() => liveSockets() <= sockets && liveTimers() <= timers, 600)).toBe(true)
  })

  it('holds no socket once many faulted answers have ended', async () => {
    const sockets = liveSockets()
    const faults = ['fault-bandwidth', 'fault-slow-headers', 'fault-cut-after']
    const exchanges = await Promise.all(
      Array.from({ length: 30 }, (_, index) => rawExchange(port, PROJECTS, withFault(faults[index % 3]!))),
    )
    expect(exchanges.every((exchange) => exchange.bytes.length > 0)).toBe(true)
    expect(await until(() => liveSockets() <= sockets)).toBe(true)
  }, 20_000)
})

describe('closing the server while a faulted answer is paced', () => {
  it("resolves within the shutdown's grace, cuts the answers and leaves no timer", async () => {
    const sandbox = await startSandbox({ now: '2026-03-01', timeouts: { shutdownGraceMs: 200 } })
    sandbox.useScenario({
      name: 'mine',
      description: 'A trickle of a body for /projects, of a head for /validate',
      rules: [
        { match: { endpoint: 'projects' }, fault: { type: 'bandwidth', bytes_per_second: 1 } },
        { match: { endpoint: 'validate' }, fault: { type: 'slow-headers', duration: 60_000 } },
      ],
    })
    const timers = liveTimers()
    const body = rawExchange(sandbox.port, PROJECTS, USER, 15_000)
    const head = rawExchange(sandbox.port, '/api/v1/validate', USER, 15_000)
    await new Promise((resolve) => setTimeout(resolve, 200))
    const closing = performance.now()
    await sandbox.close()
    // A liveness bound far above the grace: the paced answers (11 minutes, 1 minute) do not hold the close.
    expect(performance.now() - closing).toBeLessThan(2_500)
    const [cut, trickled] = await Promise.all([body, head])
    expect([cut.ending, trickled.ending]).not.toContain('open')
    expect(await until(() => liveTimers() <= timers)).toBe(true)
  })
})
