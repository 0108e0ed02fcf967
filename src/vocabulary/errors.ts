import { LIMITS } from './limits.js'
import { PROCESS_BUDGET_BYTES } from './memory-budget.js'
import { PROVIDERS } from './providers.js'

/**
 * `count` with a comma between thousands (`20,000`), as `toLocaleString('en-US')` writes it, without
 * its cost: the first call of that sets up ICU's number formats, 20 ms of every start.
 */
function groupThousands(count: number): string {
  return String(count).replace(/\B(?=(\d{3})+$)/g, ',')
}

/**
 * Every error the sandbox answers with, as a template: HTTP status, `errors.error` code, `message`,
 * and the default `errors.detail`. Responses are built only from these (see `fail`), and tests import
 * them instead of repeating strings. Texts the spec gives are used to the letter; the rest fill its
 * gaps as README.md documents.
 *
 * @example
 * const template: ErrorTemplate = ERRORS.forbidden // { status: 403, error: 'forbidden', … }
 */
export interface ErrorTemplate {
  readonly status: number
  /** `errors.error`; absent for 500s, whose `errors` is an empty object. */
  readonly error?: string
  readonly message: string
  /** Default `errors.detail`; a guard may pass a more specific one. */
  readonly detail?: string
}

/**
 * The error catalogue.
 *
 * @example
 * import { ERRORS } from 'analytics-sandbox'
 * expect(body.errors.error).toBe(ERRORS.missingProjectId.error)
 */
export const ERRORS = {
  notFound: {
    status: 404,
    error: 'not_found',
    message: 'Not found',
    detail: 'No such endpoint. The endpoints are GET /api/v1/validate, /api/v1/projects, /api/v1/monitoring and /api/v1/overview',
  },
  methodNotAllowed: {
    status: 405,
    error: 'method_not_allowed',
    message: 'Method not allowed',
    detail: 'Every endpoint of this API accepts GET only',
  },
  unauthorized: {
    status: 401,
    error: 'unauthorized',
    message: 'Invalid API key',
    detail: 'The API key is invalid or has expired',
  },
  missingProjectId: {
    status: 400,
    error: 'missing_project_id',
    message: 'X-Project-ID header is required for USER-level API keys',
    detail: 'Send the id of one of your projects in the X-Project-ID header; GET /projects lists them',
  },
  invalidProjectId: {
    status: 400,
    error: 'invalid_project_id',
    message: 'Invalid X-Project-ID header',
    detail: 'X-Project-ID must be a positive integer, such as 101',
  },
  forbidden: {
    status: 403,
    error: 'forbidden',
    message: 'You do not have access to this project',
    detail: 'The API key has no access to the project given in X-Project-ID',
  },
  invalidDate: {
    status: 400,
    error: 'invalid_date',
    message: 'Invalid date',
    detail: 'Dates must be calendar dates in YYYY-MM-DD format',
  },
  invalidDateRange: {
    status: 400,
    error: 'invalid_date_range',
    message: 'Invalid date range',
    detail: 'end_date must not be before start_date',
  },
  dateRangeTooLarge: {
    status: 400,
    error: 'date_range_too_large',
    message: 'Date range too large',
    detail: `The date range may cover at most ${LIMITS.rangeDays} days`,
  },
  invalidProvider: {
    status: 400,
    error: 'invalid_provider',
    message: 'Invalid provider',
    detail: `provider must be one of: ${PROVIDERS.join(', ')}`,
  },
  invalidRegion: {
    status: 400,
    error: 'invalid_region',
    message: 'Invalid region',
    detail: 'region must be an ISO 3166-1 alpha-2 country code, such as US',
  },
  badRequest: {
    status: 400,
    error: 'bad_request',
    message: 'Bad request',
    detail: 'The request could not be processed',
  },
  rateLimited: {
    status: 429,
    error: 'rate_limited',
    message: 'Too many requests',
    detail: 'Rate limit exceeded; retry after the number of seconds in the Retry-After header',
  },
  serviceUnavailable: {
    status: 503,
    error: 'service_unavailable',
    message: 'Service temporarily unavailable',
    detail: 'Retry after the number of seconds in the Retry-After header',
  },
  unknownScenario: {
    status: 400,
    error: 'unknown_scenario',
    message: 'Unknown scenario',
  },
  invalidBody: {
    status: 400,
    error: 'invalid_body',
    message: 'Invalid request body',
  },
  payloadTooLarge: {
    status: 413,
    error: 'payload_too_large',
    message: 'Request body too large',
    detail: `The admin API accepts bodies of at most ${LIMITS.adminBodyBytes / 1024} KiB`,
  },
  headersTooLarge: {
    status: 431,
    error: 'request_header_fields_too_large',
    message: 'Request headers too large',
    detail: 'The request line (its path and query included) and headers may be at most 16 KiB together',
  },
  requestTimeout: {
    status: 408,
    error: 'request_timeout',
    message: 'Request timeout',
    detail: 'The request was not received in time',
  },
  adminTokenRequired: {
    status: 401,
    error: 'admin_token_required',
    message: 'Admin token required',
    detail: "Send the sandbox's admin token in the X-Sandbox-Admin-Token header (the banner says where it comes from)",
  },
  portalFull: {
    status: 409,
    error: 'portal_full',
    message: 'The sandbox holds as many records as it may',
    detail: `The portal makes at most ${groupThousands(LIMITS.portalRecords)} records (users, projects, keys), of at most ${LIMITS.portalBytes / 1024 / 1024} MiB as JSON (a change counts like a creation), between two resets: POST /__sandbox/reset starts over`,
  },
  memoryFull: {
    status: 409,
    error: 'memory_full',
    message: 'The sandbox process holds as much as it may',
    detail: `Every sandbox of this process together (its root and all sessions) holds at most ${PROCESS_BUDGET_BYTES / 1024 / 1024} MiB of what callers made (portal records, journals, scenario definitions, sessions): end sessions (DELETE /__sandbox/sessions/{id}) or reset (POST /__sandbox/reset)`,
  },
  sessionNotFound: {
    status: 404,
    error: 'session_not_found',
    message: 'Session not found',
    detail: 'No session has this id: it was never made, was ended (DELETE), or went unused past its time-to-live',
  },
  sessionsFull: {
    status: 409,
    error: 'sessions_full',
    message: 'The sandbox holds as many sessions as it may',
    detail: 'End a session (DELETE /__sandbox/sessions/{id}) or wait for an unused one to expire (--max-sessions, --session-ttl)',
  },
  expectationFailed: {
    status: 409,
    error: 'expectation_failed',
    message: 'The expectation was not met',
    detail: 'errors.differences says what differed, errors.entries lists the requests judged',
  },
  keyTaken: {
    status: 409,
    error: 'key_taken',
    message: 'Key taken',
    detail: 'Another key has this text: choose another, or leave key out to have one made up',
  },
  forbiddenOrigin: {
    status: 403,
    error: 'forbidden_origin',
    message: 'Forbidden origin',
    detail:
      "The admin API answers only the sandbox's own tools and dashboard: a request from another origin (a web page elsewhere) is refused",
  },
  // Strict mode's 400s: requests the API would answer, but probably not as the client meant.
  unknownParameter: { status: 400, error: 'unknown_parameter', message: 'Unknown query parameter (strict mode)' },
  ignoredParameter: { status: 400, error: 'ignored_parameter', message: 'Query parameter this endpoint ignores (strict mode)' },
  repeatedParameter: { status: 400, error: 'repeated_parameter', message: 'Query parameter given more than once (strict mode)' },
  ignoredProjectId: { status: 400, error: 'ignored_project_id', message: 'X-Project-ID this endpoint ignores (strict mode)' },
  bodyOnGet: { status: 400, error: 'body_on_get', message: 'A body on a GET request (strict mode)' },
  keyInQuery: { status: 400, error: 'key_in_query', message: 'API key in the query string (strict mode)' },
  validateFailed: { status: 500, message: 'Failed to validate API key' },
  projectsFailed: { status: 500, message: 'Failed to retrieve projects' },
  monitoringFailed: { status: 500, message: 'Failed to retrieve monitoring data' },
  overviewFailed: { status: 500, message: 'Failed to retrieve overview data' },
  internal: { status: 500, message: 'Internal sandbox error' },
} as const satisfies Record<string, ErrorTemplate>
