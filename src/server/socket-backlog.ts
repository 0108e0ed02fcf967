import type { ServerResponse } from 'node:http'
import type { Socket } from 'node:net'

/**
 * Bytes of answers one connection may have waiting for its reader (queued behind earlier pipelined
 * answers, or in the socket's buffer) before the server stops answering it: its later requests wait,
 * unanswered and uncomputed, until the reader catches up.
 */
export const SOCKET_BACKLOG_BYTES = 256 * 1024

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
}

/** Back-pressure and fairness per connection: what a server knows of its clients' pipelines. */
export interface SocketBacklogs {
  /**
   * Whether the connection's next request must wait ({@link SocketBacklogs.hold}): its reader lags,
   * requests of it wait already, or it had its share of this turn. Counts the request otherwise.
   */
  lags(socket: Socket): boolean
  /**
   * Holds `handle` back until the connection may be answered again; closes a connection with more
   * than {@link MAX_WAITING_REQUESTS} requests waiting.
   */
  hold(socket: Socket, handle: () => void): void
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
  const backlogs = new WeakMap<Socket, Backlog>()
  let turn = 0
  let turnEnds = false
  const nextTurn = () => {
    turn++
    turnEnds = false
  }

  const backlogOf = (socket: Socket): Backlog => {
    let backlog = backlogs.get(socket)
    if (backlog === undefined) {
      const created: Backlog = { bytes: 0, turn, answered: 0, waiting: [], scheduled: false }
      backlogs.set(socket, created)
      socket.once('close', () => void (created.waiting.length = 0))
      backlog = created
    }
    return backlog
  }

  /** Counts one more answer of the connection in this turn; false once it had its share. */
  const take = (backlog: Backlog): boolean => {
    if (!turnEnds) {
      turnEnds = true
      setImmediate(nextTurn)
    }
    if (backlog.turn !== turn) {
      backlog.turn = turn
      backlog.answered = 0
    }
    return backlog.answered++ < REQUESTS_PER_TURN
  }

  const release = (socket: Socket, backlog: Backlog): void => {
    while (backlog.waiting.length > 0 && !socket.destroyed && backlog.bytes <= SOCKET_BACKLOG_BYTES) {
      if (!take(backlog)) return schedule(socket, backlog)
      backlog.waiting.shift()!()
    }
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
    lags(socket) {
      const backlog = backlogOf(socket)
      if (backlog.bytes > SOCKET_BACKLOG_BYTES || backlog.waiting.length > 0) return true
      return !take(backlog)
    },
    hold(socket, handle) {
      const backlog = backlogOf(socket)
      if (backlog.waiting.length >= MAX_WAITING_REQUESTS) {
        backlog.waiting.length = 0
        socket.destroy()
        return
      }
      backlog.waiting.push(handle)
      // Waiting for its turn, not for its reader: it goes on in the next turn.
      if (backlog.bytes <= SOCKET_BACKLOG_BYTES) schedule(socket, backlog)
    },
    sent(socket, response, bytes) {
      // The common case, an answer at the head of an idle connection's buffer, costs nothing here.
      if (response.socket === socket && !socket.writableNeedDrain) return
      const backlog = backlogOf(socket)
      backlog.bytes += bytes
      let done = false
      const settle = () => {
        if (done) return
        done = true
        backlog.bytes -= bytes
        release(socket, backlog)
      }
      response.once('finish', settle)
      response.once('close', settle)
    },
  }
}
