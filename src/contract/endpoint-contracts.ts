import { z } from 'zod'
import type { EndpointName } from '../vocabulary/endpoint-names.js'
import { ERRORS, type ErrorTemplate } from '../vocabulary/errors.js'
import { ENDPOINT_RULES, type EndpointRules } from '../vocabulary/endpoint-rules.js'
import { WARNING_TEMPLATES } from '../vocabulary/warnings.js'
import { MESSAGES } from '../vocabulary/messages.js'
import { BAD_REQUEST_CODES } from './scenario-schema.js'
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

/** A pattern for a message with a count, such as `Monitoring data retrieved successfully for <n> dates`. */
function countedMessage(message: (count: number) => string) {
  const [before, after] = message(Number.NaN).split('NaN') as [string, string]
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return z
    .string()
    .regex(new RegExp(`^${escape(before)}(0|[1-9][0-9]*)${escape(after)}$`))
    .meta({ description: `${before}<n>${after}: <n> is the number of dates in the range that have data (the length of the history)` })
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
    success: successEnvelopeSchema(monitoringDataSchema, countedMessage(MESSAGES.monitoring)).meta({ id: 'MonitoringResponse' }),
  },
  overview: {
    ...ENDPOINT_RULES.overview,
    summary: 'Overview analytics: current-day stats, brands, visibility and sentiment',
    description:
      'Current-day stats (the last date in the range that has data), brands by topic and by provider, the visibility score against the day before the range, and sentiment shares over the range. ' +
      'X-Project-ID is required for USER-level keys, optional for PROJECT-level keys.',
    query: analyticsQuerySchema,
    success: successEnvelopeSchema(overviewDataSchema, countedMessage(MESSAGES.overview)).meta({ id: 'OverviewResponse' }),
  },
}

const API_400S: readonly ErrorTemplate[] = Object.values(ERRORS).filter(
  (template: ErrorTemplate) => template.status === 400 && template.error !== undefined && BAD_REQUEST_CODES.includes(template.error),
)

/**
 * Errors any endpoint may answer with in the sandbox beyond its own: what a scenario forces (any of the
 * API's 400s, 401, 403, 404, 429, 503), an unknown `X-Sandbox-Scenario`, strict mode's warnings, and what the server answers
 * before routing (a request it cannot parse, a timeout, headers too large).
 *
 * @example
 * SANDBOX_ERRORS.includes(ERRORS.rateLimited) // true
 */
export const SANDBOX_ERRORS: readonly ErrorTemplate[] = [
  ...API_400S,
  ERRORS.unknownScenario,
  ...Object.values(WARNING_TEMPLATES),
  ERRORS.forbidden,
  ERRORS.notFound,
  ERRORS.requestTimeout,
  ERRORS.rateLimited,
  ERRORS.headersTooLarge,
  ERRORS.serviceUnavailable,
]

/**
 * Every error template `GET <endpoint>` may answer with at `status`: its own, 401, its own 500,
 * and the sandbox's ({@link SANDBOX_ERRORS}); own ones first.
 *
 * @example
 * errorTemplatesFor('monitoring', 400).map((template) => template.error) // ['missing_project_id', …]
 */
export function errorTemplatesFor(endpoint: EndpointName, status: number): readonly ErrorTemplate[] {
  const contract = ENDPOINT_CONTRACTS[endpoint]
  const all = [...contract.errors, ERRORS.unauthorized, contract.failure, ...SANDBOX_ERRORS]
  return [...new Set(all)].filter((template) => template.status === status)
}
