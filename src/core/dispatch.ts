import { ADMIN_BASE_PATH, dispatchAdmin } from './admin/dispatch-admin.js'
import { dayOfInstant } from './analytics/calendar-date.js'
import type { CoreRequest, CoreResponse } from './core-request.js'
import { isPreflight, preflight } from './cors.js'
import type { Endpoint } from './endpoints/endpoint.js'
import { toAnswer, withHeaders, type Answer } from './answer.js'
import { fail } from './envelope.js'
import { EnvelopeError } from './envelope-error.js'
import { ERRORS } from './errors.js'
import { authenticate } from './guards/authenticate.js'
import { peekProjectId } from './guards/authorize-project.js'
import { resolveRoute } from './guards/resolve-route.js'
import { pickDelay } from './latency.js'
import type { KeyEntry } from '../model/model-index.js'
import type { SandboxCore } from './sandbox-core.js'

/**
 * Answers one request. The one implementation behind the node:http server and the msw handlers;
 * the stages, in order:
 *
 * route (404/405) → X-Sandbox-Scenario (400) → key (401, and a scenario's expired or revoked keys)
 * → endpoint guards: project (400/403, and a scenario's hidden projects), query (400)
 * → data stage: a scenario's rate limit (429) or forced failure → the answer (0 dates under `no-data`).
 *
 * It never throws: a guard's {@link EnvelopeError} becomes its error envelope, anything unexpected
 * the endpoint's own 500. Latency (the sandbox's, plus matching scenario rules') applies to every answer.
 *
 * @example
 * const response = dispatch(sandbox, { method: 'GET', path: '/api/v1/projects', query: '', header })
 * response.status // 200
 */
export function dispatch(sandbox: SandboxCore, request: CoreRequest): CoreResponse {
  // The admin API has no CORS: its own checks answer a preflight (foreign Origin: 403).
  if (request.path.startsWith(ADMIN_BASE_PATH)) return dispatchAdmin(sandbox, request)
  if (isPreflight(request)) return preflight(request)
  const requestNumber = sandbox.requestCount++
  const realNow = sandbox.clock.realNow()
  const headers: Record<string, string> = {}
  const keyHeader = request.header('x-api-key')
  let active = sandbox.scenarios.active
  let endpoint: Endpoint | undefined
  let key: KeyEntry | undefined
  let answer: Answer
  try {
    endpoint = resolveRoute(sandbox.routes, request.method, request.path)
    active = sandbox.scenarios.forRequest(request.header('x-sandbox-scenario'))
    const now = sandbox.clock.now()
    key = authenticate(sandbox.model.index, keyHeader, now)
    // Only scenarios have key rules: without any, no scope to build.
    if (active.names.length > 0) {
      const projectId = peekProjectId(request.header('x-project-id')) ?? key.apiKey.project_id ?? undefined
      active.checkKey({ endpoint: endpoint.name, key: key.apiKey.key, projectId })
    }
    const prepared = endpoint.prepare({ sandbox, request, key, today: dayOfInstant(now), active })
    const scope = { endpoint: endpoint.name, key: key.apiKey.key, projectId: prepared.projectId }
    active.enterData(scope, endpoint.failure, headers, realNow)
    answer = withHeaders(prepared.respond(active.removesData(scope)), headers)
  } catch (error) {
    answer =
      error instanceof EnvelopeError
        ? toAnswer(error.envelope, { ...headers, ...error.headers })
        : toAnswer(fail(endpoint?.failure ?? ERRORS.internal), headers)
  }
  let delayMs = sandbox.latency === undefined ? 0 : pickDelay(sandbox.latency, sandbox.analytics.seed, requestNumber)
  // Latency rules delay every answer, errors included, and see what is known of the request even when
  // it failed early. Only a set with latency rules pays for the scope (and the key lookup it may need).
  if (active.addsLatency) {
    const keyProject = (key ?? (keyHeader === null ? undefined : sandbox.model.index.findKey(keyHeader)))?.apiKey.project_id
    const projectId = peekProjectId(request.header('x-project-id')) ?? keyProject ?? undefined
    delayMs += active.addedLatency({ endpoint: endpoint?.name, key: keyHeader, projectId }, requestNumber)
  }
  sandbox.journal.record(
    realNow,
    request.method,
    request.path,
    request.query,
    answer.status,
    keyHeader,
    request.header('x-project-id'),
    active.names,
  )
  return { status: answer.status, headers: answer.headers, body: answer.body, delayMs }
}
