import type { KeyEntry } from '../../model/model-index.js'
import type { DayNumber } from '../analytics/calendar-date.js'
import type { CoreRequest } from '../core-request.js'
import type { Envelope } from '../envelope.js'
import type { ErrorTemplate } from '../errors.js'
import type { SandboxCore } from '../sandbox-core.js'

/** What an endpoint gets once the route and the key guard have passed. */
export interface RequestContext {
  readonly sandbox: SandboxCore
  readonly request: CoreRequest
  readonly key: KeyEntry
  readonly today: DayNumber
}

/** The names of the API's operations. */
export type EndpointName = 'validate' | 'projects' | 'monitoring' | 'overview'

/**
 * One operation of the API: its path below the base, its own 500 template, and its handler, which
 * runs its remaining guards (project, query) and returns the success envelope.
 */
export interface Endpoint {
  readonly name: EndpointName
  readonly failure: ErrorTemplate
  handle(context: RequestContext): Envelope<unknown>
}
