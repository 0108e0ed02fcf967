import { LIMITS } from '../vocabulary/limits.js'
import { OPTIONS } from '../vocabulary/options.js'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import { ConfigError } from '../vocabulary/config-error.js'
import type { CoreRequest, TimedAnswer } from '../core/core-request.js'
import { toAnswer, withoutCors } from '../core/answer.js'
import { formatWarning, WARNING_HEADER, type Warning } from '../vocabulary/warnings.js'
import { fail } from '../contract/envelope.js'
import { deliverFault, writeAnswer } from './deliver-fault.js'
import { seenStatus } from '../vocabulary/faults.js'
import { ERRORS } from '../vocabulary/errors.js'
import type { RequestLogger } from './request-logger.js'
import { answerClientError, writeRawAnswer } from './answer-client-error.js'
import { readBody } from './read-body.js'
import { createSocketBacklogs } from './socket-backlog.js'
import { watchIdleConnections } from './idle-connections.js'
import { createWireBodies } from './wire-bodies.js'
import { toCoreRequest } from './to-core-request.js'

/** Largest admin request body read. */
const MAX_ADMIN_BODY_BYTES = LIMITS.adminBodyBytes

/**
 * The server's time-outs by default, in ms: request headers, an idle keep-alive connection, and
 * how long a shutdown lets requests in flight finish. Each can be set (`--headers-timeout`,
 * `--keep-alive-timeout`, `--shutdown-grace`), so tests never wait for a fixed one.
 */
export const DEFAULT_TIMEOUTS = {
  headersMs: OPTIONS.headersTimeout.default,
  keepAliveMs: OPTIONS.keepAliveTimeout.default,
  shutdownGraceMs: OPTIONS.shutdownGrace.default,
} as const

/**
 * Answers one request: the core's answer at once, or once something it needs has loaded. The
 * composition gives it (`serveSandbox`: the core's `dispatch` under the server's settings).
 *
 * @example
 * const handle: RequestHandler = (request) => dispatch(core, request, settings)
 */
export type RequestHandler = (request: CoreRequest) => TimedAnswer | Promise<TimedAnswer>

/** Where and how to listen, and what the transport must know of the requests it carries. */
export interface TransportOptions {
  readonly host: string
  readonly port: number
  readonly log?: RequestLogger
  /** How the log shows a request's target (the composition masks the keys in it); read before it is answered. */
  readonly shown?: (url: string) => string
  /** Time-outs in ms: request headers (default 10 s), an idle keep-alive connection (5 s), a shutdown's grace (5 s). */
  readonly timeouts?: { readonly headersMs?: number; readonly keepAliveMs?: number; readonly shutdownGraceMs?: number }
  /** Whether a request's body is read before it is answered (the admin API's bodies); none by default. */
  readonly carriesBody?: (method: string, path: string) => boolean
  /** Whether a request is heavy, so that a connection that does not read is held back sooner; none by default. */
  readonly isHeavy?: (method: string, path: string) => boolean
}

/** A listening server. */
export interface ListeningServer {
  /** `http://host:port`, without a path. */
  readonly origin: string
  readonly host: string
  readonly port: number
  readonly server: Server
  /** Stops accepting connections, lets in-flight requests finish (at most `graceMs`), frees the port. */
  close(graceMs?: number): Promise<void>
}

/** The one-line reason a listen failed, naming the host and port. */
function describeListenError(error: NodeJS.ErrnoException, host: string, port: number): string {
  switch (error.code) {
    case 'EADDRINUSE':
      return `Port ${port} on ${host} is already in use: stop what holds it, or choose another (--port, or the port option; 0 picks a free one)`
    case 'EACCES':
      return `Not allowed to listen on port ${port} on ${host}: choose a port above 1023 (--port, or the port option)`
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
      return `Cannot listen on host ${host}: it is not an address of this machine (--host, or the host option)`
    default:
      return `Cannot listen on ${host}:${port}: ${error.message}`
  }
}

/** `headers` with one `X-Sandbox-Warning` line per warning (`<code>: <text>`). */
function withWarnings(headers: Readonly<Record<string, string>>, warnings: readonly Warning[]): Record<string, string | string[]> {
  return { ...headers, [WARNING_HEADER]: warnings.map(formatWarning) }
}

/**
 * Tells `settle` how `response` ended, once it has: how long it took from now, and whether the
 * client closed the connection before the answer was whole (it gave up, as `gives-up` wants).
 */
function watchEnding(response: ServerResponse, settle: (waitedMs: number, byClient: boolean) => void): void {
  const started = performance.now()
  response.once('close', () => settle(performance.now() - started, !response.writableFinished))
}

function formatHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host
}

/**
 * Serves `handle` over node:http: each request, converted to the core's, goes straight to it, with
 * no framework and no msw in between; its answer goes to the socket with back-pressure, bodies and
 * time-outs. That is all it does: the sandbox, its settings and sessions are the composition's
 * (`serveSandbox`). Rejects with a {@link ConfigError} naming the host and port when it cannot listen.
 *
 * @example
 * const listening = await startServer((request) => dispatch(core, request, NO_SERVER), { host: '127.0.0.1', port: 0 })
 * await fetch(`${listening.origin}/api/v1/projects`, { headers: { 'X-API-Key': 'sbx_user_alpha' } })
 * await listening.close()
 */
export async function startServer(handle: RequestHandler, options: TransportOptions): Promise<ListeningServer> {
  const { log, shown: show } = options
  const readsBody = options.carriesBody ?? (() => false)
  const heavyOf = options.isHeavy ?? (() => false)
  let closing = false
  const backlogs = createSocketBacklogs()
  const wireBodies = createWireBodies()
  const headersMs = options.timeouts?.headersMs ?? DEFAULT_TIMEOUTS.headersMs
  /** Answers waiting out their latency. */
  const delayed = new Set<ReturnType<typeof setTimeout>>()
  const send = (
    request: IncomingMessage,
    response: ServerResponse,
    coreRequest: CoreRequest,
    answer: TimedAnswer,
    started: number,
    shown: string,
  ) => {
    // The headers carry Content-Length, so no chunked encoding: the body goes out in one write.
    // While shutting down, answers close their connection, so draining ends with the last one.
    const headers = answer.warnings.length === 0 ? answer.headers : withWarnings(answer.headers, answer.warnings)
    const sent = closing ? { ...headers, connection: 'close' } : idle.hinted(request, headers)
    // A fault the transport carries out (a reset, a close, a cut or paced body) instead of the answer.
    if (answer.fault === undefined || !deliverFault(request, response, answer, sent, delayed)) {
      if (!writeAnswer(response, answer, sent, wireBodies(answer.body, sent))) return
      backlogs.sent(request.socket, response, answer.body.byteLength)
    }
    // The dashboard's own requests stay out of the log: an open tab would fill it.
    if (answer.observer === true) return
    log?.({
      method: coreRequest.method,
      path: shown,
      status: seenStatus(answer.fault?.type, answer.status),
      ms: performance.now() - started,
      key: coreRequest.header('x-api-key'),
      error: answer.error,
      fault: answer.fault?.type ?? null,
    })
  }
  /** Hands `coreRequest` to the core and its answer to the socket: at once, once loaded, or after its latency. */
  const respond = (request: IncomingMessage, response: ServerResponse, coreRequest: CoreRequest): void => {
    const started = log === undefined ? 0 : performance.now()
    // Read before the request is answered, while a key it names (DELETE keys/{key}) is still known.
    const url = request.url ?? '/'
    const shown = log === undefined ? '' : show === undefined ? url : show(url)
    const answer = handle(coreRequest)
    if (answer instanceof Promise) {
      void answer.then((loaded) => {
        if (loaded.settle !== undefined) watchEnding(response, loaded.settle)
        send(request, response, coreRequest, loaded, started, shown)
      })
      return
    }
    if (answer.settle !== undefined) watchEnding(response, answer.settle)
    if (answer.delayMs <= 0) {
      send(request, response, coreRequest, answer, started, shown)
      return
    }
    // Kept until it fires, so closing the server can let go of it: a 10-minute latency must not keep the process alive.
    const timer = setTimeout(() => {
      delayed.delete(timer)
      response.off('close', gone)
      send(request, response, coreRequest, answer.expired?.() ?? answer, started, shown)
    }, answer.delayMs)
    // A client that goes away while its answer waits takes the wait with it: no timer is left behind.
    const gone = () => {
      clearTimeout(timer)
      delayed.delete(timer)
    }
    response.once('close', gone)
    delayed.add(timer)
  }
  // No Host header is required: the sandbox answers by path alone, in the envelope, as for any request.
  const server = createServer(
    // Time-outs are checked every half second (node's default is 30 s), so a slow client is let go on time.
    // Idle keep-alive connections are closed by a sweep (watchIdleConnections), not by node's timer per answer.
    {
      keepAliveTimeout: 0,
      headersTimeout: headersMs,
      // Node refuses a request time-out shorter than the headers'.
      requestTimeout: Math.max(30_000, headersMs),
      connectionsCheckingInterval: Math.min(500, headersMs),
      requireHostHeader: false,
    },
    (request, response) => {
      // The core's request is built here, before the back-pressure check, which reads the method and
      // path from it rather than from node's request again: requests of every kind (the API, admin
      // bodies, the dashboard) give node's request objects many shapes, and each read of one of
      // their fields is a lookup rather than a load (docs/benchmarks.md, run 42).
      const { socket } = request
      // A connection that answered before is a keep-alive connection reused (fault-keepalive-close strikes only such).
      const coreRequest = toCoreRequest(request, undefined, idle.answering(socket, response))
      const heavy = heavyOf(coreRequest.method, coreRequest.path)
      if (backlogs.lags(socket, heavy)) backlogs.hold(socket, () => carry(request, response, coreRequest), heavy)
      else carry(request, response, coreRequest)
    },
  )
  /** Carries a request whose connection may be answered now: its body first, where the admin API reads one. */
  function carry(request: IncomingMessage, response: ServerResponse, coreRequest: CoreRequest): void {
    if (!readsBody(coreRequest.method, coreRequest.path)) {
      respond(request, response, coreRequest)
      return
    }
    void readBody(request, MAX_ADMIN_BODY_BYTES).then((body) => {
      if (body === undefined) {
        // An admin answer: no CORS headers, as everywhere under /__sandbox/.
        const tooLarge = withoutCors(toAnswer(fail(ERRORS.payloadTooLarge), { connection: 'close' }))
        response.writeHead(tooLarge.status, tooLarge.headers)
        response.end(tooLarge.body)
        return
      }
      respond(request, response, toCoreRequest(request, body))
    })
  }
  const idle = watchIdleConnections(server, options.timeouts?.keepAliveMs ?? DEFAULT_TIMEOUTS.keepAliveMs)
  server.on('clientError', answerClientError)
  // An Expect header the server does not know is ignored: the request is answered as any other.
  server.on('checkExpectation', (request, response) => server.emit('request', request, response))
  // `Expect: 100-continue` gets its 100 only where the answer holds the connection, as node's own
  // handler gives it otherwise: behind an earlier pipelined answer still on its way, node would
  // write the answer's headers ahead of that 100 and splice the stream. Unanswered, a client sends
  // its body after a wait (curl: 1 s); the sandbox needs none to answer a GET.
  server.on('checkContinue', (request, response) => {
    if (response.socket !== null) response.writeContinue()
    server.emit('request', request, response)
  })
  // The sandbox is no proxy: CONNECT gets the envelope's 405 instead of a silently closed socket.
  server.on('connect', (_request, socket: Duplex) =>
    writeRawAnswer(
      socket,
      toAnswer(fail(ERRORS.methodNotAllowed, 'The sandbox is not a proxy: CONNECT is not supported'), {
        allow: 'GET',
        connection: 'close',
      }),
      false,
    ),
  )
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      idle.stop()
      reject(new ConfigError(describeListenError(error, options.host, options.port)))
    })
    server.listen(options.port, options.host, () => resolve())
  })
  // After listening, a server error (such as running out of file descriptors) is reported, not fatal.
  server.on('error', (error) => process.stderr.write(`analytics-sandbox: server error: ${error.message}\n`))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://${formatHost(options.host)}:${port}`,
    host: options.host,
    port,
    server,
    close(graceMs = options.timeouts?.shutdownGraceMs ?? DEFAULT_TIMEOUTS.shutdownGraceMs) {
      closing = true
      // Answers still waiting go out if the grace allows, but no longer keep the process alive.
      for (const timer of delayed) timer.unref()
      return new Promise<void>((resolve) => {
        const force = setTimeout(() => server.closeAllConnections(), graceMs)
        server.close(() => {
          clearTimeout(force)
          idle.stop()
          resolve()
        })
        server.closeIdleConnections()
      })
    },
  }
}
