import type { ServerResponse } from 'node:http'
import type { Socket } from 'node:net'

/**
 * Bytes of answers one connection may have waiting for its reader (queued behind earlier pipelined
 * answers, or in the socket's buffer) before the server stops answering it: its later requests wait,
 * unanswered and uncomputed, until the reader catches up.
 */
export const SOCKET_BACKLOG_BYTES = 256 * 1024

/**
 * Requests one connection may have waiting that way. A client that pipelines deeper while reading
 * nothing is closed: it could otherwise make the server hold any number of parsed requests.
 */
export const MAX_WAITING_REQUESTS = 64

interface Backlog {
  /** Bytes of answers ended on the connection but not yet handed to the operating system. */
  bytes: number
  /** Requests held back while `bytes` is over the limit, oldest first. */
  readonly waiting: Array<() => void>
}

/** Back-pressure per connection: what a server knows of the answers its clients have not read. */
export interface SocketBacklogs {
  /** Whether the connection's reader lags, so its next request must wait ({@link SocketBacklogs.hold}). */
  lags(socket: Socket): boolean
  /**
   * Holds `handle` back until the connection's reader catches up; closes a connection whose reader
   * lags by more than {@link MAX_WAITING_REQUESTS} requests.
   */
  hold(socket: Socket, handle: () => void): void
  /** Call after `response.end()`: an answer that could not go out at once is counted until it has. */
  sent(socket: Socket, response: ServerResponse, bytes: number): void
  /** Connections closed for pipelining too deep without reading. */
  readonly closed: () => number
}

/**
 * Keeps unread answers from piling up in memory. node:http stops reading a connection whose output
 * backs up, but not before it has parsed every request of the chunk it read, and it buffers the
 * answers to pipelined requests until those ahead of them are sent: 100 connections pipelining
 * 1,000 large answers each and reading none ran the process out of memory. Here an answer that
 * cannot go out at once is counted against its connection, and the connection's next requests wait
 * (as parsed requests, not as answers) until its reader takes the bytes.
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
  let closed = 0

  const release = (socket: Socket, backlog: Backlog) => {
    while (backlog.bytes <= SOCKET_BACKLOG_BYTES && backlog.waiting.length > 0 && !socket.destroyed) backlog.waiting.shift()!()
  }

  return {
    lags(socket) {
      const backlog = backlogs.get(socket)
      return backlog !== undefined && (backlog.bytes > SOCKET_BACKLOG_BYTES || backlog.waiting.length > 0)
    },
    hold(socket, handle) {
      const backlog = backlogs.get(socket)
      if (backlog === undefined) return handle()
      if (backlog.waiting.length >= MAX_WAITING_REQUESTS) {
        closed++
        backlog.waiting.length = 0
        socket.destroy()
        return
      }
      backlog.waiting.push(handle)
    },
    sent(socket, response, bytes) {
      // The common case, an answer at the head of an idle connection's buffer, costs nothing here.
      if (response.socket === socket && !socket.writableNeedDrain) return
      let backlog = backlogs.get(socket)
      if (backlog === undefined) {
        const created: Backlog = { bytes: 0, waiting: [] }
        backlogs.set(socket, created)
        socket.once('close', () => void (created.waiting.length = 0))
        backlog = created
      }
      backlog.bytes += bytes
      const counted = backlog
      let done = false
      const settle = () => {
        if (done) return
        done = true
        counted.bytes -= bytes
        release(socket, counted)
      }
      response.once('finish', settle)
      response.once('close', settle)
    },
    closed: () => closed,
  }
}
