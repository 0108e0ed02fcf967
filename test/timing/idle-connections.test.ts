/**
 * Idle keep-alive connections are closed by the server's sweep (src/server/idle-connections.ts), not
 * by node's timer per answer: after the keep-alive time-out and node's second of grace, never before,
 * and never while a request of the connection is still arriving or waits for its answer. Timed, so
 * in the timing tier; each test has a server of its own with a short time-out.
 */
import { connect } from 'node:net'
import { afterEach, describe, expect, test } from 'vitest'
import { resolveSandboxConfig } from '../../src/sandbox/open-sandbox.js'
import type { SandboxOptions } from '../../src/sandbox/sandbox-options.js'
import { serveSandbox } from '../../src/server/serve-sandbox.js'
import type { Server } from 'node:http'
import { KEEP_ALIVE_GRACE_MS } from '../../src/server/idle-connections.js'
import { destroyAllRaw, getRequest, openRaw, sleep } from '../hardening/raw-http.js'
import { THIS_PROCESS } from '../../src/sandbox/this-process.js'

const ALPHA = { 'X-API-Key': 'sbx_user_alpha' }
/** The keep-alive time-out these servers have: the shortest the CLI and library allow. */
const KEEP_ALIVE_MS = 100
/**
 * When an idle connection must be closed by, as a liveness bound: ten times its time-out and grace.
 * How soon it is closed (the time-out, the grace and at most two sweeps) is measured in \`npm run
 * bench\`; a bound that close fails on a busy machine and proves nothing on an idle one.
 */
const LATEST_CLOSE_MS = 10 * (KEEP_ALIVE_MS + KEEP_ALIVE_GRACE_MS)
/** When the sweep closes an idle connection at the latest on a quiet machine: the time-out, the grace and two sweeps (each a tenth of both). */
const IDLE_CLOSE_MS = KEEP_ALIVE_MS + KEEP_ALIVE_GRACE_MS + 2 * ((KEEP_ALIVE_MS + KEEP_ALIVE_GRACE_MS) / 10)

/** A served sandbox as these tests hold it. */
interface RunningServer {
  readonly port: number
  readonly server: Server
  close(graceMs?: number): Promise<void>
}

const running: RunningServer[] = []
afterEach(async () => {
  destroyAllRaw()
  await Promise.all(running.splice(0).map((server) => server.close(0)))
})

async function serve(options: SandboxOptions = {}, headersMs = 10_000): Promise<number> {
  return (await serveWith(options, headersMs)).port
}

async function serveWith(options: SandboxOptions = {}, headersMs = 10_000): Promise<RunningServer> {
  const served = await serveSandbox(
    resolveSandboxConfig({ now: '2026-03-01', ...options }),
    THIS_PROCESS,
    { host: '127.0.0.1', port: 0, timeouts: { keepAliveMs: KEEP_ALIVE_MS, headersMs } },
    { max: 16, ttlMs: 60_000 },
  )
  const server: RunningServer = { port: served.running.port, server: served.running.server, close: (graceMs) => served.close(graceMs) }
  running.push(server)
  return server
}

/** How many connections `server` holds. */
function connectionsOf(server: RunningServer): Promise<number> {
  return new Promise((resolve, reject) => server.server.getConnections((error, count) => (error ? reject(error) : resolve(count))))
}

describe('idle keep-alive connections', () => {
  test('An answered connection left idle is closed after the keep-alive time-out and its second of grace, not before (and at all).', async () => {
    const port = await serve()
    const client = await openRaw(port)
    client.write(getRequest('/api/v1/validate', ALPHA))
    const [answer] = await client.waitForResponses(1)
    const answeredAt = performance.now()
    expect(answer?.status).toBe(200)
    expect(answer?.headers['keep-alive']).toBe('timeout=0')
    await client.waitForClose(LATEST_CLOSE_MS + 1_000)
    const idleMs = performance.now() - answeredAt
    console.log(
      `[idle-connections] closed ${Math.round(idleMs)} ms after its answer (time-out ${KEEP_ALIVE_MS} ms + grace ${KEEP_ALIVE_GRACE_MS})`,
    )
    expect(idleMs).toBeGreaterThanOrEqual(KEEP_ALIVE_MS + KEEP_ALIVE_GRACE_MS - 5)
    expect(idleMs).toBeLessThan(LATEST_CLOSE_MS)
  })

  test('A connection that goes on asking is kept open well past the time-out: each answer starts its idle time again.', async () => {
    const port = await serve()
    const client = await openRaw(port)
    for (let sent = 1; sent <= 8; sent++) {
      client.write(getRequest('/api/v1/validate', ALPHA))
      await client.waitForResponses(sent)
      await sleep(300)
    }
    expect(client.closedAfterMs()).toBeUndefined()
    expect(client.responses().map((answer) => answer.status)).toEqual(Array(8).fill(200))
  })

  test('A connection whose answer waits out a latency longer than the idle time-out gets its answer: a request in flight is not idleness.', async () => {
    const port = await serve({ latency: 2_000 })
    const client = await openRaw(port)
    client.write(getRequest('/api/v1/validate', ALPHA))
    await client.waitForResponses(1, 5_000)
    client.write(getRequest('/api/v1/validate', ALPHA))
    const [, second] = await client.waitForResponses(2, 5_000)
    expect(second?.status).toBe(200)
  })

  test('A request arriving byte by byte over more than the idle time-out, after an answer, is answered: bytes on the way are not idleness.', async () => {
    const port = await serve()
    const client = await openRaw(port)
    client.write(getRequest('/api/v1/validate', ALPHA))
    await client.waitForResponses(1)
    const text = getRequest('/api/v1/validate', ALPHA)
    const started = performance.now()
    // About 2.5 s of bytes, one every 250 ms: the idle limit (1.1 s) passes twice while they come.
    const step = Math.ceil(text.length / 10)
    for (let at = 0; at < text.length; at += step) {
      client.write(text.slice(at, at + step))
      await sleep(250)
    }
    const [, second] = await client.waitForResponses(2)
    expect(performance.now() - started).toBeGreaterThan(2 * (KEEP_ALIVE_MS + KEEP_ALIVE_GRACE_MS))
    expect(second?.status).toBe(200)
  })

  test('A connection that has sent nothing yet is left to the headers time-out, as node leaves it, not closed as idle.', async () => {
    const port = await serve({}, 2_500)
    const silent = await openRaw(port)
    // Past the time the sweep would have closed it as idle, before the headers time-out.
    await sleep(IDLE_CLOSE_MS + 200)
    expect(silent.closedAfterMs()).toBeUndefined()
    const closedAfter = await silent.waitForClose(4_000)
    expect(closedAfter).toBeGreaterThan(2_400)
  })

  test("A connection the server ended (a fault's empty reply) is let go once quiet, though its client never closes its side.", async () => {
    const server = await serveWith()
    // A client that keeps its side open after the server's end (half-open), as a careless one does.
    const client = connect({ port: server.port, host: '127.0.0.1', allowHalfOpen: true })
    client.on('error', () => undefined)
    let ended = false
    client.on('end', () => (ended = true))
    await new Promise((resolve) => client.once('connect', resolve))
    client.write(getRequest('/api/v1/validate', { ...ALPHA, 'X-Sandbox-Scenario': 'fault-empty-reply' }))
    try {
      await sleep(200)
      expect(ended).toBe(true)
      expect(await connectionsOf(server)).toBe(1)
      const deadline = performance.now() + LATEST_CLOSE_MS + 1_000
      while (performance.now() < deadline && (await connectionsOf(server)) > 0) await sleep(50)
      expect(await connectionsOf(server)).toBe(0)
    } finally {
      client.destroy()
    }
  })

  test('Closing the server does not wait out its grace for a keep-alive connection stalled half-way through a request: it is let go as idle.', async () => {
    const server = await serveWith()
    const client = await openRaw(server.port)
    client.write(getRequest('/api/v1/validate', ALPHA))
    await client.waitForResponses(1)
    client.write('GET /api/v1/val')
    await sleep(50)
    const started = performance.now()
    // A grace far longer than the liveness bound: waiting it out cannot pass.
    await server.close(60_000)
    running.splice(running.indexOf(server), 1)
    expect(performance.now() - started).toBeLessThan(LATEST_CLOSE_MS + 500)
  })

  test.each([
    [
      'HTTP/1.1 without a Connection header',
      'GET /api/v1/validate HTTP/1.1\r\nHost: x\r\nX-API-Key: sbx_user_alpha\r\n\r\n',
      'keep-alive',
      'timeout=0',
    ],
    [
      'HTTP/1.1 asking to close',
      'GET /api/v1/validate HTTP/1.1\r\nHost: x\r\nConnection: close\r\nX-API-Key: sbx_user_alpha\r\n\r\n',
      'close',
      undefined,
    ],
    ['HTTP/1.0 without a Connection header', 'GET /api/v1/validate HTTP/1.0\r\nX-API-Key: sbx_user_alpha\r\n\r\n', 'close', undefined],
    [
      'HTTP/1.0 asking to keep alive',
      'GET /api/v1/validate HTTP/1.0\r\nConnection: Keep-Alive\r\nX-API-Key: sbx_user_alpha\r\n\r\n',
      'keep-alive',
      'timeout=0',
    ],
    [
      'HTTP/1.1 naming close among other tokens',
      'GET /api/v1/validate HTTP/1.1\r\nHost: x\r\nConnection: TE,  Close\r\nTE: trailers\r\nX-API-Key: sbx_user_alpha\r\n\r\n',
      'close',
      undefined,
    ],
    [
      'HTTP/1.1 whose one token only contains "close"',
      'GET /api/v1/validate HTTP/1.1\r\nHost: x\r\nConnection: x-close\r\nX-API-Key: sbx_user_alpha\r\n\r\n',
      'keep-alive',
      'timeout=0',
    ],
    [
      'HTTP/1.0 whose one token only contains "keep-alive"',
      'GET /api/v1/validate HTTP/1.0\r\nConnection: x-keep-alive\r\nX-API-Key: sbx_user_alpha\r\n\r\n',
      'close',
      undefined,
    ],
  ])('%s gets the Connection and Keep-Alive headers node gives it (%s, %s).', async (_name, request, connection, keepAlive) => {
    const port = await serve()
    const client = await openRaw(port)
    client.write(request)
    const [answer] = await client.waitForResponses(1)
    expect(answer?.status).toBe(200)
    expect(answer?.headers.connection?.toLowerCase()).toBe(connection)
    expect(answer?.headers['keep-alive']).toBe(keepAlive)
  })
})
