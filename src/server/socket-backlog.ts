import type { ServerResponse } from 'node:http'
import type { Socket } from 'node:net'

/**
 * Bytes of answers one connection may have waiting for its reader (queued behind earlier pipelined
 * answers, or in the socket's buffer) before the server stops answering it: its later requests wait,
 * unanswered and uncomputed, until the reader catches up.
 */
export const SOCKET_BACKLOG_BYTES = 256 * 1024

/**
 * Bytes of answers all connections together may have waiting for their readers before a connection
 * that has some waiting, or a request for a large answer (`heavy`: an admin list), waits too: 300
 * connections that each asked for a different 2 MB journal page and read none would otherwise hold
 * 600 MB. Small answers on connections that keep up are never held, so other clients go on.
 */
export const TOTAL_BACKLOG_BYTES = 32 * 1024 * 1024

/**
 * Requests one connection may have waiting: while its reader lags, or beyond its share of a turn
 * ({@link REQUESTS_PER_TURN}). A client that pipelines deeper than that is closed: it could
 * otherwise make the server hold any number of parsed requests, or answer them all at once.
 */
export const MAX_WAITING_REQUESTS = 64

/**
 * Requests of one connection answered in one turn of the event loop; the rest of a pipelined burst
 * waits for the next turns, so one connection's burst does not keep every other client waiting.
 */
export const REQUESTS_PER_TURN = 16

/**
 * Requests for large answers (`heavy`, the admin lists) answered in one turn of the event loop, all
 * connections together: each costs milliseconds to build when clients defeat the shared answers
 * with ever-new queries, and the kernel takes megabytes of a loopback reader's answers before it
 * pushes back, so without this 300 connections pipelining 16 each kept every other client
 * waiting for seconds.
 */
export const HEAVY_REQUESTS_PER_TURN = 4

interface Backlog {
  /** Bytes of answers ended on the connection but not yet handed to the operating system. */
  bytes: number
  /** The event loop turn `answered` counts for. */
  turn: number
  /** Requests of the connection answered in that turn. */
  answered: number
  /** Requests held back, oldest first. */
  readonly waiting: Array<() => void>
  /** Whether a release in the next turn is scheduled. */
  scheduled: boolean
  /** Whether the request at the head of `waiting` asks for a large answer. */
  heavy: boolean[]
}

/** Back-pressure and fairness per connection: what a server knows of its clients' pipelines. */
export interface SocketBacklogs {
  /**
   * Whether the connection's next request must wait ({@link SocketBacklogs.hold}): its reader lags,
   * requests of it wait already, it had its share of this turn, or all connections together lag
   * ({@link TOTAL_BACKLOG_BYTES}) and it lags too or the request is `heavy`. Counts the request otherwise.
   */
  lags(socket: Socket, heavy?: boolean): boolean
  /**
   * Holds `handle` back until the connection may be answered again; closes a connection with more
   * than {@link MAX_WAITING_REQUESTS} requests waiting.
   */
  hold(socket: Socket, handle: () => void, heavy?: boolean): void
  /** Bytes of answers all connections have waiting for their readers. */
  readonly totalBytes: number
  /** Call after `response.end()`: an answer that could not go out at once is counted until it has. */
  sent(socket: Socket, response: ServerResponse, bytes: number): void
}

/**
 * Keeps unread answers from piling up in memory, and one connection's burst from starving the rest.
 * node:http stops reading a connection whose output backs up, but not before it has parsed every
 * request of the chunk it read, and it buffers the answers to pipelined requests until those ahead
 * of them are sent: 100 connections pipelining 1,000 large answers each and reading none ran the
 * process out of memory. Here an answer that cannot go out at once is counted against its
 * connection, whose next requests wait (as parsed requests, not as answers) until its reader takes
 * the bytes; a connection is answered at most {@link REQUESTS_PER_TURN} requests a turn of the event
 * loop; and one with more than {@link MAX_WAITING_REQUESTS} waiting is closed.
 *
 * @example
 * const backlogs = createSocketBacklogs()
 * server.on('request', (request, response) => {
 *   if (backlogs.lags(request.socket)) backlogs.hold(request.socket, () => answer(request, response))
 *   else answer(request, response)
 * })
 */
export function createSocketBacklogs(): SocketBacklogs {
  // Each connection's backlog is kept on its socket, under a key of this server's own: reading a
  // property is a load, where a WeakMap hashed the socket on every request (docs/benchmarks.md, run 44).
  const BACKLOG = Symbol('analytics-sandbox socket backlog')
  type Held = Socket & { [BACKLOG]?: Backlog }
  /** Connections held while all together lag: released when the total falls again. */
  const starved = new Map<Socket, Backlog>()
  let total = 0
  let turn = 0
  /** Heavy requests answered in `turn`. */
  let heavyAnswered = 0
  let turnEnds = false
  const nextTurn = () => {
    turn++
    turnEnds = false
    heavyAnswered = 0
  }

  const backlogOf = (socket: Socket): Backlog => {
    let backlog = (socket as Held)[BACKLOG]
    if (backlog === undefined) {
      const created: Backlog = { bytes: 0, turn, answered: 0, waiting: [], heavy: [], scheduled: false }
      ;(socket as Held)[BACKLOG] = created
      socket.once('close', () => {
        created.waiting.length = 0
        created.heavy.length = 0
        starved.delete(socket)
      })
      backlog = created
    }
    return backlog
  }

  /** Counts one more answer of the connection in this turn; false once it (or, `heavy`, all together) had its share. */
  const take = (backlog: Backlog, heavy: boolean): boolean => {
    if (!turnEnds) {
      turnEnds = true
      setImmediate(nextTurn)
    }
    if (backlog.turn !== turn) {
      backlog.turn = turn
      backlog.answered = 0
    }
    if (heavy && heavyAnswered >= HEAVY_REQUESTS_PER_TURN) return false
    if (backlog.answered >= REQUESTS_PER_TURN) return false
    backlog.answered++
    if (heavy) heavyAnswered++
    return true
  }

  /** Whether all connections together lag so much that this one (or its `heavy` request) must wait. */
  const pressed = (backlog: Backlog, heavy: boolean) => total > TOTAL_BACKLOG_BYTES && (heavy || backlog.bytes > 0)

  const release = (socket: Socket, backlog: Backlog): void => {
    while (backlog.waiting.length > 0 && !socket.destroyed && backlog.bytes <= SOCKET_BACKLOG_BYTES) {
      if (pressed(backlog, backlog.heavy[0]!)) {
        starved.set(socket, backlog)
        return
      }
      if (!take(backlog, backlog.heavy[0]!)) return schedule(socket, backlog)
      backlog.heavy.shift()
      backlog.waiting.shift()!()
    }
  }

  /** Lets the connections held for the total go on, once it has fallen. */
  const releaseStarved = () => {
    if (total > TOTAL_BACKLOG_BYTES || starved.size === 0) return
    const waiting = [...starved]
    starved.clear()
    for (const [socket, backlog] of waiting) schedule(socket, backlog)
  }

  const schedule = (socket: Socket, backlog: Backlog): void => {
    if (backlog.scheduled) return
    backlog.scheduled = true
    setImmediate(() => {
      backlog.scheduled = false
      release(socket, backlog)
    })
  }

  return {
    lags(socket, heavy = false) {
      const backlog = backlogOf(socket)
      if (backlog.bytes > SOCKET_BACKLOG_BYTES || backlog.waiting.length > 0 || pressed(backlog, heavy)) return true
      return !take(backlog, heavy)
    },
    hold(socket, handle, heavy = false) {
      const backlog = backlogOf(socket)
      if (backlog.waiting.length >= MAX_WAITING_REQUESTS) {
        backlog.waiting.length = 0
        backlog.heavy.length = 0
        starved.delete(socket)
        socket.destroy()
        return
      }
      backlog.waiting.push(handle)
      backlog.heavy.push(heavy)
      if (pressed(backlog, backlog.heavy[0]!)) starved.set(socket, backlog)
      // Waiting for its turn, not for its reader: it goes on in the next turn.
      else if (backlog.bytes <= SOCKET_BACKLOG_BYTES) schedule(socket, backlog)
    },
    get totalBytes() {
      return total
    },
    sent(socket, response, bytes) {
      // The common case, an answer at the head of an idle connection's buffer, costs nothing here.
      if (response.socket === socket && !socket.writableNeedDrain) return
      const backlog = backlogOf(socket)
      backlog.bytes += bytes
      total += bytes
      let done = false
      const settle = () => {
        if (done) return
        done = true
        backlog.bytes -= bytes
        total -= bytes
        release(socket, backlog)
        releaseStarved()
      }
      response.once('finish', settle)
      response.once('close', settle)
    },
  }
}
