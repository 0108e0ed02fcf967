import type { EndpointName } from './endpoint-names.js'
import { ERRORS, type ErrorTemplate } from './errors.js'

/**
 * How an endpoint treats `X-Project-ID`.
 *
 * @example
 * ENDPOINT_RULES.projects.projectHeader // 'ignored'
 */
export type ProjectHeaderRule = 'optional' | 'required for USER keys' | 'ignored'

/** The query parameters `/monitoring` and `/overview` read. */
export const ANALYTICS_PARAMETERS = ['start_date', 'end_date', 'region', 'provider'] as const

/**
 * What an endpoint reads and refuses, without a schema: the one table the contract (its zod
 * schemas and OpenAPI document), the request core and the client report all build on.
 *
 * @example
 * ENDPOINT_RULES.monitoring.parameters // ['start_date', 'end_date', 'region', 'provider']
 */
export interface EndpointRules {
  readonly name: EndpointName
  readonly projectHeader: ProjectHeaderRule
  /** The query parameters it reads; any other is ignored, as the API ignores it. */
  readonly parameters: readonly string[]
  /** Whether its success carries analytics, so it can have data or 0 dates. */
  readonly analytics: boolean
  /** The endpoint's own 500. */
  readonly failure: ErrorTemplate
  /** 400s and 403s the endpoint's guards answer with (besides 401 and its own 500, which every endpoint has). */
  readonly errors: readonly ErrorTemplate[]
}

const ANALYTICS_GUARD_ERRORS = [
  ERRORS.missingProjectId,
  ERRORS.invalidProjectId,
  ERRORS.forbidden,
  ERRORS.invalidDate,
  ERRORS.invalidDateRange,
  ERRORS.dateRangeTooLarge,
  ERRORS.invalidProvider,
  ERRORS.invalidRegion,
]

/**
 * The four endpoints' rules, by name.
 *
 * @example
 * ENDPOINT_RULES.validate.errors.map((template) => template.error) // ['invalid_project_id', 'forbidden']
 */
export const ENDPOINT_RULES: Readonly<Record<EndpointName, EndpointRules>> = {
  validate: {
    name: 'validate',
    projectHeader: 'optional',
    parameters: [],
    analytics: false,
    failure: ERRORS.validateFailed,
    errors: [ERRORS.invalidProjectId, ERRORS.forbidden],
  },
  projects: { name: 'projects', projectHeader: 'ignored', parameters: [], analytics: false, failure: ERRORS.projectsFailed, errors: [] },
  monitoring: {
    name: 'monitoring',
    projectHeader: 'required for USER keys',
    parameters: ANALYTICS_PARAMETERS,
    analytics: true,
    failure: ERRORS.monitoringFailed,
    errors: ANALYTICS_GUARD_ERRORS,
  },
  overview: {
    name: 'overview',
    projectHeader: 'required for USER keys',
    parameters: ANALYTICS_PARAMETERS,
    analytics: true,
    failure: ERRORS.overviewFailed,
    errors: ANALYTICS_GUARD_ERRORS,
  },
}
