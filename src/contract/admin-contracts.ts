import { z } from 'zod'
import { LIMITS } from '../vocabulary/limits.js'
import { scenarioSchema } from './scenario-schema.js'
import { SCENARIO_NAME } from '../vocabulary/scenario-name.js'
import { sessionBodySchema, sessionViewSchema } from './session-schemas.js'
import { ENDPOINT_NAMES } from '../vocabulary/endpoint-names.js'
import { WARNING_TEMPLATES } from '../vocabulary/warnings.js'

const WARNING_CODES = Object.values(WARNING_TEMPLATES).map((template) => template.error) as [string, ...string[]]

/** A text query parameter of 1 to `chars` characters. */
const text = (chars: number) => z.string().min(1).max(chars)
import {
  accountBodySchema,
  accountViewSchema,
  clockBodySchema,
  clockViewSchema,
  keyBodySchema,
  keyPatchSchema,
  keyViewSchema,
  projectBodySchema,
  projectPatchSchema,
  projectViewSchema,
} from './portal-schemas.js'

const emptyObject = z.strictObject({})
const names = z.array(z.string()).describe('Scenario names, in the order they apply')

/** `GET health`. */
export const healthDataSchema = z
  .strictObject({
    status: z.literal('ok'),
    today: z.string().describe("The clock's today, YYYY-MM-DD"),
    seed: z.int(),
    active_scenarios: names,
    requests: z.int().min(0).describe('Requests recorded in the journal since the start or the last clear'),
    log: z
      .strictObject({ written: z.int().min(0), dropped: z.int().min(0) })
      .optional()
      .describe('The request log (standalone process)'),
  })
  .meta({ id: 'Health', description: 'The sandbox is up' })

/** `GET scenarios`. */
export const scenariosDataSchema = z
  .strictObject({
    scenarios: z.array(
      z.strictObject({ name: z.string(), description: z.string(), source: z.string(), active: z.boolean() }).meta({ id: 'ScenarioEntry' }),
    ),
    active: names,
  })
  .meta({ id: 'Scenarios', description: 'The catalogue: built-in scenarios and those from files or the admin API' })

/** A warning: a request the real API would answer, but probably not as the client meant. */
const warningSchema = z
  .strictObject({
    code: z.enum(WARNING_CODES).describe('Also the errors.error strict mode answers with'),
    detail: z.string(),
  })
  .meta({ id: 'Warning' })

/** One journal entry. */
export const journalEntrySchema = z
  .strictObject({
    id: z.int().min(1),
    time: z.string().describe('When it was answered, ISO 8601 UTC (the real time)'),
    method: z.string(),
    path: z.string(),
    query: z.string().describe('The query string without its ?, secret-like values masked'),
    status: z.int(),
    key: z.string().nullable().describe('The API key, masked'),
    project_id: z.string().nullable().describe('X-Project-ID as sent (masked if it is a key)'),
    scenarios: names,
    error: z.string().nullable().describe("The answer's errors.error, when it has one"),
    cut: z
      .boolean()
      .describe(
        `Whether path and query were cut: the journal keeps ${LIMITS.journalTextChars} characters of them together, the cut marked with …`,
      ),
    warnings: z.array(warningSchema).describe('What the request probably got wrong (also sent as X-Sandbox-Warning lines)'),
  })
  .meta({ id: 'JournalEntry', description: 'One answered API request; any key the sandbox knows is masked wherever the request put it' })

/** `GET requests`. */
export const requestsDataSchema = z
  .strictObject({
    requests: z.array(journalEntrySchema),
    recorded: z.int().min(0),
    capacity: z.int().min(1),
    more: z.boolean().describe('With since: whether later entries remain to read'),
  })
  .meta({ id: 'Requests', description: 'The request journal, oldest first' })

const exampleSchema = z
  .strictObject({
    method: z.literal('GET'),
    path: z.string().describe('Below the base URL, such as monitoring'),
    query: z.record(z.string(), z.string()),
    headers: z.record(z.string(), z.string()).describe('Documented keys; X-Sandbox-Scenario where only a scenario gives the outcome'),
  })
  .meta({ id: 'OutcomeExample', description: 'A request that produces the outcome, relative to the base URL' })

/** `GET coverage`: the client report. */
export const coverageDataSchema = z
  .strictObject({
    total: z.int().min(1),
    covered: z.int().min(0),
    percent: z.number().min(0).max(100).describe('covered / total × 100, to one decimal'),
    outcomes: z.array(
      z
        .strictObject({
          id: z.string(),
          endpoint: z.enum(ENDPOINT_NAMES),
          status: z.int(),
          error: z.string().nullable().describe('errors.error; null for a success and a 500'),
          key_level: z.enum(['USER', 'PROJECT']).nullable().describe('For a success: the key level; null where it does not matter'),
          dates: z.enum(['some', 'none']).nullable().describe('For an analytics success: whether the range had dates with data'),
          description: z.string(),
          scenario: z.string().nullable().describe('The built-in scenario its example uses, where one is needed'),
          seen: z.int().min(0).describe('How many answers met it'),
          example: exampleSchema,
        })
        .meta({ id: 'Outcome' }),
    ),
    warnings: z.array(
      z
        .strictObject({
          code: z.enum(WARNING_CODES),
          count: z.int().min(1),
          detail: z.string().describe('The first such warning'),
          request_id: z.int().min(1).describe('The journal id of the first request that got it'),
        })
        .meta({ id: 'WarningCount' }),
    ),
  })
  .meta({ id: 'Coverage', description: 'The client report' })

/** What `PUT scenario` takes. */
export const scenarioBodySchema = z
  .strictObject({
    scenarios: z
      .array(
        z.union([
          z
            .string()
            .regex(SCENARIO_NAME)
            .describe('The name of a scenario in the catalogue (GET /__sandbox/scenarios); another name is 400 unknown_scenario'),
          scenarioSchema.omit({ $schema: true }),
        ]),
      )
      .max(LIMITS.bodyArrayItems),
  })
  .meta({ id: 'ScenarioBody', description: 'Scenarios to put in force: built-in names or definitions in the scenario file format' })

/** `data` of the scenario operations and of the reset. */
export const activeDataSchema = z.strictObject({ active: names }).meta({ id: 'ActiveScenarios' })

/** One operation of the admin API: where, what it takes, what it answers on success. */
export interface AdminOperation {
  readonly method: 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE'
  /** Below `/__sandbox/`; `{id}` and `{key}` stand for the last segment. */
  readonly route: string
  readonly summary: string
  readonly body?: z.ZodType
  /** Query parameters, by name: what each means and takes. */
  readonly query?: Readonly<Record<string, z.ZodType>>
  readonly status: 200 | 201
  /** `data` of the success envelope; `undefined` for the OpenAPI documents, which are not in the envelope. */
  readonly data: z.ZodType | undefined
}

/**
 * Every operation of the admin API, the source of its OpenAPI document and of the self-check of its
 * answers in the tests.
 *
 * @example
 * ADMIN_OPERATIONS.find((operation) => operation.route === 'clock' && operation.method === 'PUT')?.body
 */
export const ADMIN_OPERATIONS: readonly AdminOperation[] = [
  { method: 'GET', route: 'health', summary: 'Whether the sandbox is up (no admin token needed)', status: 200, data: healthDataSchema },
  { method: 'GET', route: 'scenarios', summary: 'The scenario catalogue', status: 200, data: scenariosDataSchema },
  { method: 'GET', route: 'scenario', summary: 'The scenarios in force', status: 200, data: activeDataSchema },
  {
    method: 'PUT',
    route: 'scenario',
    summary: 'Puts scenarios in force (an unknown name: 400, nothing changes)',
    body: scenarioBodySchema,
    status: 200,
    data: activeDataSchema,
  },
  { method: 'POST', route: 'reset', summary: 'Back to the start state', status: 200, data: activeDataSchema },
  {
    method: 'GET',
    route: 'requests',
    summary: 'The request journal, filtered (every filter given must match)',
    query: {
      key: text(LIMITS.journalTextChars).describe('The whole API key the request sent'),
      status: z.int().min(100).max(599).describe('The answer’s HTTP status'),
      path: text(LIMITS.journalTextChars).describe(
        'The request path as the journal shows it (whole, keys masked), such as /api/v1/monitoring',
      ),
      since: z.int().min(0).max(Number.MAX_SAFE_INTEGER).describe('A journal id: only later entries, oldest first'),
      limit: z.int().min(1).max(LIMITS.journalEntries).describe('At most this many entries (default 100)'),
      source: z.enum(['clients', 'dashboard']).describe("Whose requests: the clients' (default) or the dashboard's own, kept apart"),
    },
    status: 200,
    data: requestsDataSchema,
  },
  { method: 'DELETE', route: 'requests', summary: 'Empties the request journal', status: 200, data: emptyObject },
  {
    method: 'GET',
    route: 'coverage',
    summary: 'The client report: which outcomes of the API the requests met, each with a request that produces it, and the warnings',
    query: {
      scope: z
        .enum(['reset', 'suite'])
        .describe(
          'reset (default): since the last reset; suite: since the start, across resets, at the root every session included, ended ones too',
        ),
    },
    status: 200,
    data: coverageDataSchema,
  },
  { method: 'GET', route: 'openapi.json', summary: 'The OpenAPI document of the public API', status: 200, data: undefined },
  { method: 'GET', route: 'admin-openapi.json', summary: 'This document', status: 200, data: undefined },
  {
    method: 'POST',
    route: 'accounts',
    summary: 'A new account: a user, a USER key, its projects and one PROJECT key each',
    body: accountBodySchema,
    status: 201,
    data: accountViewSchema,
  },
  { method: 'POST', route: 'projects', summary: 'A new project', body: projectBodySchema, status: 201, data: projectViewSchema },
  { method: 'PATCH', route: 'projects/{id}', summary: 'Changes a project', body: projectPatchSchema, status: 200, data: projectViewSchema },
  {
    method: 'DELETE',
    route: 'projects/{id}',
    summary: 'Deletes a project and its PROJECT keys',
    status: 200,
    data: z.strictObject({ id: z.int() }),
  },
  {
    method: 'GET',
    route: 'keys',
    summary: `Keys with their state at the clock's now, in the order made: a page of ${LIMITS.keysPage} at most (the default), \`total\` counts all`,
    query: {
      user_id: z.int().min(1).max(Number.MAX_SAFE_INTEGER).describe('Only this account’s keys'),
      offset: z.int().min(0).max(Number.MAX_SAFE_INTEGER).describe('Skip this many (default 0): the previous page’s next_offset'),
      limit: z.int().min(1).max(LIMITS.keysPage).describe(`At most this many (default ${LIMITS.keysPage})`),
    },
    status: 200,
    data: z
      .strictObject({
        keys: z.array(keyViewSchema),
        total: z.int().min(0),
        next_offset: z.int().min(0).nullable().describe('The offset of the next page, or null after the last'),
      })
      .meta({ id: 'Keys' }),
  },
  { method: 'POST', route: 'keys', summary: 'A new key', body: keyBodySchema, status: 201, data: keyViewSchema },
  {
    method: 'PATCH',
    route: 'keys/{key}',
    summary: 'Changes a key’s expiry or name, or revokes it (final)',
    body: keyPatchSchema,
    status: 200,
    data: keyViewSchema,
  },
  { method: 'DELETE', route: 'keys/{key}', summary: 'Deletes a key', status: 200, data: z.strictObject({ key: z.string() }) },
  { method: 'GET', route: 'clock', summary: 'The clock', status: 200, data: clockViewSchema },
  {
    method: 'GET',
    route: 'sessions',
    summary: 'The live sessions (root only)',
    status: 200,
    data: z.strictObject({ sessions: z.array(sessionViewSchema) }).meta({ id: 'Sessions' }),
  },
  {
    method: 'POST',
    route: 'sessions',
    summary: 'A new session: a whole sandbox of its own at /sessions/{id}/ (root only; 409 sessions_full past --max-sessions)',
    body: sessionBodySchema,
    status: 201,
    data: sessionViewSchema,
  },
  {
    method: 'DELETE',
    route: 'sessions/{session}',
    summary: 'Ends a session: every path under it answers 404 session_not_found from then on',
    status: 200,
    data: z.strictObject({ id: z.string() }),
  },
  {
    method: 'PUT',
    route: 'clock',
    summary: 'Sets, advances or restores the clock',
    body: clockBodySchema,
    status: 200,
    data: clockViewSchema,
  },
]

/**
 * The admin API's error envelope: the API's, plus `errors.fields` listing a body's mistakes.
 *
 * @example
 * adminErrorEnvelopeSchema.parse(body).errors.fields?.[0]?.field
 */
export const adminErrorEnvelopeSchema = z
  .strictObject({
    success: z.literal(false),
    message: z.string(),
    code: z.int().min(400).max(599),
    data: emptyObject,
    errors: z.strictObject({
      error: z.string().optional(),
      detail: z.string().optional(),
      fields: z
        .array(z.strictObject({ field: z.string(), message: z.string() }))
        .optional()
        .describe("A body's mistakes, each with its field"),
    }),
    meta_data: emptyObject,
  })
  .meta({ id: 'AdminError', description: 'An admin API error' })

/**
 * The success envelope of `operation`: its status as `code`, its `data`.
 */
export function adminSuccessSchema(operation: AdminOperation) {
  return z.strictObject({
    success: z.literal(true),
    message: z.string(),
    code: z.literal(operation.status),
    data: operation.data ?? emptyObject,
    errors: emptyObject,
    meta_data: emptyObject,
  })
}

/** The parameter the last segment of a path names, by what comes before it. */
const PATH_PARAMETERS: Readonly<Record<string, string>> = { keys: '{key}', sessions: '{session}' }

/**
 * The operation a request is for: its method and its path below `/__sandbox/` (`keys/sbx_x` is
 * `keys/{key}`); `undefined` for no operation.
 *
 * @example
 * findAdminOperation('PATCH', 'keys/sbx_user_alpha')?.route // 'keys/{key}'
 */
export function findAdminOperation(method: string, path: string): AdminOperation | undefined {
  const trimmed = path.replace(/\/$/, '')
  const slash = trimmed.indexOf('/')
  const prefix = trimmed.slice(0, slash)
  const route = slash < 0 ? trimmed : `${prefix}/${PATH_PARAMETERS[prefix] ?? '{id}'}`
  return ADMIN_OPERATIONS.find((operation) => operation.method === method && operation.route === route)
}
