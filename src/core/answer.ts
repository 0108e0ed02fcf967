import { RESPONSE_HEADERS } from './cors.js'
import type { Envelope } from './envelope.js'

/**
 * A finished answer: status, headers (with `content-length`) and the body as UTF-8 bytes, so an
 * answer served again is neither serialised nor encoded again.
 */
export interface Answer {
  readonly status: number
  readonly headers: Readonly<Record<string, string>>
  readonly body: Uint8Array
}

const encoder = new TextEncoder()

/**
 * Node's streams wrap every Uint8Array that is not a Buffer in a new Buffer on each write; a body
 * that already is one is written as it is. So where `Buffer` exists (Node, without importing it),
 * a body is a Buffer view of the encoded bytes: no copy, and no pooled slab kept alive by a cached
 * answer. In a browser it stays a plain Uint8Array.
 */
const NodeBuffer = (globalThis as { Buffer?: { from(bytes: ArrayBuffer, offset: number, length: number): Uint8Array } }).Buffer

/** `text` as UTF-8 bytes: a Buffer under Node, a Uint8Array elsewhere. */
function encodeBody(text: string): Uint8Array {
  const bytes = encoder.encode(text)
  return NodeBuffer === undefined ? bytes : NodeBuffer.from(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength)
}

/**
 * Serialises and encodes an envelope once, with the common headers and any `extra` ones. `json` is
 * the envelope's JSON text when the caller made it faster than JSON.stringify would.
 *
 * @example
 * const answer = toAnswer(ok(data, MESSAGES.projects))
 */
export function toAnswer(envelope: Envelope<unknown>, extra?: Readonly<Record<string, string>>, json = JSON.stringify(envelope)): Answer {
  const body = encodeBody(json)
  return { status: envelope.code, headers: { ...RESPONSE_HEADERS, ...extra, 'content-length': String(body.byteLength) }, body }
}

/**
 * The answer with `extra` headers added; the same object when there are none.
 *
 * @example
 * withHeaders(cached, { 'x-ratelimit-remaining': '4' })
 */
export function withHeaders(answer: Answer, extra: Readonly<Record<string, string>>): Answer {
  for (const _ in extra) return { ...answer, headers: { ...answer.headers, ...extra } }
  return answer
}
