import { MUTATION_LIST } from '../mutation-list.js'
import { behaviourOf } from '../behaviour/behaviour-of.js'
import { checkExpectation, expectationFailedBody } from '../behaviour/check-expectation.js'
import type { AdminOperationId } from '../../contract/admin-operations.js'
import { loadInputSchemas } from '../../contract/load-input-schemas.js'
import { ok, type Envelope } from '../../contract/envelope.js'
import type { KeyRecord } from '../../contract/portal-schemas.js'
import type { Portal } from '../../model/create-portal.js'
import { parse } from '../../model/parse-body.js'
import { clockView, setClock } from '../../model/clock-controls.js'
import { resolveScenarios } from '../../scenarios/scenario-catalogue.js'
import { dayOfInstant, formatCalendarDate } from '../../vocabulary/calendar-date.js'
import { ERRORS } from '../../vocabulary/errors.js'
import { LIMITS } from '../../vocabulary/limits.js'
import { PortalError } from '../../vocabulary/portal-error.js'
import { readPositiveId } from '../../vocabulary/read-positive-id.js'
import { SandboxError } from '../../vocabulary/sandbox-error.js'
import { RESPONSE_HEADERS, toAnswer, type Answer } from '../answer.js'
import type { CoreRequest } from '../core-request.js'
import { resetSandbox } from '../reset-sandbox.js'
import type { SandboxCore } from '../sandbox-core.js'
import type { DocumentName, ServerSettings, SessionRoutes } from '../server-settings.js'
import type { AdminQuery } from './read-admin-query.js'

/**
 * What the router read of an admin request for its operation, as the table says the operation
 * takes it: the path's last segment for routes such as `keys/{key}`, the query (each parameter
 * typed by the table; any other is refused before), and the JSON body (`undefined` where none was
 * given or the operation takes none).
 */
export interface AdminInput<Id extends AdminOperationId> {
  readonly param: string
  readonly query: AdminQuery<Id>
  readonly body: unknown
}

/**
 * An admin operation's work on what the router read: an envelope (whose `code` the router sets
 * from the table's status), or a finished answer for what is not one (the OpenAPI documents,
 * which load on first request). `request` is there for what only its text tells (a cache key).
 */
export type AdminHandler<Id extends AdminOperationId = AdminOperationId> = (
  sandbox: SandboxCore,
  input: AdminInput<Id>,
  server: ServerSettings,
  request: CoreRequest,
) => Envelope<unknown> | Answer | Promise<Answer>

/** Every operation's handler, each typed by its own query. */
export type AdminHandlers = { readonly [Id in AdminOperationId]: AdminHandler<Id> }

/**
 * A query parameter's most that depends on the sandbox, by operation: a journal's capacity lowers
 * the table's `limit` of `GET requests`.
 *
 * @example
 * QUERY_MAX.get_requests?.(sandbox) // { limit: 1000 }
 */
export const QUERY_MAX: { readonly [Id in AdminOperationId]?: (sandbox: SandboxCore) => Readonly<Record<string, number>> } = {
  get_requests: (sandbox) => ({ limit: sandbox.journal.capacity }),
}

/** Journal entries an answer lists when no `limit` is given: at most the journal's capacity is. */
export const JOURNAL_PAGE = 100

/**
 * The 404's detail for the session routes where there are none.
 *
 * @example
 * NO_SESSIONS_DETAIL // 'Sessions are made by the standalone sandbox (analytics-sandbox, startSandbox) at its root …'
 */
export const NO_SESSIONS_DETAIL =
  'Sessions are made by the standalone sandbox (analytics-sandbox, startSandbox) at its root /__sandbox/sessions (and inside a session), not in process'

/**
 * The 404's detail for an OpenAPI document where no server serves it (the msw handlers).
 *
 * @example
 * NO_DOCUMENT_DETAIL // 'The OpenAPI document is served by the standalone sandbox (analytics-sandbox, startSandbox)'
 */
export const NO_DOCUMENT_DETAIL = 'The OpenAPI document is served by the standalone sandbox (analytics-sandbox, startSandbox)'

function activeNames(sandbox: SandboxCore): readonly string[] {
  return sandbox.scenarios.active.names
}

/** A project id in a path: digits only, or no such project (404). */
function projectIdIn(param: string): number {
  const id = readPositiveId(param)
  if (id === undefined) throw PortalError.notFound(`No project ${JSON.stringify(param.slice(0, 40))}`)
  return id
}

/** A key in a path, percent-decoded; one that cannot be decoded names no key (404). */
function keyIn(param: string): string {
  try {
    return decodeURIComponent(param)
  } catch {
    throw PortalError.notFound('No such key')
  }
}

/** The server's sessions; the router answers 404 for their routes before, where there are none. */
function sessionsOf(server: ServerSettings): SessionRoutes {
  if (server.sessions === undefined) throw new SandboxError(ERRORS.notFound, NO_SESSIONS_DETAIL)
  return server.sessions
}

/** The documents' answers, by the loader that gave their texts: encoded once per process. */
const documentAnswers = new WeakMap<NonNullable<ServerSettings['document']>, Map<DocumentName, Promise<Answer>>>()

/** `GET openapi.json` or `GET admin-openapi.json`: the document itself, not in the envelope, loaded on first request. */
function getDocument(server: ServerSettings, name: DocumentName): Promise<Answer> {
  const load = server.document
  if (load === undefined) throw new SandboxError(ERRORS.notFound, NO_DOCUMENT_DETAIL)
  let answers = documentAnswers.get(load)
  if (answers === undefined) documentAnswers.set(load, (answers = new Map()))
  let answer = answers.get(name)
  if (answer === undefined) {
    answer = load(name).then((text) => {
      const body = new TextEncoder().encode(text)
      return { status: 200, headers: { ...RESPONSE_HEADERS, 'content-length': String(body.byteLength) }, body }
    })
    answers.set(name, answer)
  }
  return answer
}

/** The clock's span around `now` over which no key of `keys` changes state (expires). */
function stateSpan(keys: readonly KeyRecord[], now: number): { from: number; until: number } {
  let from = Number.NEGATIVE_INFINITY
  let until = Number.POSITIVE_INFINITY
  for (const record of keys) {
    const expiresAt = Date.parse(record.expiry)
    if (expiresAt <= now) from = Math.max(from, expiresAt)
    else until = Math.min(until, expiresAt)
  }
  return { from, until }
}

/** A portal operation: its result in the success envelope; a refusal is a `PortalError`, answered as any other. */
function portal<T>(operation: (portal: Portal, body: unknown, param: string) => T, message: string): AdminHandler {
  return (sandbox, { body, param }) => ok(operation(sandbox.portal, body, param), message)
}

/**
 * The work of every admin operation, by the id the table ({@link ADMIN_OPERATIONS}) gives it: the
 * table says where each is and what it takes, this what it does. A new operation without a
 * handler does not compile.
 *
 * @example
 * ADMIN_HANDLERS.get_clock(sandbox, { param: '', query: {}, body: undefined }, NO_SERVER, request)
 */
export const ADMIN_HANDLERS: AdminHandlers = {
  get_health: (sandbox, _input, server) =>
    ok(
      {
        status: 'ok',
        today: formatCalendarDate(dayOfInstant(sandbox.clock.now())),
        seed: sandbox.analytics.seed,
        active_scenarios: activeNames(sandbox),
        requests: sandbox.journal.recorded,
        mutation: sandbox.mutation?.id ?? null,
        ...(server.logStats === undefined ? {} : { log: server.logStats() }),
      },
      'Sandbox is healthy',
    ),
  get_scenarios: (sandbox) => {
    const active = new Set(activeNames(sandbox))
    const scenarios = sandbox.scenarios.catalogue.list().map(({ scenario, source }) => ({
      name: scenario.name,
      description: scenario.description,
      source,
      active: active.has(scenario.name),
    }))
    return ok({ scenarios, active: activeNames(sandbox) }, 'Scenarios retrieved successfully')
  },
  get_scenario: (sandbox) => ok({ active: activeNames(sandbox) }, 'Active scenarios'),
  get_mutations: () => ok(MUTATION_LIST, 'Mutations retrieved successfully'),
  put_scenario: (sandbox, { body }) => {
    // The shape first (every mistake in errors.fields, nothing changed), then each item: a
    // definition's mistakes are a ConfigError (400 invalid_body, each in errors.fields too), an
    // unknown name an UnknownScenarioError (400 unknown_scenario).
    const { scenarios } = parse(loadInputSchemas().scenarioListBodySchema, body)
    sandbox.scenarios.activate(
      resolveScenarios(sandbox.scenarios.catalogue, scenarios, (index) => `admin API, scenarios[${index}]`, {
        holdsKey: sandbox.model.index.knownKeys,
        fieldOf: (index) => `scenarios[${index}]`,
      }),
    )
    return ok({ active: activeNames(sandbox) }, 'Scenarios activated')
  },
  post_reset: (sandbox) => {
    // The index is back before the answer goes; db()'s copy follows, and a copy that fails is
    // kept for the next settled() a test awaits (docs/decisions/third-floor-plan.md, "One truth for records").
    resetSandbox(sandbox)
    return ok({ active: activeNames(sandbox) }, 'Sandbox reset')
  },
  get_requests: (sandbox, { query }, _server, request) => {
    // The dashboard's own requests are kept apart, and read only when asked for.
    const source = query.source ?? 'clients'
    const journal = source === 'dashboard' ? sandbox.observerJournal : sandbox.journal
    const limit = query.limit ?? Math.min(JOURNAL_PAGE, journal.capacity)
    // Built once per new entry and shared: many clients reading the same page cost one build.
    return sandbox.shared.adminAnswers.get(`requests?${request.query}`, `${source}.${journal.version}`, 0, () => {
      // One more than asked tells, when reading forward with since, whether more entries match.
      const listed = journal.list({ ...query, limit: limit + 1 })
      const requests = query.since === undefined ? listed.slice(-limit) : listed.slice(0, limit)
      const data = {
        requests,
        recorded: journal.recorded,
        capacity: journal.capacity,
        more: query.since !== undefined && listed.length > limit,
      }
      return { answer: toAnswer(ok(data, 'Requests retrieved successfully')), from: 0, until: 1 }
    })
  },
  delete_requests: (sandbox) => {
    sandbox.journal.clear()
    return ok({}, 'Request journal cleared')
  },
  get_coverage: (sandbox, { query }, server) => {
    const scope = query.scope ?? 'reset'
    // The root's suite adds every session up, ended ones included.
    const others = scope === 'suite' ? (server.sessions?.coverages() ?? []) : []
    return ok(sandbox.coverage.report(scope, others), 'Coverage retrieved successfully')
  },
  get_behaviour: (sandbox, { query }, server) => {
    const scope = query.scope ?? 'reset'
    // The root's suite adds every session's verdicts, ended ones included.
    const others = scope === 'suite' ? (server.sessions?.behaviours() ?? []) : []
    return ok(behaviourOf(sandbox, scope, query.max_retries, others), 'Behaviour judged')
  },
  post_expect: (sandbox, { body }) => {
    const outcome = checkExpectation(sandbox, parse(loadInputSchemas().expectBodySchema, body))
    return outcome.ok
      ? ok({ ok: true, matched: outcome.matched }, 'Expectation met')
      : toAnswer(expectationFailedBody(outcome.differences, outcome.entries))
  },
  get_openapi_json: (_sandbox, _input, server) => getDocument(server, 'openapi'),
  get_admin_openapi_json: (_sandbox, _input, server) => getDocument(server, 'admin-openapi'),
  post_accounts: portal((it, body) => it.createAccount(body), 'Account created'),
  post_projects: portal((it, body) => it.createProject(body), 'Project created'),
  patch_projects_id: portal((it, body, id) => it.updateProject(projectIdIn(id), body), 'Project updated'),
  delete_projects_id: portal((it, _, id) => it.deleteProject(projectIdIn(id)), 'Project deleted'),
  get_keys: (sandbox, { query }, _server, request) => {
    const { user_id: userId, offset = 0, limit = LIMITS.keysPage } = query
    const now = sandbox.clock.now()
    // Built once per change of the keys (or of a listed key's state as the clock moves), and shared.
    return sandbox.shared.adminAnswers.get(`keys?${request.query}`, String(sandbox.model.index.changes), now, () => {
      const listed = sandbox.portal.listKeys(userId === undefined ? { offset, limit } : { userId, offset, limit })
      return { answer: toAnswer(ok(listed, 'Keys retrieved successfully')), ...stateSpan(listed.keys, now) }
    })
  },
  post_keys: portal((it, body) => it.createKey(body), 'Key created'),
  patch_keys_key: portal((it, body, key) => it.updateKey(keyIn(key), body), 'Key updated'),
  delete_keys_key: portal((it, _, key) => it.deleteKey(keyIn(key)), 'Key deleted'),
  get_clock: (sandbox) => ok(clockView(sandbox.clock), 'Clock'),
  put_clock: (sandbox, { body }) => ok(setClock(sandbox.clock, body), 'Clock set'),
  get_sessions: (_sandbox, _input, server) => sessionsOf(server).list(),
  post_sessions: (_sandbox, { body }, server) => sessionsOf(server).create(body),
  delete_sessions_session: (_sandbox, { param }, server) => sessionsOf(server).end(param),
}
