import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'

/**
 * How much longer than the time-out it advertises the server keeps an idle connection open: node's
 * own margin (`HTTP_SERVER_KEEP_ALIVE_TIMEOUT_BUFFER`), so a client that trusts the `Keep-Alive`
 * hint has let the connection go before the server closes it.
 */
export const KEEP_ALIVE_GRACE_MS = 1_000

/** A connection as the watch sees it: its byte counts at the last sweep, and since when they stand still. */
interface Watch {
  read: number
  written: number
  quietSince: number
}

/** Closes the server's idle keep-alive connections; tells each answer what to say of it. */
export interface IdleConnections {
  /** Call for each request, before it is answered: its response is now the connection's latest. Says whether the connection answered a request before (reused). */
  answering(socket: Socket, response: ServerResponse): boolean
  /**
   * `headers` with the `Keep-Alive: timeout=<s>` hint node gives a keep-alive answer, where the
   * request keeps its connection alive and the answer does not close it; otherwise `headers`.
   */
  hinted(request: IncomingMessage, headers: Readonly<Record<string, string | string[]>>): Readonly<Record<string, string | string[]>>
  /** Stops the sweeps: call once the server has closed (or could not listen). */
  stop(): void
}

/** Whether a `Connection` header names `token`: one of its comma-separated tokens, whole, in any case (as node's parser reads it). */
function names(connection: string, token: string): boolean {
  for (const part of connection.split(',')) if (part.trim().toLowerCase() === token) return true
  return false
}

/**
 * Whether `request` keeps its connection alive, by node's rule (llhttp's): a version with a minor
 * number above 0 (HTTP/1.1) unless `Connection` names `close`, any other (HTTP/1.0) only if it
 * names `keep-alive`.
 */
function keepsAlive(request: IncomingMessage): boolean {
  const connection = request.headers.connection
  const modern = request.httpVersionMajor > 0 && request.httpVersionMinor > 0
  if (connection === undefined) return modern
  return modern ? !names(connection, 'close') : names(connection, 'keep-alive')
}

/**
 * Closes a keep-alive connection once it has been idle for `keepAliveMs` (plus
 * {@link KEEP_ALIVE_GRACE_MS}, as node does): its last answer sent, no byte read or written since,
 * no request of it waiting. Node does this with a timer per connection that it sets after every
 * answer and clears at every request, which cost 2–3 % of the server's throughput (docs/benchmarks.md,
 * run 46). Here one sweep every tenth of that time (at most 1 s) compares each connection's byte
 * counts with the last sweep's, so a request costs one property write: a connection is closed
 * between `keepAliveMs + 1 s` and two sweeps later. The server itself is made with no keep-alive
 * time-out of its own, so its answers carry the hint from {@link IdleConnections.hinted}.
 *
 * A connection not yet answered is left to node's headers time-out, as node leaves it; one the
 * server has ended (a fault's empty reply or cut body) is let go once quiet, though its client
 * never closes its side. The sweeps go on while the server closes, so a connection idle then (or
 * stalled half-way through a request) does not hold the close up until the shutdown's grace.
 *
 * @example
 * const server = createServer({ keepAliveTimeout: 0 }, (request, response) => {
 *   idle.answering(request.socket, response)
 *   response.writeHead(200, idle.hinted(request, { 'content-type': 'text/plain' })).end('ok')
 * })
 * const idle = watchIdleConnections(server, 5_000)
 */
export function watchIdleConnections(server: Server, keepAliveMs: number): IdleConnections {
  // The answer a connection had last is kept on its socket under a key of this server's own: a
  // request writes one property (as the back-pressure's backlog is kept, src/server/socket-backlog.ts).
  const LATEST = Symbol('analytics-sandbox latest response')
  type Watched = Socket & { [LATEST]?: ServerResponse }
  const open = new Map<Socket, Watch>()
  const limit = keepAliveMs + KEEP_ALIVE_GRACE_MS
  const hint = `timeout=${Math.floor(keepAliveMs / 1000)}`
  /** The last headers hinted, and what they became: repeats of one answer share its headers object. */
  let lastHeaders: Readonly<Record<string, string | string[]>> | undefined
  let lastHinted: Readonly<Record<string, string | string[]>> = {}

  const onConnection = (socket: Socket) => {
    open.set(socket, { read: 0, written: 0, quietSince: 0 })
    socket.once('close', () => open.delete(socket))
  }
  server.on('connection', onConnection)

  const sweep = () => {
    const now = performance.now()
    for (const [socket, watch] of open) {
      const latest = (socket as Watched)[LATEST]
      // A connection the server has ended (a fault's empty reply or cut body, a refused CONNECT)
      // answers nothing more: it is let go once quiet, even if its client never closes its side.
      const ended = socket.writableEnded
      if (latest === undefined && !ended) continue
      const read = socket.bytesRead
      const written = socket.bytesWritten
      if (read !== watch.read || written !== watch.written || (!ended && !latest!.writableFinished)) {
        watch.read = read
        watch.written = written
        watch.quietSince = now
      } else if (now - watch.quietSince >= limit) socket.destroy()
    }
  }
  const sweeper = setInterval(sweep, Math.min(1_000, Math.max(50, Math.round(limit / 10))))
  sweeper.unref()

  return {
    answering(socket, response) {
      const reused = (socket as Watched)[LATEST] !== undefined
      ;(socket as Watched)[LATEST] = response
      return reused
    },
    hinted(request, headers) {
      if (!keepsAlive(request)) return headers
      if (headers !== lastHeaders) {
        lastHeaders = headers
        // An answer that closes its connection (`Connection: close`) gets no hint, as from node.
        lastHinted = headers.connection === undefined ? { ...headers, 'keep-alive': hint } : headers
      }
      return lastHinted
    },
    stop() {
      clearInterval(sweeper)
      server.off('connection', onConnection)
    },
  }
}
