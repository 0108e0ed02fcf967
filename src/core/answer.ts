import type { Envelope } from '../contract/envelope.js'

/** Headers every answer carries, so browser apps on any origin can read it. */
export const RESPONSE_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'access-control-allow-origin': '*',
  // Lets browser clients read the rate-limit and retry headers of the scenarios, and the client report's warnings.
  'access-control-expose-headers': 'Retry-After, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, X-Sandbox-Warning',
}

/**
 * Headers of every admin answer (but the OpenAPI document's length): the API's without CORS, since
 * the admin API serves no other origin.
 *
 * @example
 * ADMIN_RESPONSE_HEADERS['access-control-allow-origin'] // undefined
 */
export const ADMIN_RESPONSE_HEADERS: Readonly<Record<string, string>> = {
  'content-type': RESPONSE_HEADERS['content-type']!,
  'cache-control': RESPONSE_HEADERS['cache-control']!,
}

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

interface NodeBufferClass {
  from(text: string, encoding: 'utf8'): Uint8Array
  from(bytes: ArrayBuffer, offset: number, length: number): Uint8Array
}

/**
 * Node's streams wrap every Uint8Array that is not a Buffer in a new Buffer on each write; a body
 * that already is one is written as it is. So where `Buffer` exists (Node, without importing it),
 * a body is a Buffer: encoded by `Buffer.from`, which places a short text in a slice of a shared
 * 8 KB pool instead of allocating a backing store of its own. Per answer, a backing store of its
 * own (TextEncoder) cost more than the encoding: a computed /monitoring answer was served 0.31 as
 * fast as the reference with it, 0.36 from the pool. In a browser a body is a plain Uint8Array.
 */
const NodeBuffer = (globalThis as { Buffer?: NodeBufferClass }).Buffer

/** `text` as UTF-8 bytes: a Buffer under Node (short ones in the shared pool), a Uint8Array elsewhere. */
function encodeBody(text: string): Uint8Array {
  return NodeBuffer === undefined ? encoder.encode(text) : NodeBuffer.from(text, 'utf8')
}

/**
 * `answer` with a body that owns its memory, for keeping: a body in a slice of Node's shared pool
 * would keep the whole 8 KB pool alive for as long as the answer is kept.
 *
 * @example
 * new BoundedCache(ANSWER_CACHE_BYTES, (answer) => answer.body.byteLength, { keep: ownAnswer })
 */
export function ownAnswer(answer: Answer): Answer {
  const { body } = answer
  if (body.byteOffset === 0 && body.buffer.byteLength === body.byteLength) return answer
  // A copy (Buffer's own slice() would be another view of the pool).
  const own = new Uint8Array(body)
  return { ...answer, body: NodeBuffer === undefined ? own : NodeBuffer.from(own.buffer, 0, own.byteLength) }
}

/**
 * An answer whose body is `text` as it is (no envelope): what a gateway or a broken backend sends.
 * `headers` come first; the length is added.
 *
 * @example
 * textAnswer(502, { 'content-type': 'text/html' }, GATEWAY_HTML_BODY)
 */
export function textAnswer(status: number, headers: Readonly<Record<string, string>>, text: string): Answer {
  const body = encodeBody(text)
  return { status, headers: { ...headers, 'content-length': String(body.byteLength) }, body }
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
 * `answer` as the admin API sends it: without the CORS headers (`access-control-*`), which no
 * answer under `/__sandbox/` carries, since the admin API serves no other origin.
 *
 * @example
 * withoutCors(toAnswer(fail(ERRORS.payloadTooLarge))).headers['access-control-allow-origin'] // undefined
 */
export function withoutCors(answer: Answer): Answer {
  const headers: Record<string, string> = {}
  for (const name in answer.headers) if (!name.startsWith('access-control-')) headers[name] = answer.headers[name]!
  return { status: answer.status, headers, body: answer.body }
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
