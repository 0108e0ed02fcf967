import { dayOfInstant } from './analytics/calendar-date.js'
import type { CoreRequest, CoreResponse } from './core-request.js'
import { isPreflight, preflight, RESPONSE_HEADERS } from './cors.js'
import type { Endpoint } from './endpoints/endpoint.js'
import { fail, type Envelope } from './envelope.js'
import { EnvelopeError } from './envelope-error.js'
import { ERRORS } from './errors.js'
import { authenticate } from './guards/authenticate.js'
import { resolveRoute } from './guards/resolve-route.js'
import { pickDelay } from './latency.js'
import type { SandboxCore } from './sandbox-core.js'

function respond(envelope: Envelope<unknown>, headers: Readonly<Record<string, string>>, delayMs: number): CoreResponse {
  return { status: envelope.code, headers: { ...RESPONSE_HEADERS, ...headers }, body: JSON.stringify(envelope), delayMs }
}

/**
 * Answers one request: route → key → endpoint (project → query → data) → envelope. The one
 * implementation behind the node:http server and the msw handlers. It never throws: a guard's
 * {@link EnvelopeError} becomes its error envelope, anything unexpected the endpoint's own 500.
 *
 * @example
 * const response = dispatch(sandbox, { method: 'GET', path: '/api/v1/projects', query: '', header })
 * response.status // 200
 */
export function dispatch(sandbox: SandboxCore, request: CoreRequest): CoreResponse {
  if (isPreflight(request)) return preflight(request)
  const delayMs = sandbox.latency === undefined ? 0 : pickDelay(sandbox.latency, sandbox.analytics.seed, sandbox.requestCount)
  sandbox.requestCount++
  let endpoint: Endpoint | undefined
  try {
    endpoint = resolveRoute(sandbox.routes, request.method, request.path)
    const now = sandbox.clock.now()
    const key = authenticate(sandbox.model.index, request.header('x-api-key'), now)
    return respond(endpoint.handle({ sandbox, request, key, today: dayOfInstant(now) }), {}, delayMs)
  } catch (error) {
    if (error instanceof EnvelopeError) return respond(error.envelope, error.headers, delayMs)
    return respond(fail(endpoint?.failure ?? ERRORS.internal), {}, delayMs)
  }
}
