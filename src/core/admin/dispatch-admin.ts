import { ADMIN_ENDPOINTS, ADMIN_OPERATIONS, matchAdminRoute } from '../../contract/admin-operations.js'
import { timedAnswer, type CoreRequest, type TimedAnswer } from '../core-request.js'
import { toAnswer, withoutCors, type Answer } from '../answer.js'
import { fail, type Envelope } from '../../contract/envelope.js'
import { SandboxError } from '../../vocabulary/sandbox-error.js'
import { ERRORS } from '../../vocabulary/errors.js'
import type { SandboxCore } from '../sandbox-core.js'
import type { ServerSettings } from '../server-settings.js'
import { ADMIN_HANDLERS, NO_SESSIONS_DETAIL, QUERY_MAX, type AdminHandler } from './admin-handlers.js'
import { readJsonBody } from './read-json-body.js'
import { refuseForeignOrigin } from './refuse-foreign-origin.js'
import { ADMIN_BASE_PATH, OBSERVER } from './admin-paths.js'
import { readAdminQuery } from './read-admin-query.js'

export { ADMIN_ENDPOINTS } from '../../contract/admin-operations.js'

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

/** An admin answer, timed: without CORS headers, never delayed. */
function adminAnswer(answer: Answer, observer: boolean, error: string | null = null): TimedAnswer {
  return timedAnswer(withoutCors(answer), { error, observer })
}

function refusal(error: unknown, observer: boolean): TimedAnswer {
  if (error instanceof SandboxError) return adminAnswer(toAnswer(error.envelope, error.headers), observer, error.template.error ?? null)
  return adminAnswer(toAnswer(fail(ERRORS.internal)), observer)
}

/** Compares in time independent of where the texts differ, so the token cannot be guessed by timing. */
function sameText(given: string, expected: string): boolean {
  if (expected === '') return false
  let difference = given.length ^ expected.length
  for (let index = 0; index < expected.length; index++) difference |= (given.charCodeAt(index) | 0) ^ expected.charCodeAt(index)
  return difference === 0
}

/**
 * Answers a request to the admin API (`/__sandbox/…`) by the table of operations
 * ({@link ADMIN_OPERATIONS}) and their handlers, in the API's envelope, errors included (the
 * OpenAPI documents answer themselves), with no CORS headers. In order: a request from a web page
 * of another origin, or (bound to loopback) for a Host that is not loopback, is 403
 * `forbidden_origin`; with an admin token set, every operation but the open ones (`GET health`)
 * needs it (401 `admin_token_required`); then the route (404), the method (405), the handler. A
 * creation answers the table's 201. It never throws; it records nothing in the request journal.
 * The OpenAPI documents answer a promise (they load on their first request).
 *
 * @example
 * dispatchAdmin(sandbox, { method: 'PUT', path: '/__sandbox/scenario', query: '', header, body: '{"scenarios":["slow"]}' })
 */
export function dispatchAdmin(sandbox: SandboxCore, request: CoreRequest, server: ServerSettings): TimedAnswer | Promise<TimedAnswer> {
  const { route, methods, open, rootOnly, param } = matchAdminRoute(request.path.slice(ADMIN_BASE_PATH.length))
  // The dashboard's polling stays out of the request log (an open tab would add lines every second).
  const observer = request.header('x-sandbox-client') === OBSERVER
  try {
    const foreign = refuseForeignOrigin(request, server.loopbackOnly)
    if (foreign !== undefined) throw foreign
    // An open route (health) is open to any method: a wrong one learns its 405 without the token.
    if (server.adminToken !== undefined && !open && !sameText(request.header('x-sandbox-admin-token') ?? '', server.adminToken)) {
      throw new SandboxError(ERRORS.adminTokenRequired)
    }
    if (methods === undefined) throw new SandboxError(ERRORS.notFound, adminNotFoundDetail(route))
    // Where a server holds no sessions (in process, inside a session) their routes do not exist, whatever the method.
    if (rootOnly && server.sessions === undefined) throw new SandboxError(ERRORS.notFound, NO_SESSIONS_DETAIL)
    const id = methods.get(request.method)
    if (id === undefined) {
      const allowed = [...methods.keys()].join(', ')
      throw new SandboxError(ERRORS.methodNotAllowed, `Allowed here: ${allowed}`, { allow: allowed })
    }
    // Its input as the table says the operation takes it: the query first (a name it does not
    // take, or a bad value, is 400 before the body is read), then the body (not JSON: 400).
    const operation = ADMIN_OPERATIONS[id]
    const query = readAdminQuery(id, request.query, QUERY_MAX[id]?.(sandbox))
    const body = 'body' in operation ? readJsonBody(request) : undefined
    const result = (ADMIN_HANDLERS[id] as AdminHandler)(sandbox, { param, query, body }, server, request)
    if (result instanceof Promise) return result.then((answer) => adminAnswer(answer, observer)).catch((error) => refusal(error, observer))
    if ('body' in result) return adminAnswer(result, observer)
    // The table says each operation's status: a creation's envelope answers 201, which the public API never does.
    const { status } = ADMIN_OPERATIONS[id]
    return adminAnswer(toAnswer(status === 200 ? result : ({ ...result, code: status } as Envelope<unknown>)), observer)
  } catch (error) {
    return refusal(error, observer)
  }
}
