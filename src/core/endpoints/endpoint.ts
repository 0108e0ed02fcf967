import type { EndpointName } from '../../vocabulary/endpoint-rules.js'
import type { KeyEntry, ModelIndex, ProjectEntry } from '../../model/model-index.js'
import type { DayNumber } from '../../vocabulary/calendar-date.js'
import type { Answer } from '../answer.js'
import type { ErrorTemplate } from '../../vocabulary/errors.js'
import type { Model } from '../../model/create-model.js'
import type { Analytics } from '../../analytics/create-analytics.js'
import type { AnalyticsQuery } from '../../vocabulary/analytics-query.js'
import type { ProjectIdHeader } from '../guards/authorize-project.js'
import type { ProcessWide } from '../process-wide.js'
import type { VariantSet } from '../../vocabulary/variants.js'
import type { LargeProjects } from '../../analytics/large-projects.js'
import type { HiddenProjects } from '../../scenarios/scenario-decision.js'

/** What endpoints use of the sandbox: its data, its analytics, and the process's answer cache. */
export interface EndpointServices {
  readonly model: Model
  readonly analytics: Analytics
  readonly shared: Pick<ProcessWide, 'answers'>
}

/** What the project step is given: the key that passed, X-Project-ID as read, and what a scenario hides. */
export interface ProjectStep {
  readonly index: ModelIndex
  readonly key: KeyEntry
  readonly projectId: ProjectIdHeader
  /** The projects a scenario hides from the request. */
  readonly hidden: HiddenProjects
  /** The projects `variant-large` adds to the key's account, where it does. */
  readonly large: LargeProjects | undefined
}

/** What the answer stage is given: everything the stages before learned, once. */
export interface AnswerStep {
  readonly sandbox: EndpointServices
  readonly key: KeyEntry
  /** The project the request reads, where the endpoint reads one. */
  readonly project: ProjectEntry | undefined
  /** The analytics query, where the endpoint reads one. */
  readonly query: AnalyticsQuery | undefined
  readonly today: DayNumber
  /** A scenario removes the data (0 dates). */
  readonly noData: boolean
  /** The projects a scenario hides from the request. */
  readonly hidden: HiddenProjects
  /** The variants the answer is given with (0: none). */
  readonly variants: VariantSet
  readonly large: LargeProjects | undefined
}

/**
 * One operation of the API as the pipeline runs it, each step in the spec's check order after the
 * route and the key: the project step (400/403), the query step (400), and, once the scenarios'
 * data stage has passed, the answer. Each step returns what it learned or throws the finished
 * `SandboxError`.
 *
 * @example
 * const project = endpoint.project({ index, key, projectId, hidden })
 * const query = endpoint.query(search, today)
 * const answer = endpoint.answer({ sandbox, key, project, query, today, noData, hidden })
 */
export interface Endpoint {
  readonly name: EndpointName
  /** Its own 500. */
  readonly failure: ErrorTemplate
  /** Whether X-Project-ID names the project concerned (`/projects` ignores it: its key's project is). */
  readonly readsProjectId: boolean
  project(step: ProjectStep): ProjectEntry | undefined
  query(search: string, today: DayNumber): AnalyticsQuery | undefined
  /** The success answer, from the process's cache when it was built before; an analytics answer says how many dates it covers. */
  answer(step: AnswerStep): Answer & { readonly dates?: number }
}

/**
 * The query step of an endpoint that reads no query (`/validate`, `/projects`).
 *
 * @example
 * export const projectsEndpoint: Endpoint = { …, query: NO_QUERY, … }
 */
export const NO_QUERY = (): undefined => undefined
