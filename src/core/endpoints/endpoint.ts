import type { KeyEntry } from '../../model/model-index.js'
import type { ActiveScenarios } from '../../scenarios/active-scenarios.js'
import type { DayNumber } from '../analytics/calendar-date.js'
import type { CoreRequest } from '../core-request.js'
import type { Answer } from '../answer.js'
import type { ErrorTemplate } from '../errors.js'
import type { SandboxCore } from '../sandbox-core.js'

/** What an endpoint gets once the route and the key guard have passed. */
export interface RequestContext {
  readonly sandbox: SandboxCore
  readonly request: CoreRequest
  readonly key: KeyEntry
  readonly today: DayNumber
  /** The scenarios in force for this request. */
  readonly active: ActiveScenarios
}

/** The names of the API's operations. */
export type EndpointName = 'validate' | 'projects' | 'monitoring' | 'overview'

/** A request that passed its endpoint's guards: the project it concerns, and how to answer it. */
export interface PreparedRequest {
  readonly projectId: number | undefined
  /** The success answer, from the sandbox's cache when it was built before; `noData` (a scenario's) answers as if no day had data. */
  respond(noData: boolean): Answer
}

/**
 * One operation of the API: its name (its path below the base), its own 500 template, and its
 * guards. `dispatch` runs the data stage (scenario failures) between `prepare` and `respond`.
 */
export interface Endpoint {
  readonly name: EndpointName
  readonly failure: ErrorTemplate
  prepare(context: RequestContext): PreparedRequest
}
