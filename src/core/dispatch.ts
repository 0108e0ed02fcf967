import { ADMIN_BASE_PATH, OBSERVER, SESSION_PREFIX } from './admin/admin-paths.js'
import { dashboardFile, DASHBOARD_BARE_PATH } from './admin/dashboard-file.js'
import { dispatchAdmin } from './admin/dispatch-admin.js'
import { refuseForeignOrigin } from './admin/refuse-foreign-origin.js'
import { toAnswer, withoutCors } from './answer.js'
import { answerApiRequest } from './answer-api-request.js'
import { timedAnswer, type CoreRequest, type TimedAnswer } from './core-request.js'
import { isPreflight, preflight } from './cors.js'
import type { SandboxCore } from './sandbox-core.js'
import { NO_SERVER, type ServerSettings, type SessionRoutes } from './server-settings.js'
import { fail } from '../contract/envelope.js'
import { ERRORS } from '../vocabulary/errors.js'

/**
 * Answers one request: the one router behind the node:http server and the msw handlers, which only
 * carry it. In order: a session's path (`/sessions/<id>/…`, where the server holds sessions) goes
 * to that session's sandbox, or is 404 `session_not_found`; the dashboard's page and files (where
 * the server serves them); the admin API (`/__sandbox/…`); a CORS preflight; the public API.
 *
 * It never throws. The answer comes at once, but for what loads on its first request (an OpenAPI
 * document, a dashboard file), which comes as a promise. An answer to wait out (latency) under a
 * session carries `expired`: its session may end meanwhile.
 *
 * @example
 * const answer = await dispatch(sandbox, { method: 'GET', path: '/api/v1/projects', query: '', header })
 * answer.status // 200
 */
export function dispatch(
  sandbox: SandboxCore,
  request: CoreRequest,
  server: ServerSettings = NO_SERVER,
): TimedAnswer | Promise<TimedAnswer> {
  if (server.sessions !== undefined && request.path.startsWith(SESSION_PREFIX)) return dispatchToSession(server.sessions, request, server)
  return dispatchOwn(sandbox, request, server)
}

/** A request of `sandbox`'s own paths (below a session's prefix, under a session). */
function dispatchOwn(sandbox: SandboxCore, request: CoreRequest, server: ServerSettings): TimedAnswer | Promise<TimedAnswer> {
  const { path } = request
  if (path.startsWith(ADMIN_BASE_PATH) || path === DASHBOARD_BARE_PATH) {
    // The dashboard's files, read on their first request: a Host that may not see the admin API
    // (DNS rebinding) goes on to the admin API's 403 instead.
    const file = server.dashboard === undefined ? undefined : dashboardFile(request)
    if (file !== undefined && refuseForeignOrigin(request, server.loopbackOnly) === undefined) {
      return server.dashboard!(file).then((answer) => timedAnswer(answer))
    }
    // The admin API has no CORS: its own checks answer a preflight (foreign Origin: 403).
    if (path !== DASHBOARD_BARE_PATH) return dispatchAdmin(sandbox, request, server)
  }
  if (isPreflight(request)) return preflight(request)
  return answerApiRequest(sandbox, request)
}

/** The settings a server's sessions answer under, by session: the server's, with the session's own routes and no dashboard. */
const sessionSettings = new WeakMap<SessionRoutes, ServerSettings>()

function settingsInSession(server: ServerSettings, routes: SessionRoutes): ServerSettings {
  let settings = sessionSettings.get(routes)
  if (settings === undefined) {
    settings = Object.freeze({ ...server, sessions: routes, dashboard: undefined })
    sessionSettings.set(routes, settings)
  }
  return settings
}

/** The 404 of a session that does not exist, or ended while its request was read or its answer waited. */
function sessionNotFound(below: string): TimedAnswer {
  const notFound = toAnswer(fail(ERRORS.sessionNotFound))
  return timedAnswer(below.startsWith(ADMIN_BASE_PATH) ? withoutCors(notFound) : notFound, { error: ERRORS.sessionNotFound.error })
}

/** `request` with `path` in place of its own (what a session's sandbox sees of it); its headers read from it. */
function requestAt(request: CoreRequest, path: string): CoreRequest {
  return {
    method: request.method,
    path,
    query: request.query,
    header: (name) => request.header(name),
    body: request.body,
    reused: request.reused,
  }
}

/** `/sessions/<id>/<below>`: `<below>` answered by the session's own sandbox. */
function dispatchToSession(sessions: SessionRoutes, request: CoreRequest, server: ServerSettings): TimedAnswer | Promise<TimedAnswer> {
  const slash = request.path.indexOf('/', SESSION_PREFIX.length)
  const id = request.path.slice(SESSION_PREFIX.length, slash < 0 ? undefined : slash)
  const below = slash < 0 ? '/' : request.path.slice(slash)
  // The dashboard watching a session does not keep it alive.
  const session = sessions.use(id, request.header('x-sandbox-client') !== OBSERVER)
  if (session === undefined) return sessionNotFound(below)
  const answer = dispatchOwn(session.core, requestAt(request, below), settingsInSession(server, session.routes))
  // A session that ended while its answer loaded or waited is gone: its answer is too.
  if (answer instanceof Promise) return answer.then((loaded) => (session.ended ? sessionNotFound(below) : loaded))
  if (answer.delayMs <= 0) return answer
  // Its timing as it is (the spread's status, headers and body are the answer's own), with `expired`.
  return timedAnswer(answer, { ...answer, expired: () => (session.ended ? sessionNotFound(below) : undefined) })
}
