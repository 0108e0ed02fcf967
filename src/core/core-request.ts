import type { Answer } from './answer.js'
import { NO_WARNINGS, type Warning } from '../vocabulary/warnings.js'
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
  /**
   * Whether it came on a connection that carried a request before (a keep-alive connection reused),
   * where the adapter has connections (node:http); `undefined` where it has none (msw).
   */
  readonly reused?: boolean
}

/**
 * The core's answer, for an adapter to send: status, headers (with `content-length`, except on a
 * 204), the finished JSON body as UTF-8 bytes, and how long to wait before sending it (latency the
 * sandbox was asked to add).
 */
export interface TimedAnswer extends Answer {
  readonly delayMs: number
  /** The answer's `errors.error`, when it has one: for the request log. */
  readonly error: string | null
  /** What the request probably got wrong: each goes out as an `X-Sandbox-Warning` header line. */
  readonly warnings: readonly Warning[]
  /** A request of the dashboard's own (`X-Sandbox-Client: dashboard`): kept out of the request log. */
  readonly observer: boolean
  /**
   * Asked once the delay has passed: the answer to send instead when this one no longer stands (its
   * session ended meanwhile); `undefined` when it does.
   */
  readonly expired: (() => TimedAnswer | undefined) | undefined
  /** A fault the transport carries out itself: a reset, a close without an answer, a cut or a paced body. */
  readonly fault: FaultDelivery | undefined
  /**
   * Where the client may be expected to give up (an answer late by `GIVES_UP_DELAY_MS` or more,
   * a paced body): the transport calls it once the answer has ended, with how long it took and
   * whether the client closed the connection before it was whole (the `gives-up` verdict).
   */
  readonly settle: ((waitedMs: number, byClient: boolean) => void) | undefined
}

/** What a timed answer adds to its answer; each part left out has its plain value (no delay, no error, no warnings). */
export type Timing = Partial<Omit<TimedAnswer, keyof Answer>>

const UNTIMED: Timing = Object.freeze({})

/**
 * `answer` with its timing: the one place a {@link TimedAnswer} is made, so every answer the core
 * hands an adapter has every field, in one order. The adapters read each answer's fields on every
 * request; answers of a few shapes (spreads, optional fields) made those reads megamorphic, a
 * lookup in V8's stub cache each instead of one load (docs/benchmarks.md, run 42).
 *
 * @example
 * timedAnswer(toAnswer(ok(view)), { delayMs: 250 }).warnings // [] (NO_WARNINGS)
 */
export function timedAnswer(answer: Answer, timing: Timing = UNTIMED): TimedAnswer {
  return {
    status: answer.status,
    headers: answer.headers,
    body: answer.body,
    delayMs: timing.delayMs ?? 0,
    error: timing.error ?? null,
    warnings: timing.warnings ?? NO_WARNINGS,
    observer: timing.observer ?? false,
    expired: timing.expired,
    fault: timing.fault,
    settle: timing.settle,
  }
}
