import { LIMITS } from '../vocabulary/limits.js'
import type { ERRORS } from '../vocabulary/errors.js'

/**
 * When each error of {@link ERRORS} is answered: the text the OpenAPI document and `verify` show.
 *
 * @example
 * ERROR_CONDITIONS.forbidden // 'The key has no access to the project given in X-Project-ID …'
 */
export const ERROR_CONDITIONS: Readonly<Record<keyof typeof ERRORS, string>> = {
  notFound: 'No endpoint at this path',
  methodNotAllowed: 'A method other than GET on an endpoint’s path, or CONNECT anywhere (with `Allow: GET`)',
  unauthorized: 'The API key is missing, unknown, expired or revoked',
  missingProjectId: 'A USER-level key sent no X-Project-ID to /monitoring or /overview',
  invalidProjectId: 'X-Project-ID is not a positive integer written plainly',
  forbidden: 'The key has no access to the project given in X-Project-ID (or it does not exist)',
  invalidDate: 'start_date or end_date is malformed or impossible, or given twice (detail names it)',
  invalidDateRange: 'end_date is before start_date',
  dateRangeTooLarge: `The range covers more than ${LIMITS.rangeDays} days`,
  invalidProvider: 'provider is not one of the known ids (detail lists them)',
  invalidRegion: 'region is not an ISO 3166-1 alpha-2 code',
  badRequest: 'A request the server cannot parse, or a 400 a scenario forces',
  rateLimited: 'Sandbox extension: a rate-limit scenario is exceeded (Retry-After says when to retry)',
  serviceUnavailable: 'Sandbox extension: a scenario makes the service unavailable (Retry-After)',
  unknownScenario: 'Sandbox extension: X-Sandbox-Scenario (or the admin API) names an unknown scenario',
  invalidBody: 'Admin API: the request body is not what the operation takes',
  payloadTooLarge: `Admin API: the request body is over ${LIMITS.adminBodyBytes / 1024} KiB`,
  headersTooLarge: 'The request line (path and query) and headers are over 16 KiB together',
  requestTimeout: 'The request was not received in time',
  portalFull: 'Admin API: the portal has made as many records, or as many bytes of records, as it may between two resets',
  memoryFull:
    'Admin API: an operation that would take the sandboxes of the process (root and sessions) together past the process memory budget',
  keyTaken: 'Admin API: POST keys chose a key text another key has',
  expectationFailed: 'Admin API: POST expect, the requests in the journal differ from what the test expects',
  sessionNotFound: 'Any path under /sessions/{id}/ whose session does not exist (never made, ended, or expired)',
  sessionsFull: 'Admin API: POST sessions with as many live sessions as --max-sessions',
  unknownParameter: 'Strict mode: a query parameter no endpoint reads (did-you-mean in the detail)',
  ignoredParameter: 'Strict mode: a query parameter this endpoint does not read (another one does)',
  repeatedParameter: 'Strict mode: a query parameter given more than once where the API does not refuse it',
  ignoredProjectId: 'Strict mode: X-Project-ID sent to /projects, which ignores it',
  bodyOnGet: 'Strict mode: a GET request with a body',
  keyInQuery: 'Strict mode: the API key in the query string instead of X-API-Key',
  adminTokenRequired: 'Admin API: the admin token is required and missing or wrong',
  forbiddenOrigin:
    'Admin API: the request comes from a web page of another origin (its Origin is not the sandbox’s own), or, on a sandbox bound to loopback, names a Host that is not loopback',
  validateFailed: 'Server failure on /validate (a scenario forces it)',
  projectsFailed: 'Server failure on /projects (a scenario forces it)',
  monitoringFailed: 'Server failure on /monitoring (a scenario forces it)',
  overviewFailed: 'Server failure on /overview (a scenario forces it)',
  internal: 'An unexpected sandbox failure outside the endpoints',
}
