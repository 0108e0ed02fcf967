/**
 * Transport hardening of the standalone server (`node dist/cli/main.cjs`), over raw TCP sockets on the
 * loopback address: garbage, slow and half-closed clients, oversized headers, keep-alive and
 * pipelining, bodies where none are expected, clients that go away. After each abuse the process
 * must still be running and answer a normal request.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { LIVENESS_MS } from './hostile-support.js'
import { get, killAllCli, runCli, type CliProcess } from '../cli/run-cli.js'
import { destroyAllRaw, envelopeOf, getRequest, openRaw, sleep, type RawClient } from './raw-http.js'

const ARGS = ['--port', '0', '--now', '2026-03-01', '--log', 'pretty', '--generate-projects', '2000']
const ALPHA = { 'X-API-Key': 'sbx_user_alpha' }

let cli: CliProcess
let url = ''
let port = 0

beforeAll(async () => {
  cli = runCli(ARGS)
  url = await cli.waitForUrl(15_000)
  port = Number(new URL(url).port)
})

afterEach(() => {
  destroyAllRaw()
})

afterAll(async () => {
  destroyAllRaw()
  await killAllCli()
})

/** The shared server still runs and answers a normal request correctly. */
async function expectStillServing(): Promise<void> {
  expect(cli.child.exitCode, `the server exited; stderr: ${cli.stderr()}`).toBeNull()
  const answer = await get(`${url}validate`, 'sbx_user_alpha', 3_000)
  expect(answer.status).toBe(200)
  expect(JSON.parse(answer.text)).toMatchObject({ success: true, data: { valid: true, user_id: 1 } })
}

/** A minimal but well-formed TLS 1.2 ClientHello record, as a client speaking https to an http port sends. */
function tlsClientHello(): Buffer {
  const random = Buffer.alloc(32, 7)
  const body = Buffer.concat([
    Buffer.from([0x03, 0x03]), // client version TLS 1.2
    random,
    Buffer.from([0x00]), // session id length
    Buffer.from([0x00, 0x04, 0x13, 0x01, 0xc0, 0x2f]), // cipher suites
    Buffer.from([0x01, 0x00]), // compression methods: null
    Buffer.from([0x00, 0x00]), // no extensions
  ])
  const handshake = Buffer.concat([Buffer.from([0x01, 0x00, body.length >> 8, body.length & 0xff]), body])
  return Buffer.concat([Buffer.from([0x16, 0x03, 0x01, handshake.length >> 8, handshake.length & 0xff]), handshake])
}

/** Reproducible noise: a linear congruential generator over bytes. */
function randomBytes(length: number, seed: number): Buffer {
  const bytes = Buffer.alloc(length)
  let state = seed
  for (let index = 0; index < length; index++) {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0
    bytes[index] = state >>> 24
  }
  return bytes
}

const MALFORMED: ReadonlyArray<readonly [string, string | Buffer]> = [
  ['1 KiB of random bytes', randomBytes(1024, 42)],
  ['a TLS ClientHello (https spoken to the http port)', tlsClientHello()],
  ['a line of garbage', 'this is not http at all\r\n\r\n'],
  ['a request line with an invalid method token', 'G(E)T /api/v1/validate HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'],
  ['a request line without an HTTP version', 'GET /api/v1/validate\r\n\r\n'],
  ['an unknown HTTP version', 'GET /api/v1/validate HTTP/9.9\r\nHost: 127.0.0.1\r\n\r\n'],
  ['the HTTP/2 connection preface', 'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n'],
  ['a header line without a colon', 'GET /api/v1/validate HTTP/1.1\r\nHost 127.0.0.1\r\n\r\n'],
  ['a header value with a NUL byte', 'GET /api/v1/validate HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-Key: sbx_user\u0000alpha\r\n\r\n'],
  [
    'both Content-Length and Transfer-Encoding (a smuggling attempt)',
    'GET /api/v1/validate HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
  ],
  [
    'two different Content-Length headers',
    'GET /api/v1/validate HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello!',
  ],
]

/** Sends `bytes` on a fresh connection; resolves with what came back once the server closed it (bounded). */
async function sendMalformed(bytes: string | Buffer): Promise<RawClient> {
  const client = await openRaw(port)
  client.write(bytes)
  await client.waitForClose(3_000)
  return client
}

describe('malformed input on a raw socket', () => {
  test.each(MALFORMED)(
    'The server answers %s with a 4xx status or a closed connection, and keeps serving other requests.',
    async (_name, bytes) => {
      const client = await sendMalformed(bytes)
      const [answer] = client.responses()
      if (answer !== undefined) {
        expect(answer.status).toBeGreaterThanOrEqual(400)
        expect(answer.status).toBeLessThan(500)
      }
      await expectStillServing()
    },
  )

  test('Every 4xx the server sends for malformed input is the JSON envelope, its code the HTTP status (no bare status lines).', async () => {
    const offenders: string[] = []
    for (const [name, bytes] of MALFORMED) {
      const client = await sendMalformed(bytes)
      const [answer] = client.responses()
      if (answer === undefined) continue
      try {
        const envelope = envelopeOf(answer)
        expect(envelope.errors.error, name).toEqual(expect.any(String))
        expect(answer.headers['content-type'], name).toBe('application/json; charset=utf-8')
      } catch (error) {
        offenders.push(`${name}: ${(error as Error).message}`)
      }
    }
    expect(offenders).toEqual([])
  })

  test('An HTTP/1.1 request without a Host header gets an answer in the envelope (or a closed connection), and the server keeps serving.', async () => {
    const client = await openRaw(port)
    client.write('GET /api/v1/validate HTTP/1.1\r\nX-API-Key: sbx_user_alpha\r\n\r\n')
    const deadline = performance.now() + 3_000
    while (client.responses().length === 0 && client.closedAfterMs() === undefined && performance.now() < deadline) await sleep(20)
    const [answer] = client.responses()
    if (answer === undefined) expect(client.closedAfterMs()).toBeDefined()
    else envelopeOf(answer)
    await expectStillServing()
  })

  test('A thousand garbage connections in a row, twenty at a time, leave the server answering normally.', async () => {
    for (let round = 0; round < 50; round++) {
      await Promise.all(Array.from({ length: 20 }, (_, index) => sendMalformed(randomBytes(64 + index * 16, round * 100 + index))))
    }
    await expectStillServing()
  })
})

describe('slow, silent and idle clients', () => {
  test('A slowloris client sending its headers one byte every 200 ms gets 408 and is disconnected by the headers timeout (--headers-timeout 2000) within 4 s, while other clients are served meanwhile; an idle keep-alive connection is closed after the keep-alive timeout (--keep-alive-timeout 1000).', async () => {
    // A server of its own, started just now: node checks the headers timeout on an interval that
    // starts when the server listens, so this measures the worst case a client can rely on. The
    // time-outs are the test's own (the defaults are 10 s and 5 s), so it waits 3-4 s, not 12.
    const own = runCli(['--port', '0', '--now', '2026-03-01', '--log', 'none', '--headers-timeout', '2000', '--keep-alive-timeout', '1000'])
    try {
      const ownUrl = await own.waitForUrl()
      const ownPort = Number(new URL(ownUrl).port)
      const slow = await openRaw(ownPort)
      const silent = await openRaw(ownPort)
      const idle = await openRaw(ownPort)
      idle.write(getRequest('/api/v1/validate', ALPHA))
      const [idleAnswer] = await idle.waitForResponses(1)
      expect(idleAnswer?.headers['keep-alive']).toBe('timeout=1')

      const text = 'GET /api/v1/validate HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ' + 'a'.repeat(64)
      let sent = 0
      const drip = setInterval(() => {
        if (!slow.socket.destroyed && sent < text.length) slow.write(text.charAt(sent++))
      }, 200)
      const served: number[] = []
      try {
        const deadline = performance.now() + 4_500
        while (
          performance.now() < deadline &&
          (slow.closedAfterMs() === undefined || silent.closedAfterMs() === undefined || idle.closedAfterMs() === undefined)
        ) {
          const started = performance.now()
          const answer = await get(`${ownUrl}projects`, 'sbx_user_alpha', 2_000)
          expect(answer.status).toBe(200)
          served.push(performance.now() - started)
          await sleep(100)
        }
      } finally {
        clearInterval(drip)
      }
      const observed = {
        slowClosedAfterMs: slow.closedAfterMs(),
        silentClosedAfterMs: silent.closedAfterMs(),
        idleKeepAliveClosedAfterMs: idle.closedAfterMs(),
        bytesSlowlorisSent: sent,
        otherRequests: served.length,
        slowestOtherRequestMs: Math.round(Math.max(...served)),
      }
      console.log('[transport] timeouts observed:', JSON.stringify(observed))

      expect(served.length).toBeGreaterThan(5)
      expect(Math.max(...served)).toBeLessThan(LIVENESS_MS)
      expect(idle.closedAfterMs()).toBeGreaterThan(800)
      // node closes an idle keep-alive connection up to a second after its time-out.
      expect(idle.closedAfterMs()).toBeLessThan(3_500)
      expect(slow.closedAfterMs(), `slowloris still connected after 4.5 s: ${JSON.stringify(observed)}`).toBeDefined()
      expect(slow.closedAfterMs()).toBeLessThan(4_000)
      expect(slow.responses()[0]?.status).toBe(408)
      expect(silent.closedAfterMs(), `silent connection still open after 4.5 s: ${JSON.stringify(observed)}`).toBeDefined()
      expect(silent.closedAfterMs()).toBeLessThan(4_000)
    } finally {
      await own.kill()
    }
  }, 10_000)

  test('A request line without its blank line (a request never finished) does not hold up other clients.', async () => {
    const stuck = await Promise.all(Array.from({ length: 50 }, () => openRaw(port)))
    for (const client of stuck) client.write('GET /api/v1/validate HTTP/1.1\r\nHost: 127.0.0.1\r\n')
    await sleep(100)
    const answers = await Promise.all(Array.from({ length: 20 }, () => get(`${url}projects`, 'sbx_user_alpha', 3_000)))
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 20 }, () => 200))
    expect(stuck.every((client) => client.responses().length === 0)).toBe(true)
  })
})

describe('half-closed connections', () => {
  test('A client that sends a full request and then half-closes its side (FIN) still gets the whole answer, then the connection closes.', async () => {
    const client = await openRaw(port)
    client.write(getRequest('/api/v1/projects', ALPHA))
    client.end()
    const [answer] = await client.waitForResponses(1)
    expect(answer?.status).toBe(200)
    const envelope = envelopeOf(answer!)
    expect(envelope.data).toMatchObject({ total: 3 })
    await client.waitForClose(3_000)
    await expectStillServing()
  })

  test('Two pipelined requests followed by a half-close both get their answers, in order.', async () => {
    const client = await openRaw(port)
    client.write(
      getRequest('/api/v1/validate', { 'X-API-Key': 'sbx_project_101' }) + getRequest('/api/v1/projects', { 'X-API-Key': 'sbx_user_beta' }),
    )
    client.end()
    const [first, second] = await client.waitForResponses(2)
    expect(envelopeOf(first!).data).toMatchObject({ key_level: 'PROJECT', project_id: 101 })
    expect(envelopeOf(second!).data).toMatchObject({ total: 1 })
    await client.waitForClose(3_000)
  })
})

describe('oversized headers', () => {
  test.each([
    ['one header value of 17 KiB', { 'X-Big': 'a'.repeat(17 * 1024) }],
    [
      '300 headers of 60 bytes (18 KiB in all)',
      Object.fromEntries(Array.from({ length: 300 }, (_, index) => [`X-Header-${index}`, 'v'.repeat(60)])),
    ],
    ['an X-API-Key of 20 KiB', { 'X-API-Key': `sbx_${'k'.repeat(20 * 1024)}` }],
  ])(
    'Request headers over 16 KiB (%s) get 431 in the envelope and the connection closed; the server keeps serving.',
    async (_name, headers) => {
      const client = await openRaw(port)
      client.write(getRequest('/api/v1/validate', headers))
      await client.waitForClose(3_000)
      const [answer] = client.responses()
      expect(answer?.status).toBe(431)
      expect(envelopeOf(answer!).errors.error).toEqual(expect.any(String))
      await expectStillServing()
    },
  )

  test('A URL of 20 KiB gets 431 and the connection closed; the server keeps serving.', async () => {
    const client = await openRaw(port)
    client.write(getRequest(`/api/v1/validate?pad=${'x'.repeat(20 * 1024)}`, ALPHA))
    await client.waitForClose(3_000)
    expect(client.responses()[0]?.status).toBe(431)
    await expectStillServing()
  })

  test("Headers over 16 KiB sent to the admin API get its 431 without CORS headers, which the API's 431 carries.", async () => {
    const big = { 'X-Big': 'a'.repeat(17 * 1024) }
    const statuses: Array<[number | undefined, string | undefined]> = []
    for (const path of ['/__sandbox/requests', '/__sandbox', '/api/v1/validate']) {
      const client = await openRaw(port)
      client.write(getRequest(path, big))
      await client.waitForClose(3_000)
      const [answer] = client.responses()
      statuses.push([answer?.status, answer?.headers['access-control-allow-origin']])
    }
    expect(statuses).toEqual([
      [431, undefined],
      [431, undefined],
      [431, '*'],
    ])
    await expectStillServing()
  })

  test('Headers of 12 KiB, under the limit, are answered normally.', async () => {
    const client = await openRaw(port)
    client.write(getRequest('/api/v1/validate', { ...ALPHA, 'X-Padding': 'p'.repeat(12 * 1024) }))
    const [answer] = await client.waitForResponses(1)
    expect(answer?.status).toBe(200)
  })
})

describe('keep-alive and pipelining', () => {
  test('Two requests sent one after the other with Connection: keep-alive are both answered on the same connection, which stays open.', async () => {
    const client = await openRaw(port)
    client.write(getRequest('/api/v1/validate', { ...ALPHA, Connection: 'keep-alive' }))
    const [first] = await client.waitForResponses(1)
    expect(first?.status).toBe(200)
    expect(first?.headers.connection).toMatch(/keep-alive/i)
    expect(first?.headers['keep-alive']).toBe('timeout=5')
    await sleep(200)
    expect(client.closedAfterMs()).toBeUndefined()
    client.write(getRequest('/api/v1/overview', { 'X-API-Key': 'sbx_project_101', Connection: 'keep-alive' }))
    const [, second] = await client.waitForResponses(2)
    expect(second?.status).toBe(200)
    expect(envelopeOf(second!).message).toBe('Overview data retrieved successfully for 30 dates')
    expect(client.closedAfterMs()).toBeUndefined()
  })

  test('Ten requests pipelined in one write are answered in order, and the connection is reused for an eleventh.', async () => {
    const client = await openRaw(port)
    const paths = Array.from(
      { length: 10 },
      (_, index) => `/api/v1/monitoring?start_date=2026-02-01&end_date=2026-02-${String(index + 10).padStart(2, '0')}`,
    )
    client.write(paths.map((path) => getRequest(path, { ...ALPHA, 'X-Project-ID': '101' })).join(''))
    const answers = await client.waitForResponses(10)
    expect(answers.map((answer) => envelopeOf(answer).message)).toEqual(
      paths.map((_, index) => `Monitoring data retrieved successfully for ${index + 10} dates`),
    )
    client.write(getRequest('/api/v1/projects', ALPHA))
    const all = await client.waitForResponses(11)
    expect(all[10]?.status).toBe(200)
    expect(client.closedAfterMs()).toBeUndefined()
  })

  test('An HTTP/1.0 request without keep-alive is answered and its connection closed.', async () => {
    const client = await openRaw(port)
    client.write('GET /api/v1/validate HTTP/1.0\r\nX-API-Key: sbx_user_alpha\r\n\r\n')
    const [answer] = await client.waitForResponses(1)
    expect(answer?.status).toBe(200)
    await client.waitForClose(3_000)
  })

  test('A request with Connection: close is answered and the server closes the connection.', async () => {
    const client = await openRaw(port)
    client.write(getRequest('/api/v1/validate', { ...ALPHA, Connection: 'close' }))
    const [answer] = await client.waitForResponses(1)
    expect(answer?.status).toBe(200)
    expect(answer?.headers.connection).toMatch(/close/i)
    await client.waitForClose(3_000)
  })
})

describe('bodies sent to GET endpoints', () => {
  test.each([
    ['a Content-Length body', (head: string) => `${head}Content-Length: 11\r\n\r\nhello world`],
    ['a chunked body', (head: string) => `${head}Transfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n`],
    ['a JSON body', (head: string) => `${head}Content-Type: application/json\r\nContent-Length: 17\r\n\r\n{"scenarios":[1]}`],
  ])('A GET to an API endpoint with %s is answered normally and the next request on the same connection is too.', async (_name, build) => {
    const client = await openRaw(port)
    client.write(
      build('GET /api/v1/validate HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-Key: sbx_user_alpha\r\n') + getRequest('/api/v1/projects', ALPHA),
    )
    const [first, second] = await client.waitForResponses(2)
    expect(envelopeOf(first!).data).toMatchObject({ valid: true })
    expect(envelopeOf(second!).data).toMatchObject({ total: 3 })
    expect(client.closedAfterMs()).toBeUndefined()
  })

  test('A GET with a 1 MiB body is answered, and the request after the body on the same connection is answered too.', async () => {
    const client = await openRaw(port)
    const body = Buffer.alloc(1024 * 1024, 0x61)
    client.write(`GET /api/v1/validate HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-Key: sbx_user_alpha\r\nContent-Length: ${body.length}\r\n\r\n`)
    client.write(body)
    client.write(getRequest('/api/v1/projects', ALPHA))
    const [first, second] = await client.waitForResponses(2, 8_000)
    expect(first?.status).toBe(200)
    expect(envelopeOf(second!).data).toMatchObject({ total: 3 })
  })
})

describe('clients that go away', () => {
  test('Clients that disconnect (FIN or reset) before their slow answer (X-Sandbox-Scenario: slow, up to 1.5 s) do not crash the server.', async () => {
    const clients = await Promise.all(Array.from({ length: 20 }, () => openRaw(port)))
    for (const client of clients) client.write(getRequest('/api/v1/projects', { ...ALPHA, 'X-Sandbox-Scenario': 'slow' }))
    await sleep(100)
    clients.forEach((client, index) => (index % 2 === 0 ? client.socket.resetAndDestroy() : client.destroy()))
    // Every delayed answer is now written to a gone socket; wait past the longest delay.
    await sleep(1_700)
    await expectStillServing()
    expect(cli.stderr()).toBe('')
  })

  test('Clients that reset the connection in the middle of a 420 KB answer do not crash the server.', async () => {
    const clients = await Promise.all(Array.from({ length: 20 }, () => openRaw(port)))
    const reset = clients.map(
      (client) =>
        new Promise<void>((resolve) => {
          client.socket.once('data', () => {
            client.socket.resetAndDestroy()
            resolve()
          })
          client.socket.once('close', () => resolve())
        }),
    )
    for (const client of clients) client.write(getRequest('/api/v1/projects', { 'X-API-Key': 'sbx_user_generated' }))
    await Promise.race([Promise.all(reset), sleep(5_000)])
    await sleep(200)
    await expectStillServing()
    expect(cli.stderr()).toBe('')
  })

  test('Clients that ask for a 420 KB answer five times over and never read it do not hold up other clients.', async () => {
    const clients = await Promise.all(Array.from({ length: 10 }, () => openRaw(port)))
    for (const client of clients) {
      client.socket.pause()
      client.write(getRequest('/api/v1/projects', { 'X-API-Key': 'sbx_user_generated' }).repeat(5))
    }
    await sleep(300)
    const started = performance.now()
    const answers = await Promise.all(Array.from({ length: 20 }, () => get(`${url}validate`, 'sbx_user_alpha', 3_000)))
    expect(answers.every((answer) => answer.status === 200)).toBe(true)
    expect(performance.now() - started).toBeLessThan(2_000)
  })

  test('After all of the above, the server process still runs and has written nothing to stderr.', async () => {
    await expectStillServing()
    expect(cli.stderr()).toBe('')
  })
})
