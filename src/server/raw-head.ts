import { STATUS_CODES, validateHeaderName, validateHeaderValue } from 'node:http'

/**
 * The status line and headers of an answer as bytes on the wire, for a transport that writes them
 * itself rather than through node's `ServerResponse`: `HTTP/1.1 <status> <reason>`, one line per
 * header (per value, for a list), a `Date` as node adds one, then the blank line. `undefined` where
 * node would refuse a header (a name or value it cannot send), so the caller answers as node does.
 *
 * @example
 * rawHead(200, { 'content-type': 'application/json', 'content-length': '2', connection: 'close' })
 * // 'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 2\r\nconnection: close\r\ndate: …\r\n\r\n', as bytes
 */
export function rawHead(status: number, headers: Readonly<Record<string, string | readonly string[]>>): Buffer | undefined {
  let lines = `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Unknown'}\r\n`
  try {
    for (const [name, value] of Object.entries(headers)) {
      validateHeaderName(name)
      for (const one of typeof value === 'string' ? [value] : value) {
        validateHeaderValue(name, one)
        lines += `${name}: ${one}\r\n`
      }
    }
  } catch {
    return undefined
  }
  if (!Object.hasOwn(headers, 'date')) lines += `date: ${new Date().toUTCString()}\r\n`
  return Buffer.from(`${lines}\r\n`, 'latin1')
}
