import type { EndpointName } from '../../vocabulary/endpoint-names.js'
import type { KeyEntry } from '../../model/model-index.js'
import type { ActiveScenarios } from '../../scenarios/active-scenarios.js'
import type { DayNumber } from '../../vocabulary/calendar-date.js'
import type { Answer } from '../answer.js'
import type { ErrorTemplate } from '../../vocabulary/errors.js'
import type { Model } from '../../model/create-model.js'
import type { Analytics } from '../../analytics/create-analytics.js'
import type { BoundedCache } from '../../vocabulary/bounded-cache.js'
import type { ProjectIdHeader } from '../guards/authorize-project.js'

/** What endpoints use of the sandbox: its data, its analytics and its answer cache. */
export interface EndpointServices {
  readonly model: Model
  readonly analytics: Analytics
  readonly answers: BoundedCache<string, Answer>
}

/** What an endpoint gets once the route and the key guards have passed: what was read of the request, once. */
export interface RequestContext {
  readonly sandbox: EndpointServices
  /** The query string, without its `?`. */
  readonly query: string
  readonly key: KeyEntry
  /** X-Project-ID as read; an endpoint that reads it judges it (`wellFormedProjectId`). */
  readonly projectId: ProjectIdHeader
  readonly today: DayNumber
  /** The scenarios in force for this request. */
  readonly active: ActiveScenarios
}

/** A request that passed its endpoint's guards: how to answer it. */
export interface PreparedRequest {
  /**
   * The success answer, from the sandbox's cache when it was built before; `noData` (a scenario's)
   * answers as if no day had data. An analytics answer says how many dates it covers (`dates`).
   */
  respond(noData: boolean): Answer & { readonly dates?: number }
}

/**
 * One operation of the API: its name (its path below the base), its own 500 template, and its
 * guards. `dispatch` runs the data stage (scenario failures) between `prepare` and `respond`.
 */
export interface Endpoint {
  readonly name: EndpointName
  readonly failure: ErrorTemplate
  /** Whether X-Project-ID names the project concerned (`/projects` ignores it: its key's project is). */
  readonly readsProjectId: boolean
  prepare(context: RequestContext): PreparedRequest
}
