/**
 * Raw-socket HTTP/1.1 for the transport, lifecycle and soak hardening tests: a client that writes
 * exactly the bytes a test gives (garbage, pipelined requests, half-closed sockets) and parses the
 * answers itself, plus an /proc RSS reader. Every socket is tracked: call {@link destroyAllRaw} in
 * `afterEach`. Every answer a client reads is checked against the contract, paired with the request
 * it answers (see {@link parseRequests}).
 */
import { readFileSync } from 'node:fs'
import { connect, type Socket } from 'node:net'
import { expectConforming } from '../support/expect-conforming.js'
import { createWaiter } from '../support/waiter.js'

/** One parsed HTTP response (Content-Length framed, as every answer of the sandbox is). */
export interface RawResponse {
  readonly status: number
  /** Header names in lower case; repeated headers joined with `, `. */
  readonly headers: Readonly<Record<string, string>>
  readonly body: string
}

/** The envelope every answer of the sandbox carries. */
export interface Envelope {
  readonly success: boolean
  readonly message: string
  readonly code: number
  readonly data: Record<string, unknown>
  readonly errors: { readonly error?: string; readonly detail?: string }
  readonly meta_data: Record<string, unknown>
}

export const ENVELOPE_FIELDS = ['success', 'message', 'code', 'data', 'errors', 'meta_data'] as const

const HEAD_END = Buffer.from('\r\n\r\n')

/** Parses every complete response at the start of `data`; chunked bodies are decoded too. */
export function parseResponses(data: Buffer): RawResponse[] {
  const responses: RawResponse[] = []
  let offset = 0
  while (offset < data.length) {
    const headEnd = data.indexOf(HEAD_END, offset)
    if (headEnd === -1) break
    const lines = data.subarray(offset, headEnd).toString('latin1').split('\r\n')
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(lines[0] ?? '')?.[1] ?? Number.NaN)
    const headers: Record<string, string> = {}
    for (const line of lines.slice(1)) {
      const colon = line.indexOf(':')
      if (colon === -1) continue
      const name = line.slice(0, colon).trim().toLowerCase()
      const value = line.slice(colon + 1).trim()
      headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`
    }
    let cursor = headEnd + HEAD_END.length
    let body: Buffer
    if (/chunked/i.test(headers['transfer-encoding'] ?? '')) {
      const parts: Buffer[] = []
      let complete = false
      for (;;) {
        const lineEnd = data.indexOf('\r\n', cursor)
        if (lineEnd === -1) break
        const size = Number.parseInt(data.subarray(cursor, lineEnd).toString('latin1'), 16)
        if (!Number.isFinite(size)) break
        if (size === 0) {
          const trailerEnd = data.indexOf('\r\n', lineEnd + 2)
          if (trailerEnd === -1) break
          cursor = trailerEnd + 2
          complete = true
          break
        }
        if (lineEnd + 2 + size + 2 > data.length) break
        parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size))
        cursor = lineEnd + 2 + size + 2
      }
      if (!complete) break
      body = Buffer.concat(parts)
    } else {
      const length = Number(headers['content-length'] ?? 0)
      if (cursor + length > data.length) break
      body = data.subarray(cursor, cursor + length)
      cursor += length
    }
    responses.push({ status, headers, body: body.toString('utf8') })
    offset = cursor
  }
  return responses
}

/** The request line of one request a client wrote: method and target, exactly as sent. */
export interface RawRequest {
  readonly method: string
  readonly target: string
}

/**
 * The requests at the start of `data`, as far as they can be read: each one's request line, its head
 * and its body (Content-Length or chunked) skipped. Stops at the first request that is incomplete or
 * not HTTP: the answers after it cannot be paired with a request, and are checked as answers to an
 * unreadable one (the errors the server gives before routing).
 */
export function parseRequests(data: Buffer): RawRequest[] {
  const requests: RawRequest[] = []
  let offset = 0
  while (offset < data.length) {
    const headEnd = data.indexOf(HEAD_END, offset)
    if (headEnd === -1) break
    const [requestLine = '', ...lines] = data.subarray(offset, headEnd).toString('latin1').split('\r\n')
    const parts = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+) (\S*)(?: HTTP\/\d\.\d)?$/.exec(requestLine)
    if (parts === null) break
    requests.push({ method: parts[1] ?? '', target: parts[2] ?? '' })
    const header = (name: string) =>
      lines
        .filter((line) => line.slice(0, line.indexOf(':')).trim().toLowerCase() === name)
        .map((line) => line.slice(line.indexOf(':') + 1).trim())
    let cursor = headEnd + HEAD_END.length
    if (header('transfer-encoding').some((value) => /chunked/i.test(value))) {
      for (;;) {
        const lineEnd = data.indexOf('\r\n', cursor)
        const size = lineEnd === -1 ? Number.NaN : Number.parseInt(data.subarray(cursor, lineEnd).toString('latin1'), 16)
        if (!Number.isFinite(size)) return requests
        cursor = lineEnd + 2 + size + 2
        if (size === 0) break
      }
    } else {
      const lengths = header('content-length')
      if (lengths.length > 1) return requests
      cursor += Number(lengths[0] ?? 0) || 0
    }
    offset = cursor
  }
  return requests
}

/** Checks `responses[from…]` against the contract, each paired with the request at its index (if readable). */
function expectConformingResponses(responses: readonly RawResponse[], requests: readonly RawRequest[], from: number): void {
  for (let index = from; index < responses.length; index++) {
    const response = responses[index]!
    const request = requests[index]
    expectConforming({ method: request?.method, target: request?.target, status: response.status, text: response.body })
  }
}

/** Parses an answer's body as the envelope and checks its shape: exactly the six fields, in order, `code` = status. */
export function envelopeOf(response: { readonly status: number; readonly body: string }): Envelope {
  let parsed: unknown
  try {
    parsed = JSON.parse(response.body)
  } catch {
    throw new Error(`status ${response.status}: the body is not JSON: ${JSON.stringify(response.body.slice(0, 200))}`)
  }
  const envelope = parsed as Envelope
  const fields = typeof parsed === 'object' && parsed !== null ? Object.keys(parsed) : []
  if (fields.join() !== ENVELOPE_FIELDS.join()) throw new Error(`status ${response.status}: envelope fields ${fields.join()}`)
  if (envelope.code !== response.status) throw new Error(`status ${response.status}: envelope code ${envelope.code}`)
  if (envelope.success !== response.status < 400) throw new Error(`status ${response.status}: success ${envelope.success}`)
  return envelope
}

/** A raw TCP client of the sandbox. */
export interface RawClient {
  readonly socket: Socket
  /** Everything received so far. */
  received(): Buffer
  /** The complete responses received so far. */
  responses(): RawResponse[]
  /** Whether the connection is closed (by either side), and when (ms after it was opened). */
  closedAfterMs(): number | undefined
  write(data: string | Buffer): void
  /** Half-closes: sends FIN, keeps reading. */
  end(): void
  /** Resolves with the first `count` responses; rejects after `timeoutMs` or when the connection closes first. */
  waitForResponses(count: number, timeoutMs?: number): Promise<RawResponse[]>
  /** Resolves with the ms (since opening) at which the connection closed; rejects after `timeoutMs`. */
  waitForClose(timeoutMs?: number): Promise<number>
  destroy(): void
}

const clients = new Set<RawClient>()

/**
 * Opens a TCP connection to `port` on the IPv4 loopback address; resolves once connected.
 *
 * @example
 * const client = await openRaw(port)
 * client.write('GET /api/v1/validate HTTP/1.1\r\nHost: x\r\n\r\n')
 * const [answer] = await client.waitForResponses(1)
 */
export function openRaw(port: number, timeoutMs = 3_000): Promise<RawClient> {
  const openedAt = performance.now()
  const socket = connect({ port, host: '127.0.0.1' })
  let data = Buffer.alloc(0)
  let sent = Buffer.alloc(0)
  /** How many answers have been checked against the contract: each is checked once, when first read. */
  let checked = 0
  const read = (): RawResponse[] => {
    const responses = parseResponses(data)
    if (responses.length > checked) {
      const from = checked
      checked = responses.length
      expectConformingResponses(responses, parseRequests(sent), from)
    }
    return responses
  }
  let closedAt: number | undefined
  const waiter = createWaiter(() => `; received ${JSON.stringify(data.toString('latin1').slice(0, 300))}`)
  const notify = () => waiter.notify()
  const waitFor = waiter.waitFor
  socket.on('data', (chunk: Buffer) => {
    data = Buffer.concat([data, chunk])
    notify()
  })
  // Resets and refusals are outcomes the tests look at, not failures of the client.
  socket.on('error', () => undefined)
  socket.on('close', () => {
    closedAt = performance.now() - openedAt
    notify()
  })

  const client: RawClient = {
    socket,
    received: () => data,
    responses: read,
    closedAfterMs: () => closedAt,
    write(chunk) {
      sent = Buffer.concat([sent, typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk])
      socket.write(chunk)
    },
    end: () => void socket.end(),
    waitForResponses(count, ms = 5_000) {
      return waitFor(
        () => {
          const responses = read()
          if (responses.length >= count) return responses.slice(0, count)
          if (closedAt !== undefined)
            throw new Error(
              `The connection closed after ${responses.length} of ${count} responses; received ${JSON.stringify(data.toString('latin1').slice(0, 300))}`,
            )
          return undefined
        },
        `${count} responses`,
        ms,
      )
    },
    waitForClose(ms = 5_000) {
      return waitFor(() => closedAt, 'the connection to close', ms)
    },
    destroy() {
      socket.destroy()
      clients.delete(client)
    },
  }
  clients.add(client)
  return new Promise<RawClient>((resolve, reject) => {
    const timer = setTimeout(() => {
      client.destroy()
      reject(new Error(`Could not connect to 127.0.0.1:${port} within ${timeoutMs} ms`))
    }, timeoutMs)
    socket.once('connect', () => {
      clearTimeout(timer)
      resolve(client)
    })
    socket.once('error', (error) => {
      clearTimeout(timer)
      client.destroy()
      reject(error)
    })
  })
}

/** Destroys every raw client still open. For `afterEach`. */
export function destroyAllRaw(): void {
  for (const client of [...clients]) client.destroy()
}

/** A GET request's bytes: HTTP/1.1 with a Host header, optional extra headers. */
export function getRequest(path: string, headers: Readonly<Record<string, string>> = {}): string {
  const lines = Object.entries({ Host: '127.0.0.1', ...headers }).map(([name, value]) => `${name}: ${value}\r\n`)
  return `GET ${path} HTTP/1.1\r\n${lines.join('')}\r\n`
}

/** Resident set size of process `pid` in MB, from /proc; `undefined` where /proc is not readable. */
export function rssMb(pid: number): number | undefined {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((text) => text.startsWith('VmRSS:'))
    const kb = Number(line?.split(/\s+/)[1])
    return Number.isFinite(kb) ? kb / 1024 : undefined
  } catch {
    return undefined
  }
}

/** Waits `ms` milliseconds. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
