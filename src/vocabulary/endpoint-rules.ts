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
 * What an endpoint reads and refuses, and what it says on success, without a schema: the one table
 * the contract (its zod schemas and OpenAPI document), the request core and the client report all
 * build on.
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
  /** Its success message; an analytics endpoint's counts its dates, in the spec's `<n> dates` shape. */
  readonly message: string | ((dates: number) => string)
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

/** The rows, in the API's order; adding an endpoint starts with its row here. */
const ROWS = {
  validate: {
    projectHeader: 'optional',
    parameters: [],
    analytics: false,
    failure: ERRORS.validateFailed,
    errors: [ERRORS.invalidProjectId, ERRORS.forbidden],
    message: 'API key is valid',
  },
  projects: {
    projectHeader: 'ignored',
    parameters: [],
    analytics: false,
    failure: ERRORS.projectsFailed,
    errors: [],
    message: 'Projects retrieved successfully',
  },
  monitoring: {
    projectHeader: 'required for USER keys',
    parameters: ANALYTICS_PARAMETERS,
    analytics: true,
    failure: ERRORS.monitoringFailed,
    errors: ANALYTICS_GUARD_ERRORS,
    message: (dates: number) => `Monitoring data retrieved successfully for ${dates} dates`,
  },
  overview: {
    projectHeader: 'required for USER keys',
    parameters: ANALYTICS_PARAMETERS,
    analytics: true,
    failure: ERRORS.overviewFailed,
    errors: ANALYTICS_GUARD_ERRORS,
    message: (dates: number) => `Overview data retrieved successfully for ${dates} dates`,
  },
} as const satisfies Record<string, Omit<EndpointRules, 'name'>>

/** One endpoint's name, the last segment of its path. */
export type EndpointName = keyof typeof ROWS

/**
 * The API's four endpoints, in the API's order: the routes, the contract, scenario rules and
 * `verify` all read them from here.
 *
 * @example
 * ENDPOINT_NAMES.map((name) => `/api/v1/${name}`) // ['/api/v1/validate', '/api/v1/projects', …]
 */
export const ENDPOINT_NAMES = Object.keys(ROWS) as [EndpointName, ...EndpointName[]]

/**
 * The four endpoints' rules, by name.
 *
 * @example
 * ENDPOINT_RULES.validate.errors.map((template) => template.error) // ['invalid_project_id', 'forbidden']
 */
export const ENDPOINT_RULES: Readonly<Record<EndpointName, EndpointRules>> = Object.fromEntries(
  ENDPOINT_NAMES.map((name): [EndpointName, EndpointRules] => [name, { name, ...ROWS[name] }]),
) as Record<EndpointName, EndpointRules>

/**
 * Success messages, as constants tests import. The `<n> dates` shapes are the spec's own.
 *
 * @example
 * MESSAGES.monitoring(30) // 'Monitoring data retrieved successfully for 30 dates'
 */
export const MESSAGES = Object.fromEntries(ENDPOINT_NAMES.map((name) => [name, ROWS[name].message])) as {
  readonly [Name in EndpointName]: (typeof ROWS)[Name]['message']
}
