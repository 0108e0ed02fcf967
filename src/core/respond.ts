import type { CoreResponse } from './core-request.js'
import { RESPONSE_HEADERS } from './cors.js'
import type { Envelope } from './envelope.js'

/**
 * Turns an envelope into the response an adapter sends: status from `code`, the common headers,
 * the serialised body.
 *
 * @example
 * respond(ok(data, MESSAGES.projects), {}, 0)
 */
export function respond(envelope: Envelope<unknown>, headers: Readonly<Record<string, string>>, delayMs: number): CoreResponse {
  return { status: envelope.code, headers: { ...RESPONSE_HEADERS, ...headers }, body: JSON.stringify(envelope), delayMs }
}
