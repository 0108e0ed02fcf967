import type { ProjectEntry } from '../../model/model-index.js'
import type { DayNumber } from '../analytics/calendar-date.js'
import type { Analytics } from '../analytics/create-analytics.js'
import { ok } from '../envelope.js'
import type { ErrorTemplate } from '../errors.js'
import { authorizeProject, parseProjectId } from '../guards/authorize-project.js'
import { parseAnalyticsQuery, type AnalyticsQuery } from '../guards/parse-analytics-query.js'
import type { Endpoint, EndpointName } from './endpoint.js'

/** Builds an analytics payload and says how many dates it covers. */
export type AnalyticsBuilder = (
  analytics: Analytics,
  entry: ProjectEntry,
  query: AnalyticsQuery,
  today: DayNumber,
) => { data: unknown; dates: number }

/**
 * An analytics endpoint (`/monitoring`, `/overview`): project guard, then query guard, then the
 * payload, in the check order the README documents.
 *
 * @example
 * export const overviewEndpoint = analyticsEndpoint('overview', ERRORS.overviewFailed, MESSAGES.overview, buildOverviewData)
 */
export function analyticsEndpoint(
  name: EndpointName,
  failure: ErrorTemplate,
  message: (dates: number) => string,
  build: AnalyticsBuilder,
): Endpoint {
  return {
    name,
    failure,
    handle({ sandbox, request, key, today }) {
      const entry = authorizeProject(sandbox.model.index, key, parseProjectId(request.header('x-project-id')))
      const query = parseAnalyticsQuery(request.query, today)
      const { data, dates } = build(sandbox.analytics, entry, query, today)
      return ok(data, message(dates))
    },
  }
}
