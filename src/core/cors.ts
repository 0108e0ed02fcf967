import { timedAnswer, type CoreRequest, type TimedAnswer } from './core-request.js'

const DEFAULT_ALLOWED_HEADERS = 'X-API-Key, X-Project-ID, Content-Type, X-Sandbox-Scenario, X-Sandbox-Admin-Token'
/** Header names only: a requested list is echoed only when it cannot smuggle anything else in. */
const HEADER_LIST = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+(?:\s*,\s*[A-Za-z0-9!#$%&'*+.^_`|~-]+)*$/

/**
 * Whether `request` is a CORS preflight: `OPTIONS` with `Access-Control-Request-Method`.
 *
 * @example
 * isPreflight(request) // true for a browser's preflight
 */
export function isPreflight(request: CoreRequest): boolean {
  return request.method === 'OPTIONS' && request.header('access-control-request-method') !== null
}

/**
 * The answer to a preflight, on any path: 204, GET allowed, the requested headers allowed.
 *
 * @example
 * if (isPreflight(request)) return preflight(request)
 */
export function preflight(request: CoreRequest): TimedAnswer {
  const requested = request.header('access-control-request-headers')
  return timedAnswer({
    status: 204,
    headers: {
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'GET, OPTIONS',
      'access-control-allow-headers': requested !== null && HEADER_LIST.test(requested) ? requested : DEFAULT_ALLOWED_HEADERS,
      'access-control-max-age': '86400',
    },
    body: new Uint8Array(0),
  })
}
