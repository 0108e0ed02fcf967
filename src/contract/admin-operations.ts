import { DEFAULT_MAX_RETRIES, MAX_RETRIES_LIMIT } from '../vocabulary/behaviour-rules.js'
import { LIMITS } from '../vocabulary/limits.js'

/** A query parameter an admin operation takes, described without zod: the router reads it, the document shows it. */
export type QueryParameter =
  | {
      readonly kind: 'whole'
      readonly min: number
      /** The most it takes; `capacity` of the journal is read at run time where it is smaller. */
      readonly max: number
      readonly description: string
    }
  | { readonly kind: 'text'; readonly maxChars: number; readonly description: string }
  | { readonly kind: 'choice'; readonly values: readonly [string, ...string[]]; readonly description: string }

/** The schemas of the admin API's bodies and answers, by name: contract/admin-contracts.ts has one zod schema for each. */
export type AdminSchemaName =
  | 'health'
  | 'scenarios'
  | 'mutations'
  | 'active'
  | 'scenarioBody'
  | 'requests'
  | 'empty'
  | 'coverage'
  | 'behaviour'
  | 'expectBody'
  | 'expectation'
  | 'accountBody'
  | 'account'
  | 'projectBody'
  | 'projectPatch'
  | 'project'
  | 'deletedProject'
  | 'keys'
  | 'keyBody'
  | 'keyPatch'
  | 'key'
  | 'deletedKey'
  | 'clock'
  | 'clockBody'
  | 'sessions'
  | 'sessionBody'
  | 'session'
  | 'endedSession'

/**
 * One operation of the admin API, as written once: where it is, what it takes and answers, and how
 * the server treats it. The router, the query readers, the OpenAPI document, the 404's list and
 * the back-pressure of the node:http server all read it.
 */
export interface AdminOperation {
  readonly method: 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE'
  /** Below `/__sandbox/`; a last segment `{id}`, `{key}` or `{session}` is a path parameter. */
  readonly route: string
  readonly summary: string
  /** The schema of its body, when it takes one. */
  readonly body?: AdminSchemaName
  /** Whether the body may be left out (`POST accounts`: every field has a default). */
  readonly bodyOptional?: boolean
  /** Query parameters, by name, in the order the document lists them. */
  readonly query?: Readonly<Record<string, QueryParameter>>
  readonly status: 200 | 201
  /** `data` of the success envelope; `undefined` for the OpenAPI documents, which are not in the envelope. */
  readonly data: AdminSchemaName | undefined
  /** A list whose answer may be megabytes: held back while the server's connections lag. */
  readonly heavy?: boolean
  /** Answered without the admin token (health checks cannot send a header). */
  readonly open?: boolean
  /** Only where a server holds sessions (its root, and inside a session for the sessions it makes): in process it does not exist. */
  readonly rootOnly?: boolean
  /** What a 409 means where the operation can answer one. */
  readonly conflict?: string
}

const MEMORY_FULL = 'memory_full: the sandboxes of the process (root and sessions) together hold as much as the process budget allows'
const PORTAL_FULL = 'portal_full: the portal holds as many records or bytes as it may'
const CHANGE_FULL = 'portal_full: the change would pass the bytes the portal may hold'

/** Longest journal filter on a text: longer ones are kept cut in the journal, so none would match. */
const journalText = (description: string) => ({ kind: 'text', maxChars: LIMITS.journalTextChars, description }) as const

/** `?scope=` of the client report and the behaviour verdicts. */
const SCOPE_QUERY = {
  kind: 'choice',
  values: ['reset', 'suite'],
  description:
    'reset (default): since the last reset; suite: since the start, across resets, at the root every session included, ended ones too',
} as const satisfies QueryParameter

/** A whole number from `min` to 2^53 − 1: past it a number would round to another. */
const wholeFrom = (min: number, description: string) => ({ kind: 'whole', min, max: Number.MAX_SAFE_INTEGER, description }) as const

/**
 * Every operation of the admin API, by its OpenAPI `operationId`: the one table the router (with
 * one handler per id), the query readers, the OpenAPI document and the list of a 404 come from.
 * Adding an operation is one entry here and its handler in `core/admin/admin-handlers.ts`.
 *
 * @example
 * ADMIN_OPERATIONS.put_clock.body // 'clockBody'
 */
export const ADMIN_OPERATIONS = {
  get_health: {
    method: 'GET',
    route: 'health',
    summary: 'Whether the sandbox is up (no admin token needed)',
    status: 200,
    data: 'health',
    open: true,
  },
  get_scenarios: { method: 'GET', route: 'scenarios', summary: 'The scenario catalogue', status: 200, data: 'scenarios' },
  get_scenario: { method: 'GET', route: 'scenario', summary: 'The scenarios in force', status: 200, data: 'active' },
  get_mutations: {
    method: 'GET',
    route: 'mutations',
    summary: 'What `mutate` runs a suite under: every mutation of the contract, and the variants',
    status: 200,
    data: 'mutations',
  },
  put_scenario: {
    method: 'PUT',
    route: 'scenario',
    summary: 'Puts scenarios in force (an unknown name: 400, nothing changes)',
    body: 'scenarioBody',
    status: 200,
    data: 'active',
    conflict: MEMORY_FULL,
  },
  post_reset: { method: 'POST', route: 'reset', summary: 'Back to the start state', status: 200, data: 'active' },
  get_requests: {
    method: 'GET',
    route: 'requests',
    summary: 'The request journal, filtered (every filter given must match)',
    query: {
      key: journalText('The whole API key the request sent'),
      status: { kind: 'whole', min: 100, max: 599, description: 'The answer’s HTTP status' },
      path: journalText('The request path as the journal shows it (whole, keys masked), such as /api/v1/monitoring'),
      since: wholeFrom(0, 'A journal id: only later entries, oldest first'),
      limit: { kind: 'whole', min: 1, max: LIMITS.journalEntries, description: 'At most this many entries (default 100)' },
      source: {
        kind: 'choice',
        values: ['clients', 'dashboard'],
        description: "Whose requests: the clients' (default) or the dashboard's own, kept apart",
      },
    },
    status: 200,
    data: 'requests',
    heavy: true,
  },
  delete_requests: { method: 'DELETE', route: 'requests', summary: 'Empties the request journal', status: 200, data: 'empty' },
  get_coverage: {
    method: 'GET',
    route: 'coverage',
    summary: 'The client report: which outcomes of the API the requests met, each with a request that produces it, and the warnings',
    query: {
      scope: SCOPE_QUERY,
    },
    status: 200,
    data: 'coverage',
  },
  get_behaviour: {
    method: 'GET',
    route: 'behaviour',
    summary:
      "Verdicts on the client's behaviour, per rule and per key as sent: pass, fail (with the requests and the gap that broke it) or not-exercised (with the scenario that would exercise it)",
    query: {
      scope: SCOPE_QUERY,
      max_retries: {
        kind: 'whole',
        min: 0,
        max: MAX_RETRIES_LIMIT,
        description: `How many retries of the same request bounded-retries allows (default ${DEFAULT_MAX_RETRIES})`,
      },
    },
    status: 200,
    data: 'behaviour',
    // Up to a few MB where a thousand keys broke rules: held back while a connection lags.
    heavy: true,
  },
  post_expect: {
    method: 'POST',
    route: 'expect',
    summary:
      "Checks what a test expects of its client's requests to one path against the journal: how many, after which status, how far apart",
    body: 'expectBody',
    status: 200,
    data: 'expectation',
    conflict: 'expectation_failed: the requests differ from the expectation (errors.differences says how, errors.entries lists them)',
  },
  get_openapi_json: {
    method: 'GET',
    route: 'openapi.json',
    summary: 'The OpenAPI document of the public API',
    status: 200,
    data: undefined,
  },
  get_admin_openapi_json: { method: 'GET', route: 'admin-openapi.json', summary: 'This document', status: 200, data: undefined },
  post_accounts: {
    method: 'POST',
    route: 'accounts',
    summary: 'A new account: a user, a USER key, its projects and one PROJECT key each',
    body: 'accountBody',
    bodyOptional: true,
    status: 201,
    data: 'account',
    conflict: `${PORTAL_FULL}; ${MEMORY_FULL}`,
  },
  post_projects: {
    method: 'POST',
    route: 'projects',
    summary: 'A new project',
    body: 'projectBody',
    status: 201,
    data: 'project',
    conflict: `${PORTAL_FULL}; ${MEMORY_FULL}`,
  },
  patch_projects_id: {
    method: 'PATCH',
    route: 'projects/{id}',
    summary: 'Changes a project',
    body: 'projectPatch',
    status: 200,
    data: 'project',
    conflict: `${CHANGE_FULL}; ${MEMORY_FULL}`,
  },
  delete_projects_id: {
    method: 'DELETE',
    route: 'projects/{id}',
    summary: 'Deletes a project and its PROJECT keys',
    status: 200,
    data: 'deletedProject',
  },
  get_keys: {
    method: 'GET',
    route: 'keys',
    summary: `Keys with their state at the clock's now, in the order made: a page of ${LIMITS.keysPage} at most (the default), \`total\` counts all`,
    query: {
      user_id: wholeFrom(1, 'Only this account’s keys'),
      offset: wholeFrom(0, 'Skip this many (default 0): the previous page’s next_offset'),
      limit: { kind: 'whole', min: 1, max: LIMITS.keysPage, description: `At most this many (default ${LIMITS.keysPage})` },
    },
    status: 200,
    data: 'keys',
    heavy: true,
  },
  post_keys: {
    method: 'POST',
    route: 'keys',
    summary: 'A new key',
    body: 'keyBody',
    status: 201,
    data: 'key',
    conflict: `key_taken: another key has the chosen text; ${PORTAL_FULL}; ${MEMORY_FULL}`,
  },
  patch_keys_key: {
    method: 'PATCH',
    route: 'keys/{key}',
    summary: 'Changes a key’s expiry or name, or revokes it (final)',
    body: 'keyPatch',
    status: 200,
    data: 'key',
    conflict: `${CHANGE_FULL}; ${MEMORY_FULL}`,
  },
  delete_keys_key: { method: 'DELETE', route: 'keys/{key}', summary: 'Deletes a key', status: 200, data: 'deletedKey' },
  get_clock: { method: 'GET', route: 'clock', summary: 'The clock', status: 200, data: 'clock' },
  put_clock: {
    method: 'PUT',
    route: 'clock',
    summary: 'Sets, advances or restores the clock',
    body: 'clockBody',
    status: 200,
    data: 'clock',
  },
  get_sessions: {
    method: 'GET',
    route: 'sessions',
    summary: 'The live sessions (inside a session: the sessions it made)',
    status: 200,
    data: 'sessions',
    heavy: true,
    rootOnly: true,
  },
  post_sessions: {
    method: 'POST',
    route: 'sessions',
    summary:
      'A new session: a whole sandbox of its own at /sessions/{id}/ (inside a session: a child that inherits its mutation and ends with it; 409 sessions_full past --max-sessions or 4 deep)',
    body: 'sessionBody',
    status: 201,
    data: 'session',
    rootOnly: true,
    conflict: `sessions_full: as many sessions live as --max-sessions allows; ${MEMORY_FULL}`,
  },
  delete_sessions_session: {
    method: 'DELETE',
    route: 'sessions/{session}',
    summary: 'Ends a session and the sessions it made: every path under them answers 404 session_not_found from then on',
    status: 200,
    data: 'endedSession',
    rootOnly: true,
  },
} as const satisfies Readonly<Record<string, AdminOperation>>

/** The id of an admin operation: its OpenAPI `operationId`. */
export type AdminOperationId = keyof typeof ADMIN_OPERATIONS

/** The operations as a list, in the table's order. */
export const ADMIN_OPERATION_LIST: readonly (AdminOperation & { readonly id: AdminOperationId })[] = Object.entries(ADMIN_OPERATIONS).map(
  ([id, operation]) => ({ ...operation, id: id as AdminOperationId }),
)

/** What a route is, whatever the method: its operations by method, and its flags, from its operations. */
interface RouteEntry {
  readonly methods: Map<string, AdminOperationId>
  /** An operation here needs no admin token: then none here does (a wrong method learns its 405 without one). */
  open: boolean
  /** Its operations exist only at a server's root (the sessions). */
  rootOnly: boolean
}

/** Each route's entry, in the table's order of routes. */
const BY_ROUTE = new Map<string, RouteEntry>()
for (const operation of ADMIN_OPERATION_LIST) {
  let entry = BY_ROUTE.get(operation.route)
  if (entry === undefined) BY_ROUTE.set(operation.route, (entry = { methods: new Map(), open: false, rootOnly: false }))
  entry.methods.set(operation.method, operation.id)
  entry.open ||= operation.open === true
  entry.rootOnly ||= operation.rootOnly === true
}

/** Routes whose last segment is a parameter (`keys/{key}`), by what comes before it (`keys`). */
const PARAMETER_ROUTES: ReadonlyMap<string, string> = new Map(
  [...BY_ROUTE.keys()].flatMap((route) => (route.endsWith('}') ? [[route.slice(0, route.indexOf('/')), route] as const] : [])),
)

/** What an admin path (below `/__sandbox/`, no trailing slash) names: its route, the methods there, and the parameter. */
export interface AdminRoute {
  readonly route: string
  /** The operation of each method the route takes; `undefined` for a path that is no route. */
  readonly methods: ReadonlyMap<string, AdminOperationId> | undefined
  /** Whether the route is answered without the admin token (health). */
  readonly open: boolean
  /** Whether the route exists only at a server's root (the sessions). */
  readonly rootOnly: boolean
  /** The last segment where the route ends in a parameter (`keys/abc`: `abc`), else `''`. */
  readonly param: string
}

/**
 * The route of an admin path below `/__sandbox/` (a trailing slash ignored): `keys/abc` is route
 * `keys/{key}` with `abc`. The one matcher the router and the tests' self-check share.
 *
 * @example
 * matchAdminRoute('keys/sbx_user_alpha') // { route: 'keys/{key}', methods: Map { PATCH, DELETE }, param: 'sbx_user_alpha' }
 */
export function matchAdminRoute(path: string): AdminRoute {
  const trimmed = path.endsWith('/') ? path.slice(0, -1) : path
  const slash = trimmed.indexOf('/')
  const route = slash < 0 || trimmed.includes('/', slash + 1) ? undefined : PARAMETER_ROUTES.get(trimmed.slice(0, slash))
  const name = route ?? trimmed
  const entry = BY_ROUTE.get(name)
  return {
    route: name,
    methods: entry?.methods,
    open: entry?.open === true,
    rootOnly: entry?.rootOnly === true,
    param: route === undefined ? '' : trimmed.slice(slash + 1),
  }
}

/**
 * The operation a request is for, by its method and its path below `/__sandbox/`; `undefined`
 * for no operation.
 *
 * @example
 * findAdminOperation('PATCH', 'keys/sbx_user_alpha')?.route // 'keys/{key}'
 */
export function findAdminOperation(method: string, path: string): (AdminOperation & { readonly id: AdminOperationId }) | undefined {
  const id = matchAdminRoute(path).methods?.get(method)
  return id === undefined ? undefined : { ...ADMIN_OPERATIONS[id], id }
}

/**
 * The admin endpoints as the 404 of an unknown admin path lists them, from the table, so a new
 * operation is listed.
 *
 * @example
 * ADMIN_ENDPOINTS // 'GET health, GET scenarios, GET|PUT scenario, POST reset, GET|DELETE requests, GET coverage, …'
 */
export const ADMIN_ENDPOINTS = [...BY_ROUTE].map(([route, { methods }]) => `${[...methods.keys()].join('|')} ${route}`).join(', ')
