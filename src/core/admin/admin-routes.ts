import { resolveScenarios } from '../../scenarios/scenario-catalogue.js'
import { dayOfInstant, formatCalendarDate } from '../../vocabulary/calendar-date.js'
import type { Answer } from '../answer.js'
import type { CoreRequest } from '../core-request.js'
import { RESPONSE_HEADERS, toAnswer } from '../answer.js'
import { ok, type Envelope } from '../../contract/envelope.js'
import { SandboxError } from '../../vocabulary/sandbox-error.js'
import { ERRORS } from '../../vocabulary/errors.js'
import type { SandboxCore } from '../sandbox-core.js'
import type { ServerSettings, SessionRoutes } from '../server-settings.js'
import { COVERAGE_SCOPES, type CoverageScope } from '../report/coverage.js'
import { resetSandbox } from '../reset-sandbox.js'
import { PORTAL_ROUTES } from './portal-routes.js'
import { readJsonBody } from './read-json-body.js'
import { NOT_A_FIELD, PortalError, type FieldIssue } from '../../vocabulary/portal-error.js'
import { readAdminQuery } from './read-admin-query.js'
import { readJournalQuery } from './read-journal-query.js'
import { refuseOversizedBody } from '../../model/refuse-oversized-body.js'

/**
 * An admin operation: an envelope, or a finished answer for what is not one (the OpenAPI document).
 * `param` is the id or key the path names, for routes such as `keys/{key}`.
 */
export type AdminHandler = (sandbox: SandboxCore, request: CoreRequest, param: string, server: ServerSettings) => Envelope<unknown> | Answer

/**
 * What a `PUT scenario` body must be.
 *
 * @example
 * ({ field: '(root)', message: `must be ${BODY_EXAMPLE}` })
 */
export const BODY_EXAMPLE = 'a JSON object such as {"scenarios": ["server-error"]}'

/**
 * What is wrong with a `PUT scenario` body without a list in `scenarios`.
 *
 * @example
 * ({ field: 'scenarios', message: SCENARIOS_FIELD_MESSAGE })
 */
export const SCENARIOS_FIELD_MESSAGE = 'must be a list of scenario names or definitions, such as ["server-error"]'

function activeNames(sandbox: SandboxCore): readonly string[] {
  return sandbox.scenarios.active.names
}

/** `PUT scenario`: checks the whole body before changing anything. */
function putScenario(sandbox: SandboxCore, request: CoreRequest): Envelope<unknown> {
  const body = readJsonBody(request)
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw PortalError.invalid([{ field: '(root)', message: `must be ${BODY_EXAMPLE}` }])
  }
  refuseOversizedBody(body)
  const items = (body as { scenarios?: unknown }).scenarios
  const issues: FieldIssue[] = Object.keys(body)
    .filter((name) => name !== 'scenarios')
    .map((name) => ({ field: name, message: NOT_A_FIELD }))
  if (!Array.isArray(items)) issues.unshift({ field: 'scenarios', message: SCENARIOS_FIELD_MESSAGE })
  // The same 400 as the portal's: every mistake in errors.fields, nothing changed.
  if (!Array.isArray(items) || issues.length > 0) throw PortalError.invalid(issues)
  // A definition's mistakes are a ConfigError (400 invalid_body), an unknown name an UnknownScenarioError (400 unknown_scenario).
  sandbox.scenarios.activate(
    resolveScenarios(sandbox.scenarios.catalogue, items, (index) => `admin API, scenarios[${index}]`, sandbox.model.index.knownKeys),
  )
  return ok({ active: activeNames(sandbox) }, 'Scenarios activated')
}

/**
 * The 400's detail for a coverage scope it does not know.
 *
 * @example
 * COVERAGE_SCOPE_DETAIL // 'scope must be reset (since the last reset, the default) or suite (…)'
 */
export const COVERAGE_SCOPE_DETAIL =
  'scope must be reset (since the last reset, the default) or suite (since the start, across resets, every session of the server included)'

/** What `GET coverage` takes. */
const COVERAGE_PARAMETERS: readonly string[] = ['scope']

/** `GET coverage?scope=`: `reset` (the default) or `suite`; anything else, or another parameter, is a 400. */
function coverageScope(request: CoreRequest): CoverageScope {
  const scope = readAdminQuery(request.query, COVERAGE_PARAMETERS, () => COVERAGE_SCOPE_DETAIL).get('scope') ?? 'reset'
  const known = COVERAGE_SCOPES.find((candidate) => candidate === scope)
  if (known === undefined) throw new SandboxError(ERRORS.badRequest, COVERAGE_SCOPE_DETAIL)
  return known
}

/** The server's sessions, or the 404 where there are none (in process, inside a session). */
function sessionsOf(server: ServerSettings): SessionRoutes {
  if (server.sessions === undefined) throw new SandboxError(ERRORS.notFound, NO_SESSIONS_DETAIL)
  return server.sessions
}

/**
 * The 404's detail for the session routes where there are none.
 *
 * @example
 * NO_SESSIONS_DETAIL // 'Sessions are made by the standalone sandbox (analytics-sandbox, startSandbox) at its root …'
 */
export const NO_SESSIONS_DETAIL =
  'Sessions are made by the standalone sandbox (analytics-sandbox, startSandbox) at its root /__sandbox/sessions, not in process or inside a session'

/** The encoded document, by the function that gave its text: built once per process. */
const openApiAnswers = new WeakMap<() => string, Answer>()

/** `GET openapi.json` or `GET admin-openapi.json`: the document itself, not in the envelope. */
function getOpenApi(server: ServerSettings, which: 'openApiJson' | 'adminOpenApiJson'): Answer {
  const source = server[which]
  if (source === undefined)
    throw new SandboxError(ERRORS.notFound, 'The OpenAPI document is served by the standalone sandbox (analytics-sandbox, startSandbox)')
  let answer = openApiAnswers.get(source)
  if (answer === undefined) {
    const body = new TextEncoder().encode(source())
    answer = { status: 200, headers: { ...RESPONSE_HEADERS, 'content-length': String(body.byteLength) }, body }
    openApiAnswers.set(source, answer)
  }
  return answer
}

/**
 * The admin API's operations by path (below `/__sandbox/`) and method.
 *
 * @example
 * ADMIN_ROUTES.get('health')?.GET
 */
export const ADMIN_ROUTES: ReadonlyMap<string, Readonly<Record<string, AdminHandler>>> = new Map<string, Record<string, AdminHandler>>([
  [
    'health',
    {
      GET: (sandbox, _request, _param, server) =>
        ok(
          {
            status: 'ok',
            today: formatCalendarDate(dayOfInstant(sandbox.clock.now())),
            seed: sandbox.analytics.seed,
            active_scenarios: activeNames(sandbox),
            requests: sandbox.journal.recorded,
            ...(server.logStats === undefined ? {} : { log: server.logStats() }),
          },
          'Sandbox is healthy',
        ),
    },
  ],
  [
    'scenarios',
    {
      GET: (sandbox) => {
        const active = new Set(activeNames(sandbox))
        const scenarios = sandbox.scenarios.catalogue.list().map(({ scenario, source }) => ({
          name: scenario.name,
          description: scenario.description,
          source,
          active: active.has(scenario.name),
        }))
        return ok({ scenarios, active: activeNames(sandbox) }, 'Scenarios retrieved successfully')
      },
    },
  ],
  ['scenario', { GET: (sandbox) => ok({ active: activeNames(sandbox) }, 'Active scenarios'), PUT: putScenario }],
  [
    'reset',
    {
      POST: (sandbox) => {
        // The records the API reads are back before the answer goes; a test's db() view follows.
        resetSandbox(sandbox).catch(() => undefined)
        return ok({ active: activeNames(sandbox) }, 'Sandbox reset')
      },
    },
  ],
  [
    'requests',
    {
      GET: (sandbox, request) => {
        const query = readJournalQuery(request.query, sandbox.journal.capacity)
        // The dashboard's own requests are kept apart, and read only when asked for.
        const journal = query.source === 'dashboard' ? sandbox.observerJournal : sandbox.journal
        // Built once per new entry and shared: many clients reading the same page cost one build.
        return sandbox.adminAnswers.get(`requests?${request.query}`, `${query.source}.${journal.version}`, 0, () => {
          // One more than asked tells, when reading forward with since, whether more entries match.
          const listed = journal.list({ ...query, limit: query.limit + 1 })
          const requests = query.since === undefined ? listed.slice(-query.limit) : listed.slice(0, query.limit)
          const data = {
            requests,
            recorded: journal.recorded,
            capacity: journal.capacity,
            more: query.since !== undefined && listed.length > query.limit,
          }
          return { answer: toAnswer(ok(data, 'Requests retrieved successfully')), from: 0, until: 1 }
        })
      },
      DELETE: (sandbox) => {
        sandbox.journal.clear()
        return ok({}, 'Request journal cleared')
      },
    },
  ],
  [
    'coverage',
    {
      GET: (sandbox, request, _param, server) => {
        const scope = coverageScope(request)
        // The root's suite adds every session up, ended ones included.
        const others = scope === 'suite' ? (server.sessions?.coverages() ?? []) : []
        return ok(sandbox.coverage.report(scope, others), 'Coverage retrieved successfully')
      },
    },
  ],
  ['openapi.json', { GET: (_sandbox, _request, _param, server) => getOpenApi(server, 'openApiJson') }],
  ['admin-openapi.json', { GET: (_sandbox, _request, _param, server) => getOpenApi(server, 'adminOpenApiJson') }],
  [
    'sessions',
    {
      GET: (_sandbox, _request, _param, server) => sessionsOf(server).list(),
      POST: (_sandbox, request, _param, server) => sessionsOf(server).create(request),
    },
  ],
  ['sessions/{session}', { DELETE: (_sandbox, _request, id, server) => sessionsOf(server).end(id) }],
  ...PORTAL_ROUTES,
])
