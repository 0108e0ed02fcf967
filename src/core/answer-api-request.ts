import { ADMIN_BASE_PATH, dispatchAdmin, OBSERVER } from './admin/dispatch-admin.js'
import { dayOfInstant } from '../vocabulary/calendar-date.js'
import type { CoreRequest, TimedAnswer } from './core-request.js'
import { isPreflight, preflight } from './cors.js'
import type { Endpoint } from './endpoints/endpoint.js'
import { toAnswer, withHeaders, type Answer } from './answer.js'
import { fail } from '../contract/envelope.js'
import { SandboxError } from '../vocabulary/sandbox-error.js'
import { ERRORS, type ErrorTemplate } from '../vocabulary/errors.js'
import { authenticate } from './guards/authenticate.js'
import { projectIdOf, readProjectIdHeader, type ProjectIdHeader } from './guards/authorize-project.js'
import { resolveRoute } from './guards/resolve-route.js'
import { MAX_LATENCY_MS, pickDelay } from '../vocabulary/latency.js'
import type { RuleScope } from '../scenarios/active-scenarios.js'
import type { SandboxCore } from './sandbox-core.js'
import { NO_SERVER, type ServerSettings } from './server-settings.js'
import { ENDPOINT_RULES } from '../vocabulary/endpoint-rules.js'
import type { KeyLevel } from '../vocabulary/key-level.js'
import { WARNING_BY_CODE, type Warning } from '../vocabulary/warnings.js'
import { findWarnings } from './report/find-warnings.js'

const NO_WARNINGS: readonly Warning[] = Object.freeze([])

/**
 * Answers one request. The one implementation behind the node:http server and the msw handlers;
 * the stages, in order:
 *
 * route (404/405) → X-Sandbox-Scenario (400) → key (401, and a scenario's expired or revoked keys)
 * → strict mode's warnings (400) → endpoint guards: project (400/403, and a scenario's hidden projects), query (400)
 * → data stage: a scenario's rate limit (429) or forced failure → the answer (0 dates under `no-data`).
 *
 * It never throws: a guard's {@link SandboxError} becomes its error envelope, anything unexpected
 * the endpoint's own 500. Latency (the sandbox's, plus matching scenario rules') applies to every answer.
 * The answer is counted for the client report (outcome and warnings) unless it is the dashboard's
 * own (`X-Sandbox-Client: dashboard`), which moves no scenario counter and goes to its own journal.
 *
 * @example
 * const response = dispatch(sandbox, { method: 'GET', path: '/api/v1/projects', query: '', header })
 * response.status // 200
 */
export function dispatch(sandbox: SandboxCore, request: CoreRequest, server: ServerSettings = NO_SERVER): TimedAnswer {
  // The admin API has no CORS: its own checks answer a preflight (foreign Origin: 403).
  if (request.path.startsWith(ADMIN_BASE_PATH)) return dispatchAdmin(sandbox, request, server)
  if (isPreflight(request)) return preflight(request)
  const requestNumber = sandbox.requestCount++
  const realNow = sandbox.clock.realNow()
  const headers: Record<string, string> = {}
  // Each header is read once; the stages judge what was read, in the check order.
  const keyHeader = request.header('x-api-key')
  const projectHeader = request.header('x-project-id')
  const projectId = readProjectIdHeader(projectHeader)
  // The dashboard's own requests see the sandbox as a test does, but change nothing a test sees.
  const observer = request.header('x-sandbox-client') === OBSERVER
  const keys = sandbox.model.index.knownKeys
  let active = sandbox.scenarios.active
  let endpoint: Endpoint | undefined
  let scope: RuleScope | undefined
  let answer: Answer & { readonly dates?: number }
  let error: string | null = null
  let level: KeyLevel | undefined
  let warnings = NO_WARNINGS
  try {
    endpoint = resolveRoute(sandbox.routes, request.method, request.path)
    if (sandbox.clientReport && !observer) warnings = findWarnings(ENDPOINT_RULES[endpoint.name], request, projectHeader, keys)
    const named = sandbox.scenarios.forRequest(request.header('x-sandbox-scenario'), keys)
    if (named instanceof SandboxError) throw named
    active = named
    const now = sandbox.clock.now()
    const key = authenticate(sandbox.model.index, keyHeader, now)
    level = key.apiKey.level
    scope = { endpoint: endpoint.name, key: key.apiKey.key, projectId: concernedProject(endpoint, projectId, key.apiKey.project_id) }
    refuse(active.checkKey(scope))
    if (sandbox.strict && warnings.length > 0) throw new SandboxError(WARNING_BY_CODE.get(warnings[0]!.code)!, warnings[0]!.detail)
    const prepared = endpoint.prepare({ sandbox, query: request.query, key, projectId, today: dayOfInstant(now), active })
    refuse(active.enterData(scope, endpoint.failure, headers, realNow, observer))
    answer = withHeaders(prepared.respond(active.removesData(scope)), headers)
  } catch (thrown) {
    const refused = thrown instanceof SandboxError ? thrown : undefined
    answer =
      refused === undefined
        ? toAnswer(fail(endpoint?.failure ?? ERRORS.internal), headers)
        : toAnswer(refused.envelope, { ...headers, ...refused.headers })
    const template: ErrorTemplate = refused?.template ?? endpoint?.failure ?? ERRORS.internal
    error = template.error ?? null
  }
  let delayMs = sandbox.latency === undefined ? 0 : pickDelay(sandbox.latency, sandbox.analytics.seed, requestNumber)
  // Latency rules delay every answer, errors included, and see what is known of the request even when
  // it failed early. Only a set with latency rules pays for a scope it lacks (and the key lookup it may need).
  if (active.addsLatency) {
    if (scope === undefined) {
      const keyProject = (keyHeader === null ? undefined : sandbox.model.index.findKey(keyHeader))?.apiKey.project_id ?? null
      scope = { endpoint: endpoint?.name, key: keyHeader, projectId: concernedProject(endpoint, projectId, keyProject) }
    }
    // Rules add up, but never past the documented most: 16 scenarios of 256 ten-minute rules would overflow a timer.
    delayMs = Math.min(Math.max(MAX_LATENCY_MS, delayMs), delayMs + active.addedLatency(scope, requestNumber))
  }
  const journal = observer ? sandbox.observerJournal : sandbox.journal
  const id = journal.record(
    realNow,
    request.method,
    request.path,
    request.query,
    answer.status,
    keyHeader,
    projectHeader,
    active.names,
    error,
    keys,
    warnings,
  )
  if (sandbox.clientReport && !observer && endpoint !== undefined) {
    sandbox.coverage.record(endpoint.name, answer.status, error, level, answer.dates)
    if (warnings.length > 0) sandbox.coverage.warn(warnings, id)
  }
  return { status: answer.status, headers: answer.headers, body: answer.body, delayMs, error, warnings, observer }
}

/**
 * The project a request concerns, for scoping scenario rules: X-Project-ID where the endpoint reads
 * it (or where no endpoint was found), else the key's.
 */
function concernedProject(endpoint: Endpoint | undefined, read: ProjectIdHeader, keyProject: number | null): number | undefined {
  return (endpoint?.readsProjectId === false ? undefined : projectIdOf(read)) ?? keyProject ?? undefined
}

/** Ends the request with a scenario's refusal, if it made one. */
function refuse(refusal: SandboxError | undefined): void {
  if (refusal !== undefined) throw refusal
}
