import type { KeyLevel } from '../../vocabulary/key-level.js'
import { type EndpointName, ENDPOINT_RULES } from '../../vocabulary/endpoint-rules.js'
import { ERRORS, type ErrorTemplate } from '../../vocabulary/errors.js'

/** Whether an analytics success had days with data in its range. */
export type DatesKind = 'some' | 'none'

/**
 * A request that produces an outcome: relative to the API's base URL, with the documented keys
 * (and `X-Sandbox-Scenario` where only a scenario gives the outcome). Each is independent: none
 * relies on a counter another used, so replaying them all once, in any order, meets every outcome.
 *
 * @example
 * const { method, path, query, headers }: OutcomeExample = outcome.example
 * fetch(`${baseUrl}${path}?${new URLSearchParams(query)}`, { method, headers })
 */
export interface OutcomeExample {
  readonly method: 'GET'
  /** The endpoint's path below the base URL, such as `monitoring`. */
  readonly path: string
  readonly query: Readonly<Record<string, string>>
  readonly headers: Readonly<Record<string, string>>
}

/** The documented data the examples use (product.md's keys and projects, stable forever). */
const USER_KEY = 'sbx_user_alpha'
const PROJECT_KEY = 'sbx_project_101'
const EXPIRED_KEY = 'sbx_user_expired'
const OWN_PROJECT = '101'
const OTHER_USERS_PROJECT = '201'

/**
 * How to make an analytics endpoint (or /validate) refuse with each guard's error: the one place
 * that says what request causes what, for errors the guards give (not a list of outcomes).
 */
const CAUSES: Readonly<Record<string, { readonly query?: Record<string, string>; readonly projectId?: string | null }>> = {
  [ERRORS.missingProjectId.error]: { projectId: null },
  [ERRORS.invalidProjectId.error]: { projectId: 'abc' },
  [ERRORS.forbidden.error]: { projectId: OTHER_USERS_PROJECT },
  [ERRORS.invalidDate.error]: { query: { start_date: '2026-02-30' } },
  [ERRORS.invalidDateRange.error]: { query: { start_date: '2026-03-02', end_date: '2026-03-01' } },
  [ERRORS.dateRangeTooLarge.error]: { query: { start_date: '2025-01-01', end_date: '2026-12-31' } },
  [ERRORS.invalidProvider.error]: { query: { provider: 'askjeeves' } },
  [ERRORS.invalidRegion.error]: { query: { region: 'XX' } },
}

/** What an example is for: a success (key level, data), or an error (its template, the scenario that gives it). */
export type ExampleOf =
  | { readonly level: KeyLevel; readonly dates: DatesKind | null }
  | { readonly template: ErrorTemplate; readonly scenario: string | null }

/**
 * The request that produces an outcome of `endpoint`: a USER key sends X-Project-ID where the
 * endpoint wants one; an error the endpoint's guards give comes from {@link CAUSES}; 401 from an
 * expired key; the endpoint's own 500 from `server-error`; the rest from their scenario.
 *
 * @example
 * exampleOf('monitoring', { level: 'PROJECT', dates: 'none' })
 * // { method: 'GET', path: 'monitoring', query: {}, headers: { 'X-API-Key': 'sbx_project_101', 'X-Sandbox-Scenario': 'no-data' } }
 */
export function exampleOf(endpoint: EndpointName, of: ExampleOf): OutcomeExample {
  const rules = ENDPOINT_RULES[endpoint]
  const wantsProject = rules.projectHeader === 'required for USER keys'
  const make = (key: string, projectId: string | null, query: Record<string, string> = {}, scenario?: string): OutcomeExample => ({
    method: 'GET',
    path: endpoint,
    query,
    headers: {
      'X-API-Key': key,
      ...(projectId === null ? {} : { 'X-Project-ID': projectId }),
      ...(scenario === undefined ? {} : { 'X-Sandbox-Scenario': scenario }),
    },
  })
  if ('level' in of) {
    const key = of.level === 'USER' ? USER_KEY : PROJECT_KEY
    const projectId = of.level === 'USER' && wantsProject ? OWN_PROJECT : null
    return make(key, projectId, {}, of.dates === 'none' ? 'no-data' : undefined)
  }
  const { template, scenario } = of
  const ownProject = wantsProject ? OWN_PROJECT : null
  if (template === ERRORS.unauthorized) return make(EXPIRED_KEY, ownProject)
  if (scenario !== null) return make(USER_KEY, ownProject, {}, scenario)
  if (template === rules.failure) return make(USER_KEY, ownProject, {}, 'server-error')
  const cause = CAUSES[template.error ?? '']
  if (cause === undefined) throw new Error(`No example makes /${endpoint} answer ${template.status} ${template.error}: add its cause`)
  return make(USER_KEY, cause.projectId === undefined ? ownProject : cause.projectId, cause.query)
}
