import type { Duplex } from 'node:stream'
import { toAnswer, withoutCors, type Answer } from '../core/answer.js'
import { fail } from '../contract/envelope.js'
import { ERRORS } from '../vocabulary/errors.js'

const REASONS: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
}

/** A request line whose target is the admin API or the dashboard (`/__sandbox`, `/__sandbox/…`). */
const ADMIN_REQUEST_LINE = /^[A-Z]+ \/__sandbox(?:[/?# ]|$)/

/**
 * Answers what node:http could not parse (garbage, a bad request line, headers over 16 KiB, a
 * request not received in time) with the envelope, then closes the connection, as node would
 * with a bare status line. A socket that is already gone is just destroyed.
 *
 * @example
 * server.on('clientError', answerClientError)
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy()
    return
  }
  const template =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? ERRORS.headersTooLarge
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? ERRORS.requestTimeout
        : ERRORS.badRequest
  // What node received of the request: its line tells a HEAD request (whose answer has no body)
  // and a request to the admin API (whose answer has no CORS headers), even when the rest is bad.
  const line = (error as { rawPacket?: Buffer }).rawPacket?.subarray(0, 64).toString('latin1') ?? ''
  const answer = toAnswer(fail(template), { connection: 'close' })
  writeRawAnswer(socket, ADMIN_REQUEST_LINE.test(line) ? withoutCors(answer) : answer, line.startsWith('HEAD '))
}

/**
 * Writes an answer straight onto a socket node:http will not write to (a parse failure, CONNECT),
 * then closes it.
 *
 * @example
 * writeRawAnswer(socket, toAnswer(fail(ERRORS.methodNotAllowed)), false)
 */
export function writeRawAnswer(socket: Duplex, answer: Answer, headOnly: boolean): void {
  const head = Object.entries(answer.headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')
  const status = Buffer.from(`HTTP/1.1 ${answer.status} ${REASONS[answer.status] ?? 'Error'}\r\n${head}\r\n`)
  socket.end(headOnly ? status : Buffer.concat([status, answer.body]))
}
