import type { CoreRequest, CoreResponse } from '../core-request.js'
import { toAnswer } from '../answer.js'
import { fail } from '../envelope.js'
import { EnvelopeError } from '../envelope-error.js'
import { ERRORS } from '../errors.js'
import type { SandboxCore } from '../sandbox-core.js'
import { ADMIN_ROUTES } from './admin-routes.js'

/** Where the admin API lives. */
export const ADMIN_BASE_PATH = '/__sandbox/'

const ADMIN_ENDPOINTS = 'GET health, GET scenarios, GET|PUT scenario, POST reset, GET|DELETE requests'

/**
 * Answers a request to the admin API (`/__sandbox/…`), in the API's envelope, errors included.
 * It never throws; it records nothing in the request journal.
 *
 * @example
 * dispatchAdmin(sandbox, { method: 'PUT', path: '/__sandbox/scenario', query: '', header, body: '{"scenarios":["slow"]}' })
 */
export function dispatchAdmin(sandbox: SandboxCore, request: CoreRequest): CoreResponse {
  const name = request.path.slice(ADMIN_BASE_PATH.length).replace(/\/$/, '')
  const methods = ADMIN_ROUTES.get(name)
  try {
    if (methods === undefined) throw new EnvelopeError(ERRORS.notFound, `No such admin endpoint. Under ${ADMIN_BASE_PATH}: ${ADMIN_ENDPOINTS}`)
    const handler = methods[request.method]
    if (handler === undefined) throw new EnvelopeError(ERRORS.methodNotAllowed, `Allowed here: ${Object.keys(methods).join(', ')}`, { allow: Object.keys(methods).join(', ') })
    return { ...toAnswer(handler(sandbox, request)), delayMs: 0 }
  } catch (error) {
    if (error instanceof EnvelopeError) return { ...toAnswer(error.envelope, error.headers), delayMs: 0 }
    return { ...toAnswer(fail(ERRORS.internal)), delayMs: 0 }
  }
}
