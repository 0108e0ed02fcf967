import type { CoreRequest, TimedAnswer } from '../core-request.js'
import { toAnswer, withoutCors, type Answer } from '../answer.js'
import { fail } from '../../contract/envelope.js'
import { SandboxError } from '../../vocabulary/sandbox-error.js'
import { ERRORS } from '../../vocabulary/errors.js'
import type { SandboxCore } from '../sandbox-core.js'
import { NO_SERVER, type ServerSettings } from '../server-settings.js'
import { ADMIN_ROUTES, NO_SESSIONS_DETAIL } from './admin-routes.js'
import { refuseForeignOrigin } from './refuse-foreign-origin.js'

/** `X-Sandbox-Client` of the dashboard's own requests: seen as a test sees the sandbox, changing nothing a test sees. */
export const OBSERVER = 'dashboard'

/** Where the admin API lives. */
export const ADMIN_BASE_PATH = '/__sandbox/'

/** Where the admin API serves the OpenAPI document. */
export const OPENAPI_PATH = `${ADMIN_BASE_PATH}openapi.json`

/** Where the admin API serves its own OpenAPI document. */
export const ADMIN_OPENAPI_PATH = `${ADMIN_BASE_PATH}admin-openapi.json`

/**
 * The admin endpoints, as the 404 of an unknown admin path lists them; from the routes, so a new
 * route is listed.
 *
 * @example
 * ADMIN_ENDPOINTS // 'GET health, GET scenarios, GET|PUT scenario, POST reset, GET|DELETE requests, GET coverage, …'
 */
export const ADMIN_ENDPOINTS = [...ADMIN_ROUTES].map(([name, methods]) => `${Object.keys(methods).join('|')} ${name}`).join(', ')

/**
 * The 404's detail for an admin path that is no route, listing the routes; at the root, also where
 * the dashboard is (a client that asks for JSON, such as curl, gets this instead of the page).
 *
 * @example
 * adminNotFoundDetail('nope') // 'No such admin endpoint. Under /__sandbox/: GET health, …'
 */
export function adminNotFoundDetail(name: string): string {
  const detail = `No such admin endpoint. Under ${ADMIN_BASE_PATH}: ${ADMIN_ENDPOINTS}`
  return name === ''
    ? `${detail}. The dashboard is GET ${ADMIN_BASE_PATH} from a browser (Accept: text/html), served by the bin and startSandbox`
    : detail
}

/** The routes of the sessions a server holds. */
const SESSION_ROUTES: ReadonlySet<string> = new Set(['sessions', 'sessions/{session}'])

/**
 * Admin paths answered without the admin token: health tells nothing secret (status, today, seed,
 * scenarios in force, counts), and container and CI health checks cannot send a header.
 */
export const OPEN_ADMIN_PATHS: ReadonlySet<string> = new Set(['health'])

/** Routes whose last segment is a parameter (`keys/{key}`), by what comes before it (`keys`). */
const PARAMETER_ROUTES: ReadonlyMap<string, string> = new Map(
  [...ADMIN_ROUTES.keys()].flatMap((route) => (route.endsWith('}') ? [[route.slice(0, route.indexOf('/')), route] as const] : [])),
)

/** The route of an admin path and the parameter it names: `keys/abc` is route `keys/{key}` with `abc`. */
function routeOf(path: string): { name: string; param: string } {
  const slash = path.indexOf('/')
  const route = slash < 0 || path.includes('/', slash + 1) ? undefined : PARAMETER_ROUTES.get(path.slice(0, slash))
  return route === undefined ? { name: path, param: '' } : { name: route, param: path.slice(slash + 1) }
}

/** An admin answer, timed: without CORS headers, never delayed. */
function adminAnswer(answer: Answer, observer: boolean, error: string | null = null): TimedAnswer {
  return { ...withoutCors(answer), delayMs: 0, error, observer }
}

/** Compares in time independent of where the texts differ, so the token cannot be guessed by timing. */
function sameText(given: string, expected: string): boolean {
  if (expected === '') return false
  let difference = given.length ^ expected.length
  for (let index = 0; index < expected.length; index++) difference |= (given.charCodeAt(index) | 0) ^ expected.charCodeAt(index)
  return difference === 0
}

/**
 * Answers a request to the admin API (`/__sandbox/…`), in the API's envelope, errors included
 * (`GET openapi.json` answers the document itself), with no CORS headers: a request from a web
 * page of another origin, or (bound to loopback) for a Host that is not loopback, is refused with
 * 403 `forbidden_origin` before anything else.
 * With an admin token set, every admin request but `GET health` must carry it (401
 * `admin_token_required` otherwise).
 * It never throws; it records nothing in the request journal.
 *
 * @example
 * dispatchAdmin(sandbox, { method: 'PUT', path: '/__sandbox/scenario', query: '', header, body: '{"scenarios":["slow"]}' })
 */
export function dispatchAdmin(sandbox: SandboxCore, request: CoreRequest, server: ServerSettings = NO_SERVER): TimedAnswer {
  const { name, param } = routeOf(request.path.slice(ADMIN_BASE_PATH.length).replace(/\/$/, ''))
  const methods = ADMIN_ROUTES.get(name)
  // The dashboard's polling stays out of the request log (an open tab would add lines every second).
  const observer = request.header('x-sandbox-client') === OBSERVER
  try {
    const refusal = refuseForeignOrigin(request, server.loopbackOnly)
    if (refusal !== undefined) throw refusal
    if (
      server.adminToken !== undefined &&
      !OPEN_ADMIN_PATHS.has(name) &&
      !sameText(request.header('x-sandbox-admin-token') ?? '', server.adminToken)
    ) {
      throw new SandboxError(ERRORS.adminTokenRequired)
    }
    if (methods === undefined) throw new SandboxError(ERRORS.notFound, adminNotFoundDetail(name))
    // Where a server holds no sessions (in process, inside a session) their routes do not exist, whatever the method.
    if (SESSION_ROUTES.has(name) && server.sessions === undefined) throw new SandboxError(ERRORS.notFound, NO_SESSIONS_DETAIL)
    // Own properties only: a method named `constructor` or `__proto__` must not reach Object.prototype.
    const handler = Object.hasOwn(methods, request.method) ? methods[request.method] : undefined
    if (handler === undefined)
      throw new SandboxError(ERRORS.methodNotAllowed, `Allowed here: ${Object.keys(methods).join(', ')}`, {
        allow: Object.keys(methods).join(', '),
      })
    const result = handler(sandbox, request, param, server)
    return adminAnswer('body' in result ? result : toAnswer(result), observer)
  } catch (error) {
    if (error instanceof SandboxError) return adminAnswer(toAnswer(error.envelope, error.headers), observer, error.template.error ?? null)
    return adminAnswer(toAnswer(fail(ERRORS.internal)), observer)
  }
}
