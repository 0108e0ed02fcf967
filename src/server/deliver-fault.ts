import type { IncomingMessage, ServerResponse } from 'node:http'
import type { TimedAnswer } from '../core/core-request.js'
import { fail } from '../contract/envelope.js'
import { toAnswer } from '../core/answer.js'
import { ERRORS } from '../vocabulary/errors.js'
import type { Socket } from 'node:net'
import { bandwidthSchedule, cutAfterLength, slowBodySchedule, slowHeadersSchedule, truncatedLength } from '../vocabulary/faults.js'
import { paceBytes } from './pace-bytes.js'
import { rawHead } from './raw-head.js'

/**
 * Writes `answer` with `headers` in one go, its body as `body` (its bytes, or their text: see
 * src/server/wire-bodies.ts). A header node refuses must never end the process: the sandbox's own
 * 500 goes instead, and `false` says so.
 *
 * @example
 * if (writeAnswer(response, answer, answer.headers)) backlogs.sent(socket, response, answer.body.byteLength)
 */
export function writeAnswer(
  response: ServerResponse,
  answer: TimedAnswer,
  headers: Readonly<Record<string, string | string[]>>,
  body: string | Uint8Array = answer.body,
): boolean {
  try {
    response.writeHead(answer.status, headers)
  } catch {
    const failed = toAnswer(fail(ERRORS.internal), { connection: 'close' })
    response.writeHead(failed.status, failed.headers)
    response.end(failed.body)
    return false
  }
  response.end(body)
  return true
}

/**
 * Calls `then` once `response` holds its connection: at once, or, pipelined behind other answers,
 * once node hands it the socket (node emits `socket` as the answer before it finishes). What a fault
 * does to the connection then cannot cut an answer ahead of it, and a paced body starts its pace
 * when its own bytes can flow.
 */
function onItsTurn(response: ServerResponse, then: () => void): void {
  if (response.socket !== null) then()
  else response.once('socket', then)
}

/**
 * Carries out the fault `answer` names where it is the transport's to do, and says whether it was:
 * - `connection-reset`: the socket is reset (TCP RST) before any byte of an answer;
 * - `empty-reply`: the connection is closed cleanly without any byte;
 * - `keepalive-close`: the same, on a connection reused (the core lets it strike no other): the
 *   idle close of a keep-alive connection, crossing the request the client sent on it;
 * - `truncated-body`: the status and headers (the whole body's Content-Length), half the body,
 *   then the connection closes;
 * - `cut-after`: the same, with the fault's `bytes` of the body (one short of its end at most);
 * - `slow-body`: the status and headers at once, then the body in up to `SLOW_BODY_PIECES`
 *   pieces over the fault's duration;
 * - `bandwidth`: the status and headers at once, then the body at the fault's bytes a second;
 * - `slow-headers`: the status line and headers a few bytes at a time over the fault's duration,
 *   written to the socket itself (node's answer for the request never writes), then the body, then
 *   the connection closes.
 * The other faults are ordinary answers (`false`), and so is `slow-headers` where a header is one
 * node would refuse (the caller's `writeAnswer` answers that). Paced bytes stop when the client goes
 * away; the timers that pace them are in `timers` until they fire or the client goes away, so
 * closing the server can let go of them.
 *
 * @example
 * if (!deliverFault(request, response, answer, answer.headers, timers)) writeAnswer(response, answer, answer.headers)
 */
export function deliverFault(
  request: IncomingMessage,
  response: ServerResponse,
  answer: TimedAnswer,
  headers: Readonly<Record<string, string | string[]>>,
  timers: Set<ReturnType<typeof setTimeout>>,
): boolean {
  const { socket } = request
  const { fault, body } = answer
  switch (fault?.type) {
    case 'connection-reset':
      // Whatever answers went before on this connection are written first; then the reset.
      onItsTurn(response, () => {
        if (socket.writableLength === 0) socket.resetAndDestroy()
        else socket.once('drain', () => socket.resetAndDestroy())
      })
      return true
    case 'empty-reply':
    case 'keepalive-close':
      // Whatever answers went before on this connection are sent first; then the end, and nothing:
      // for keepalive-close, the idle close that crossed the request the client sent on it.
      onItsTurn(response, () => socket.end())
      return true
    case 'truncated-body':
    case 'cut-after': {
      response.writeHead(answer.status, headers)
      const kept = fault.type === 'cut-after' ? cutAfterLength(body.byteLength, fault.bytes) : truncatedLength(body.byteLength)
      // The head goes with the first bytes (with none, alone); the connection ends once they are written.
      response.write(body.subarray(0, kept), () => socket.end())
      return true
    }
    case 'slow-body':
    case 'bandwidth': {
      response.writeHead(answer.status, headers)
      // The headers go out at once, before the first piece.
      response.flushHeaders()
      const schedule =
        fault.type === 'slow-body'
          ? slowBodySchedule(body.byteLength, fault.durationMs)
          : bandwidthSchedule(body.byteLength, fault.bytesPerSecond)
      // Paced from its own turn: behind another answer, its pieces would pile up and go at once.
      onItsTurn(response, () =>
        paceBytes(body, schedule, timers, {
          write: (piece, last) => (last ? response.end(piece) : response.write(piece)),
          gone: () => response.destroyed,
          onClose: (then) => response.once('close', then),
        }),
      )
      return true
    }
    case 'slow-headers': {
      // The connection closes after the answer, as its head says: node's answer, never written, cannot be reused.
      const { 'keep-alive': _hint, ...rest } = headers
      const head = rawHead(answer.status, { ...rest, connection: 'close' })
      if (head === undefined) return false
      // Its own turn: the answers ahead of it on the connection are written before its first byte.
      onItsTurn(response, () => trickleHead(socket, response, head, request.method === 'HEAD' ? undefined : body, fault.durationMs, timers))
      return true
    }
    default:
      return false
  }
}

/**
 * Writes `head` to `socket` a few bytes at a time over `durationMs`, then `body`, then ends the
 * socket; `response` (node's answer to the request, which writes nothing) tells when the
 * connection closes.
 */
function trickleHead(
  socket: Socket,
  response: ServerResponse,
  head: Buffer,
  body: Uint8Array | undefined,
  durationMs: number,
  timers: Set<ReturnType<typeof setTimeout>>,
): void {
  paceBytes(head, slowHeadersSchedule(head.byteLength, durationMs), timers, {
    write: (piece, last) => {
      if (!last) socket.write(piece)
      else socket.end(body === undefined ? piece : Buffer.concat([piece, body]))
    },
    gone: () => socket.destroyed,
    onClose: (then) => response.once('close', then),
  })
}
