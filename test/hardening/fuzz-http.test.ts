/**
 * Fuzzing the real server (startSandbox on port 0) over node:http and raw sockets: raw paths with
 * `..`, `%00` and 20 KB of text, every method node:http parses, duplicate headers, bodies where none
 * is expected, and bytes node:http cannot parse. Every request must be answered within 2 s, in the
 * envelope, with the status the documented check order predicts; the server keeps serving afterwards.
 */
import { Agent, METHODS, request as httpRequest, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http'
import { connect } from 'node:net'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ERRORS } from '../../src/vocabulary/errors.js'
import { DOCUMENTED_KEYS } from '../../src/vocabulary/documented-keys.js'
import { startSandbox, type RunningSandbox } from '../../src/server/start-sandbox.js'
import { expectConforming } from '../support/expect-conforming.js'
import {
  PROTOTYPE_NAMES,
  TODAY,
  apiKeyHeaderArb,
  apiPathArb,
  expectEnvelope,
  knownPathArb,
  namesNoRealScenarioOnly,
  predict,
  projectIdHeaderArb,
  queryArb,
  runs,
  unknownScenarioHeaderArb,
  type Expectation,
  type Probe,
} from './hardening-support.js'
import { parseRequests } from './raw-http.js'

/** Longest wait for any answer: past it, the request counts as a hang. */
const ANSWER_WITHIN_MS = 2_000

let server: RunningSandbox
const agent = new Agent({ keepAlive: true, maxSockets: 4 })

beforeAll(async () => {
  server = await startSandbox({ now: TODAY })
})

afterAll(async () => {
  agent.destroy()
  await server.close()
})

// ---------------------------------------------------------------------------------------------
// Writing requests the way they travel
// ---------------------------------------------------------------------------------------------

/** Percent-encodes every character outside visible ASCII (as UTF-8), so node:http sends the text as it is. */
function toWire(text: string): string {
  let wire = ''
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0
    if (code >= 0x21 && code <= 0x7e) wire += char
    else for (const byte of Buffer.from(char, 'utf8')) wire += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`
  }
  return wire
}

/** A header value node:http can send: TAB, visible ASCII, space and latin-1; anything else becomes `?`. */
function toHeaderValue(text: string): string {
  let value = ''
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0
    value += code === 0x09 || (code >= 0x20 && code <= 0x7e) || (code >= 0x80 && code <= 0xff) ? char : '?'
  }
  return value
}

/** What the server sees of a header value: leading and trailing spaces and tabs are not part of it. */
const trimOws = (value: string) => value.replace(/^[ \t]+|[ \t]+$/g, '')

/** What the server sees of a header sent 0, 1 or more times: the values joined with `, `. */
const seen = (values: readonly string[]): string | undefined => (values.length === 0 ? undefined : values.map(trimOws).join(', '))

interface HttpProbe {
  readonly method: string
  /** The request target as sent: path, and the query after the first `?`. */
  readonly target: string
  readonly apiKeys: readonly string[]
  readonly projectIds: readonly string[]
  readonly scenario: string | undefined
  readonly body: string | undefined
}

interface HttpAnswer {
  readonly status: number
  readonly headers: IncomingHttpHeaders
  readonly body: Buffer
}

/** Sends one request through node:http; rejects when no answer arrives within {@link ANSWER_WITHIN_MS}. */
function send(probe: HttpProbe): Promise<HttpAnswer> {
  const headers: OutgoingHttpHeaders = {}
  if (probe.apiKeys.length > 0) headers['X-API-Key'] = [...probe.apiKeys]
  if (probe.projectIds.length > 0) headers['X-Project-ID'] = [...probe.projectIds]
  if (probe.scenario !== undefined) headers['X-Sandbox-Scenario'] = probe.scenario
  // node:http frames a GET body with neither Content-Length nor chunked encoding; say how long it is.
  if (probe.body !== undefined) headers['Content-Length'] = String(Buffer.byteLength(probe.body))
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port: server.port, method: probe.method, path: probe.target, headers, agent })
    const timer = setTimeout(() => request.destroy(new Error(`no answer within ${ANSWER_WITHIN_MS} ms`)), ANSWER_WITHIN_MS)
    request.on('response', (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => {
        clearTimeout(timer)
        const answer = { status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }
        try {
          expectConforming({ method: probe.method, target: probe.target, status: answer.status, text: answer.body.toString('utf8') })
        } catch (error) {
          reject(error)
          return
        }
        resolve(answer)
      })
      response.on('error', (error) => {
        clearTimeout(timer)
        reject(error)
      })
    })
    request.on('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    request.end(probe.body)
  })
}

/** The probe as the core sees it once node:http has parsed the request. */
function asCoreProbe(probe: HttpProbe): Probe {
  const mark = probe.target.indexOf('?')
  return {
    method: probe.method,
    path: mark === -1 ? probe.target : probe.target.slice(0, mark),
    query: mark === -1 ? '' : probe.target.slice(mark + 1),
    apiKey: seen(probe.apiKeys),
    projectId: seen(probe.projectIds),
    scenario: probe.scenario === undefined ? undefined : trimOws(probe.scenario),
  }
}

/** Node's limit on the header section is 16 KiB: far above it is 431, far below it is up to the API. */
function sizeBand(probe: HttpProbe): 'small' | 'huge' | 'either' {
  const values = [...probe.apiKeys, ...probe.projectIds, probe.scenario ?? '']
  if (probe.target.length > 17_000 || values.some((value) => value.length > 17_000)) return 'huge'
  const total = probe.target.length + values.reduce((sum, value) => sum + value.length + 20, 0)
  return total < 14_000 ? 'small' : 'either'
}

const headerValuesArb = (single: fc.Arbitrary<string | undefined>) =>
  fc
    .oneof(
      { weight: 6, arbitrary: single.map((value) => (value === undefined ? [] : [value])) },
      { weight: 1, arbitrary: fc.tuple(single, single).map((values) => values.flatMap((value) => (value === undefined ? [] : [value]))) },
    )
    .map((values) => values.map(toHeaderValue))

const httpMethodArb = fc.oneof(
  { weight: 6, arbitrary: fc.constant('GET') },
  { weight: 3, arbitrary: fc.constantFrom(...METHODS.filter((method) => method !== 'CONNECT')) },
)

/** Requests node:http can send. HEAD that node's parser refuses (too large, not a path) has its own property below. */
const httpProbeArb: fc.Arbitrary<HttpProbe> = fc
  .record({
    method: httpMethodArb,
    target: fc.tuple(apiPathArb, queryArb).map(([path, query]) => (query === '' ? toWire(path) : `${toWire(path)}?${toWire(query)}`)),
    apiKeys: headerValuesArb(apiKeyHeaderArb),
    projectIds: headerValuesArb(projectIdHeaderArb),
    scenario: fc.oneof(
      { weight: 9, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: unknownScenarioHeaderArb.map(toHeaderValue).filter((value) => namesNoRealScenarioOnly(trimOws(value))) },
    ),
    body: fc.option(fc.string({ maxLength: 200 }), { nil: undefined, freq: 2 }),
  })
  .filter((probe) => probe.method !== 'HEAD' || (sizeBand(probe) === 'small' && probe.target.startsWith('/')))

// ---------------------------------------------------------------------------------------------
// Raw sockets, for what node:http would refuse to send
// ---------------------------------------------------------------------------------------------

interface RawAnswer {
  readonly status: number
  readonly headers: Record<string, string>
  readonly body: Buffer
}

/** Writes `bytes` on a fresh connection, half-closes it, and reads until the server closes; rejects after 2 s. */
function exchange(bytes: Buffer): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.port, '127.0.0.1')
    const chunks: Buffer[] = []
    const timer = setTimeout(() => {
      socket.destroy()
      reject(new Error(`no answer within ${ANSWER_WITHIN_MS} ms`))
    }, ANSWER_WITHIN_MS)
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.on('error', () => undefined)
    socket.on('close', () => {
      clearTimeout(timer)
      let raw = Buffer.concat(chunks)
      // An interim answer (100 Continue) comes before the real one.
      while (/^HTTP\/1\.[01] 1\d\d /.test(raw.subarray(0, 13).toString('latin1')) && raw.indexOf('\r\n\r\n') !== -1)
        raw = raw.subarray(raw.indexOf('\r\n\r\n') + 4)
      const end = raw.indexOf('\r\n\r\n')
      if (raw.byteLength === 0 || end === -1) {
        reject(new Error(`the connection was closed without an answer (got ${JSON.stringify(raw.toString('latin1').slice(0, 200))})`))
        return
      }
      const [statusLine = '', ...lines] = raw.subarray(0, end).toString('latin1').split('\r\n')
      const headers: Record<string, string> = {}
      for (const line of lines) {
        const colon = line.indexOf(':')
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
      }
      let body = raw.subarray(end + 4)
      const length = Number(headers['content-length'] ?? Number.NaN)
      if (Number.isInteger(length)) body = body.subarray(0, length)
      const status = Number(statusLine.split(' ')[1])
      const [request] = parseRequests(bytes)
      try {
        expectConforming({ method: request?.method, target: request?.target, status, text: body.toString('utf8') })
      } catch (error) {
        reject(error)
        return
      }
      resolve({ status, headers, body })
    })
    socket.end(bytes)
  })
}

const latin1 = (text: string) => Buffer.from(text, 'latin1')

/** A request node:http cannot parse, and what the server must answer: 400 bad_request, or 431 for a header section far over 16 KiB. */
interface Malformed {
  readonly what: string
  readonly bytes: Buffer
  readonly status: 400 | 431
}

const HEAD = 'Host: sandbox.test\r\nX-API-Key: sbx_user_alpha\r\nConnection: close\r\n\r\n'
const badByteArb = fc.oneof(fc.integer({ min: 0x00, max: 0x20 }), fc.integer({ min: 0x7f, max: 0xff }))

const malformedArb: fc.Arbitrary<Malformed> = fc.oneof(
  fc.tuple(knownPathArb, badByteArb, fc.nat()).map(([path, byte, at]) => {
    const cut = at % path.length
    const target = `${path.slice(0, cut)}${String.fromCharCode(byte)}${path.slice(cut)}`
    return { what: `byte 0x${byte.toString(16)} in the path`, bytes: latin1(`GET ${target} HTTP/1.1\r\n${HEAD}`), status: 400 as const }
  }),
  fc
    .oneof(
      fc.constantFrom(...METHODS.map((method) => method.toLowerCase()), 'Get', 'gEt', ...PROTOTYPE_NAMES),
      fc.stringMatching(/^[a-z][A-Za-z0-9!#$%&'*+.^_`|~-]{0,11}$/),
    )
    .chain((method) =>
      knownPathArb.map((path) => ({
        what: `method ${method}`,
        bytes: latin1(`${method} ${path} HTTP/1.1\r\n${HEAD}`),
        status: 400 as const,
      })),
    ),
  fc.constantFrom('HTTP/1.1x', 'HTTQ/1.1', 'http/1.1', 'HTTP/1.1\u0000').map((version) => ({
    what: `version ${version}`,
    bytes: latin1(`GET /api/v1/validate ${version}\r\n${HEAD}`),
    status: 400 as const,
  })),
  fc
    .constantFrom(
      'X-API-Key sbx_user_alpha',
      'X API-Key: sbx_user_alpha',
      'X-API-Key : sbx_user_alpha',
      'X-API-Key: sbx_user\u0000alpha',
      'X-API-Key: sbx_user\ralpha',
      'X-API-Key: sbx_user\r\n _alpha',
      'X-Project-ID: 101\r\n\t102',
      'Content-Length: abc',
      'Content-Length: 1\r\nContent-Length: 2',
      'Content-Length: 3\r\nTransfer-Encoding: chunked',
      ': empty-name',
    )
    .map((line) => ({
      what: `header ${JSON.stringify(line)}`,
      bytes: latin1(`GET /api/v1/validate HTTP/1.1\r\nHost: sandbox.test\r\n${line}\r\nConnection: close\r\n\r\n`),
      status: 400 as const,
    })),
  fc.integer({ min: 17_000, max: 20_000 }).chain((length) =>
    fc.constantFrom<Malformed>(
      { what: `a path of ${length} characters`, bytes: latin1(`GET /api/v1/${'a'.repeat(length)} HTTP/1.1\r\n${HEAD}`), status: 431 },
      {
        what: `an X-API-Key of ${length} characters`,
        bytes: latin1(
          `GET /api/v1/validate HTTP/1.1\r\nHost: sandbox.test\r\nX-API-Key: ${'k'.repeat(length)}\r\nConnection: close\r\n\r\n`,
        ),
        status: 431,
      },
      {
        what: `an X-Project-ID of ${length} digits`,
        bytes: latin1(
          `GET /api/v1/monitoring HTTP/1.1\r\nHost: sandbox.test\r\nX-Project-ID: ${'1'.repeat(length)}\r\nConnection: close\r\n\r\n`,
        ),
        status: 431,
      },
    ),
  ),
  fc
    .tuple(
      fc.oneof(fc.integer({ min: 0x00, max: 0x09 }), fc.integer({ min: 0x0e, max: 0x1f }), fc.integer({ min: 0x80, max: 0xff })),
      fc.uint8Array({ maxLength: 64 }),
    )
    .map(([first, rest]) => ({
      what: 'binary garbage',
      bytes: Buffer.concat([Buffer.from([first]), Buffer.from(rest)]),
      status: 400 as const,
    })),
)

function expectRawEnvelope(answer: RawAnswer, allowed: ReadonlySet<number>) {
  return expectEnvelope(answer.status, answer.headers, answer.body, allowed)
}

// ---------------------------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------------------------

describe('fuzzing the HTTP server', () => {
  it('answers every request node:http can send within 2 s, in the envelope, with the status and error code the check order predicts', async () => {
    await fc.assert(
      fc.asyncProperty(httpProbeArb, async (probe) => {
        const answer = await send(probe)

        const band = sizeBand(probe)
        const tooLarge: Expectation = { status: ERRORS.headersTooLarge.status, error: ERRORS.headersTooLarge.error }
        const predicted = predict(asCoreProbe(probe))
        const expected = band === 'huge' ? [tooLarge] : band === 'small' ? [predicted] : [predicted, tooLarge]
        // A request target that is not origin-form (`/…`) may be refused by node's parser before dispatch.
        if (!probe.target.startsWith('/') && probe.target !== '')
          expected.push({ status: ERRORS.badRequest.status, error: ERRORS.badRequest.error })
        if (probe.method === 'HEAD') {
          expect(expected.map((item) => item.status)).toContain(answer.status)
          expect(answer.body.byteLength).toBe(0)
          expect(answer.headers['content-type']).toBe('application/json; charset=utf-8')
          return
        }
        const body = expectEnvelope(answer.status, answer.headers, answer.body, new Set([200, 400, 401, 403, 404, 405, 431]))
        expect(expected).toContainEqual({ status: answer.status, error: body.errors.error })
        if (answer.status === 405) expect(answer.headers.allow).toBe('GET')
      }),
      runs(300),
    )
  })

  it('answers what node:http cannot parse (bad bytes, unknown or lower-case methods, bad versions, broken headers, over 16 KiB, binary garbage) with 400 or 431 in the envelope within 2 s, and closes the connection', async () => {
    await fc.assert(
      fc.asyncProperty(malformedArb, async (malformed) => {
        const answer = await exchange(malformed.bytes)
        const body = expectRawEnvelope(answer, new Set([400, 431]))
        expect(answer.status, malformed.what).toBe(malformed.status)
        expect(body.errors.error).toBe(malformed.status === 431 ? ERRORS.headersTooLarge.error : ERRORS.badRequest.error)
        expect(answer.headers.connection).toBe('close')
      }),
      runs(150),
    )
  })

  it('answers CONNECT on any path within 2 s, in the envelope, instead of closing the connection without an answer', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(knownPathArb, apiPathArb.map(toWire), fc.constantFrom('sandbox.test:443', '127.0.0.1:80')),
        async (target) => {
          const answer = await exchange(latin1(`CONNECT ${target} HTTP/1.1\r\n${HEAD}`))
          expectRawEnvelope(answer, new Set([400, 404, 405]))
        },
      ),
      runs(30),
    )
  })

  it('answers an HTTP/1.1 request without Host within 2 s, in the envelope', async () => {
    await fc.assert(
      fc.asyncProperty(knownPathArb, fc.constantFrom(...Object.values(DOCUMENTED_KEYS)), async (path, key) => {
        const answer = await exchange(latin1(`GET ${path} HTTP/1.1\r\nX-API-Key: ${key}\r\nConnection: close\r\n\r\n`))
        expectRawEnvelope(answer, new Set([200, 400, 401]))
      }),
      runs(30),
    )
  })

  it('answers a request with an Expect header other than 100-continue within 2 s, in the envelope', async () => {
    await fc.assert(
      fc.asyncProperty(
        knownPathArb,
        fc.oneof(fc.constantFrom('nonsense', '200-ok', '100-continue, x', ''), fc.stringMatching(/^[a-z0-9-]{1,12}$/)),
        async (path, expectation) => {
          const answer = await exchange(
            latin1(
              `GET ${path} HTTP/1.1\r\nHost: sandbox.test\r\nExpect: ${expectation}\r\nX-API-Key: ${DOCUMENTED_KEYS.user}\r\nConnection: close\r\n\r\n`,
            ),
          )
          expectRawEnvelope(answer, new Set([200, 400, 417]))
        },
      ),
      runs(30),
    )
  })

  it('answers HEAD that node:http refuses to parse (a header section over 16 KiB, a request target that is not a path) with 400 or 431 and no body, so the client can read the answer', async () => {
    const refusedHeadArb = fc.oneof(
      fc
        .tuple(
          fc.constantFrom('api/v1/validate', '%00', 'api/v1/projects?x=1', '..', '?a'),
          fc.constantFrom(...Object.values(DOCUMENTED_KEYS)),
        )
        .map(([target, key]) => ({
          target,
          apiKeys: [key],
          status: ERRORS.badRequest.status,
        })),
      fc.tuple(knownPathArb, fc.integer({ min: 17_000, max: 20_000 }), fc.boolean()).map(([path, length, inPath]) => ({
        target: inPath ? `${path}${'a'.repeat(length)}` : path,
        apiKeys: inPath ? [DOCUMENTED_KEYS.user] : ['k'.repeat(length)],
        status: ERRORS.headersTooLarge.status,
      })),
    )
    await fc.assert(
      fc.asyncProperty(refusedHeadArb, async ({ target, apiKeys, status }) => {
        const answer = await send({ method: 'HEAD', target, apiKeys, projectIds: [], scenario: undefined, body: undefined })
        expect(answer.status).toBe(status)
        expect(answer.body.byteLength).toBe(0)
      }),
      runs(20),
    )
  })

  it('still answers normal requests, one after another and in parallel, after all of the above', async () => {
    const normal = (target: string, apiKeys: string[], projectIds: string[] = []) =>
      send({ method: 'GET', target, apiKeys, projectIds, scenario: undefined, body: undefined })
    const validate = await normal('/api/v1/validate', [DOCUMENTED_KEYS.user])
    expect(validate.status).toBe(200)
    expectEnvelope(validate.status, validate.headers, validate.body)
    const answers = await Promise.all([
      normal('/api/v1/projects', [DOCUMENTED_KEYS.user]),
      normal('/api/v1/monitoring?start_date=2026-01-01&end_date=2026-01-31', [DOCUMENTED_KEYS.user], ['101']),
      normal('/api/v1/overview', [DOCUMENTED_KEYS.project]),
      normal('/api/v1/projects', [DOCUMENTED_KEYS.otherUser]),
    ])
    for (const answer of answers) {
      expect(answer.status).toBe(200)
      expectEnvelope(answer.status, answer.headers, answer.body)
    }
  })
})
