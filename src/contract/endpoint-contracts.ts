import { z } from 'zod'
import { type EndpointName, ENDPOINT_RULES, type EndpointRules, MESSAGES } from '../vocabulary/endpoint-rules.js'
import { ERRORS, type ErrorTemplate } from '../vocabulary/errors.js'
import { WARNING_TEMPLATES } from '../vocabulary/warnings.js'
import { BAD_REQUEST_CODES } from './scenario-schema.js'
import { strictModeErrors } from './strict-mode-errors.js'
import { successEnvelopeSchema } from './envelope-schemas.js'
import { analyticsQuerySchema } from './request-schemas.js'
import { apiKeyDetailsSchema, monitoringDataSchema, overviewDataSchema, projectsDataSchema } from './resource-schemas.js'

export type { ProjectHeaderRule } from '../vocabulary/endpoint-rules.js'

/**
 * One endpoint of the API as the contract states it: path, headers, query, the success envelope,
 * and the errors it answers with on its own (besides 401 and its own 500, which every endpoint has).
 *
 * @example
 * const contract: EndpointContract = ENDPOINT_CONTRACTS.monitoring
 * contract.errors.map((template) => template.error) // ['missing_project_id', …]
 */
export interface EndpointContract extends EndpointRules {
  readonly summary: string
  readonly description: string
  readonly query: typeof analyticsQuerySchema | undefined
  readonly success: z.ZodType
}

/**
 * A pattern for a message with a count, such as `Monitoring data retrieved successfully for <n> dates`,
 * described by what `<n>` is on that endpoint.
 */
function countedMessage(message: (count: number) => string, count: string) {
  const [before, after] = message(Number.NaN).split('NaN') as [string, string]
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return z
    .string()
    .regex(new RegExp(`^${escape(before)}(0|[1-9][0-9]*)${escape(after)}$`))
    .meta({ description: `${before}<n>${after}: <n> is the number of dates in the range that have data for the filters, ${count}` })
}

/**
 * The four endpoints' contracts, by name.
 *
 * @example
 * ENDPOINT_CONTRACTS.monitoring.success.safeParse(body).success
 */
export const ENDPOINT_CONTRACTS: Readonly<Record<EndpointName, EndpointContract>> = {
  validate: {
    ...ENDPOINT_RULES.validate,
    summary: 'Check that the key is valid and return its details',
    description: 'X-Project-ID is optional for every key level; when sent, access to that project is checked (400/403).',
    query: undefined,
    success: successEnvelopeSchema(apiKeyDetailsSchema, z.literal(MESSAGES.validate)).meta({ id: 'ValidateResponse' }),
  },
  projects: {
    ...ENDPOINT_RULES.projects,
    summary: 'List the projects the key can access',
    description:
      'A USER-level key lists every project of its account, a PROJECT-level key only its own. No pagination: `total` is the count returned. X-Project-ID is ignored.',
    query: undefined,
    success: successEnvelopeSchema(projectsDataSchema, z.literal(MESSAGES.projects)).meta({ id: 'ProjectsResponse' }),
  },
  monitoring: {
    ...ENDPOINT_RULES.monitoring,
    summary: 'Monitoring analytics with historical trends',
    description:
      'Brands by topic, the visibility score with its daily history, and the requested range against the same number of days just before it. ' +
      'X-Project-ID is required for USER-level keys, optional for PROJECT-level keys.',
    query: analyticsQuerySchema,
    success: successEnvelopeSchema(
      monitoringDataSchema,
      countedMessage(MESSAGES.monitoring, 'the length of `data.visibility_score.history`'),
    ).meta({ id: 'MonitoringResponse' }),
  },
  overview: {
    ...ENDPOINT_RULES.overview,
    summary: 'Overview analytics: current-day stats, brands, visibility and sentiment',
    description:
      'Current-day stats (the last date in the range that has data), brands by topic and by provider, the visibility score against the day before the range, and sentiment shares over the range. ' +
      'X-Project-ID is required for USER-level keys, optional for PROJECT-level keys.',
    query: analyticsQuerySchema,
    success: successEnvelopeSchema(
      overviewDataSchema,
      countedMessage(
        MESSAGES.overview,
        'the same count as on /monitoring for the same query (the length of its `visibility_score.history`; /overview itself has no history)',
      ),
    ).meta({ id: 'OverviewResponse' }),
  },
}

/** The API's 400s: the codes a scenario rule's `fail.error` may name. */
const API_400S: readonly ErrorTemplate[] = Object.values(ERRORS).filter(
  (template: ErrorTemplate) => template.status === 400 && template.error !== undefined && BAD_REQUEST_CODES.includes(template.error),
)

/**
 * The fixed bodies of what the sandbox answers on any endpoint: a status a scenario rule forces
 * (400 `bad_request` unless the rule names another code, 403, 404, 429, 503; its 401 and 500 are
 * the endpoint's own), an unknown `X-Sandbox-Scenario`, and what the server answers before it
 * knows the route (a request it cannot parse, a timeout, headers too large).
 */
const SANDBOX_ANSWERS: readonly ErrorTemplate[] = [
  ERRORS.badRequest,
  ERRORS.unknownScenario,
  ERRORS.forbidden,
  ERRORS.notFound,
  ERRORS.requestTimeout,
  ERRORS.rateLimited,
  ERRORS.headersTooLarge,
  ERRORS.serviceUnavailable,
]

/**
 * Errors any endpoint may answer with in the sandbox beyond its own: its fixed answers
 * ({@link SANDBOX_ANSWERS}), and also any of the API's 400s (which a scenario rule may name) and
 * strict mode's warnings.
 *
 * @example
 * SANDBOX_ERRORS.includes(ERRORS.rateLimited) // true
 */
export const SANDBOX_ERRORS: readonly ErrorTemplate[] = [...new Set([...API_400S, ...SANDBOX_ANSWERS, ...Object.values(WARNING_TEMPLATES)])]

/**
 * Every error template `GET <endpoint>` may answer with at `status`: its own, 401, its own 500,
 * and the sandbox's ({@link SANDBOX_ERRORS}); own ones first. What `checkResponse` accepts: it
 * includes the API 400s a scenario rule's `fail.error` may name on any endpoint, and every
 * strict-mode code; {@link errorTemplatesSent} is what the endpoint answers by itself.
 *
 * @example
 * errorTemplatesFor('monitoring', 400).map((template) => template.error) // ['missing_project_id', …]
 */
export function errorTemplatesFor(endpoint: EndpointName, status: number): readonly ErrorTemplate[] {
  const contract = ENDPOINT_CONTRACTS[endpoint]
  const all = [...contract.errors, ERRORS.unauthorized, contract.failure, ...SANDBOX_ERRORS]
  return [...new Set(all)].filter((template) => template.status === status)
}

/**
 * The error templates `GET <endpoint>` answers with at `status` by itself, own ones first: its
 * guards', 401, its own 500, the sandbox's fixed answers ({@link SANDBOX_ANSWERS}) and the
 * strict-mode 400s a request to it can get ({@link strictModeErrors}). Not the other API 400s a
 * scenario rule's `fail.error` may name (`missing_project_id` on /validate): the rule's author
 * asks for those by name. The OpenAPI document lists these.
 *
 * @example
 * errorTemplatesSent('validate', 400).map((template) => template.error)
 * // ['invalid_project_id', 'bad_request', 'unknown_scenario', 'unknown_parameter', 'ignored_parameter', 'body_on_get', 'key_in_query']
 */
export function errorTemplatesSent(endpoint: EndpointName, status: number): readonly ErrorTemplate[] {
  const contract = ENDPOINT_CONTRACTS[endpoint]
  const all = [...contract.errors, ERRORS.unauthorized, contract.failure, ...SANDBOX_ANSWERS, ...strictModeErrors(contract)]
  return [...new Set(all)].filter((template) => template.status === status)
}

/**
 * The API 400s a scenario rule's `fail.error` may name that `GET <endpoint>` never answers by
 * itself: a body it gives only when a rule asks for that code.
 *
 * @example
 * namedOnlyByRules('validate').map((template) => template.error) // ['missing_project_id', 'invalid_date', …]
 */
export function namedOnlyByRules(endpoint: EndpointName): readonly ErrorTemplate[] {
  const sent = new Set(errorTemplatesSent(endpoint, 400))
  return API_400S.filter((template) => !sent.has(template))
}
