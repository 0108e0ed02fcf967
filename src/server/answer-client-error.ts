import type { Duplex } from 'node:stream'
import { toAnswer } from '../core/answer.js'
import { fail } from '../core/envelope.js'
import { ERRORS } from '../core/errors.js'

const REASONS: Readonly<Record<number, string>> = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' }

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
    error.code === 'HPE_HEADER_OVERFLOW' ? ERRORS.headersTooLarge : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? ERRORS.requestTimeout : ERRORS.badRequest
  const answer = toAnswer(fail(template), { connection: 'close' })
  const head = Object.entries(answer.headers).map(([name, value]) => `${name}: ${value}\r\n`).join('')
  socket.end(Buffer.concat([Buffer.from(`HTTP/1.1 ${answer.status} ${REASONS[answer.status] ?? 'Error'}\r\n${head}\r\n`), answer.body]))
}
