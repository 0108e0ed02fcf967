import type { Answer } from './answer.js'
import type { Warning } from '../vocabulary/warnings.js'
import type { FaultDelivery } from '../vocabulary/faults.js'

/**
 * A request as the core sees it: what every adapter (node:http, msw) can give cheaply, nothing more.
 *
 * @example
 * const request: CoreRequest = { method: 'GET', path: '/api/v1/projects', query: '', header: (name) => headers.get(name) }
 */
export interface CoreRequest {
  readonly method: string
  /** The URL path as sent, without the query; not percent-decoded. */
  readonly path: string
  /** The query string without its `?`; empty when there is none. */
  readonly query: string
  /** A request header by lower-case name; `null` when absent. Repeated headers arrive joined with `, `. */
  header(name: string): string | null
  /** The body, read by the adapter only for the admin API's PUT, PATCH and POST (the API itself takes none). */
  readonly body?: string
}

/**
 * The core's answer, for an adapter to send: status, headers (with `content-length`, except on a
 * 204), the finished JSON body as UTF-8 bytes, and how long to wait before sending it (latency the
 * sandbox was asked to add).
 */
export interface TimedAnswer extends Answer {
  readonly delayMs: number
  /** The answer's `errors.error`, when it has one: for the request log. */
  readonly error?: string | null
  /** What the request probably got wrong: each goes out as an `X-Sandbox-Warning` header line. */
  readonly warnings?: readonly Warning[]
  /** A request of the dashboard's own (`X-Sandbox-Client: dashboard`): kept out of the request log. */
  readonly observer?: boolean
  /**
   * Asked once the delay has passed: the answer to send instead when this one no longer stands (its
   * session ended meanwhile); `undefined` when it does.
   */
  readonly expired?: () => TimedAnswer | undefined
  /** A fault the transport carries out itself: a reset, a close without an answer, a cut or a paced body. */
  readonly fault?: FaultDelivery
}
