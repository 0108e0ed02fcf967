import type { FaultDecision } from '../scenarios/scenario-decision.js'
import { GATEWAY_HTML_BODY, GATEWAY_TIMEOUT_BODY, INVALID_JSON_BODY, type FaultDelivery, type FaultType } from '../vocabulary/faults.js'
import { RESPONSE_HEADERS, textAnswer, type Answer } from './answer.js'

/**
 * A gateway's page: HTML, named by nginx's `Server` header as nginx names its own pages, with the
 * API's CORS headers so a browser client reads the 502 it tests (a real gateway may send none,
 * which a browser reports as a network error instead).
 */
const GATEWAY_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'text/html',
  server: 'nginx',
  'access-control-allow-origin': RESPONSE_HEADERS['access-control-allow-origin']!,
}

/** What stands for "no answer" inside the core (a reset, a close): the transport sends none of it. */
const NO_ANSWER: Answer = Object.freeze({ status: 0, headers: Object.freeze({}), body: new Uint8Array(0) })

/** The answers that replace the API's: made once. */
const REPLACED: Readonly<Partial<Record<FaultType, Answer>>> = {
  'connection-reset': NO_ANSWER,
  'empty-reply': NO_ANSWER,
  'gateway-html': textAnswer(502, GATEWAY_HEADERS, GATEWAY_HTML_BODY),
  'gateway-timeout': textAnswer(504, GATEWAY_HEADERS, GATEWAY_TIMEOUT_BODY),
  'invalid-json': textAnswer(200, RESPONSE_HEADERS, INVALID_JSON_BODY),
}

/**
 * What a fault answers instead of the API, where it answers instead (`undefined`: the request goes
 * on, and the transport spoils its answer: `truncated-body`, `slow-body`, `bandwidth`,
 * `slow-headers`, `cut-after`).
 *
 * @example
 * faultAnswer({ type: 'gateway-html', delayMs: 0, durationMs: 0, bytesPerSecond: 512, bytes: 0 })?.status // 502
 */
export function faultAnswer(fault: FaultDecision): Answer | undefined {
  return REPLACED[fault.type]
}

/**
 * What the transport is told of `fault`: it carries out a reset, a close, a cut or a paced body, a
 * trickled head itself, and names every fault in its log; the others are ordinary answers to it.
 *
 * @example
 * faultDelivery({ type: 'cut-after', delayMs: 5000, durationMs: 3000, bytesPerSecond: 512, bytes: 10 })
 * // { type: 'cut-after', durationMs: 3000, bytesPerSecond: 512, bytes: 10 }
 */
export function faultDelivery(fault: FaultDecision | undefined): FaultDelivery | undefined {
  if (fault === undefined) return undefined
  const { type, durationMs, bytesPerSecond, bytes } = fault
  return { type, durationMs, bytesPerSecond, bytes }
}
