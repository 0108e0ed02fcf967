import type { ProjectEntry } from '../../model/model-index.js'
import type { DailySeries } from '../../analytics/daily-series.js'
import { buildDailySeries } from '../../analytics/daily-series.js'
import { toAnswer } from '../answer.js'
import { ok, type SuccessEnvelope } from '../../contract/envelope.js'
import { authorizeProject, wellFormedProjectId } from '../guards/authorize-project.js'
import { hiddenBy } from '../guards/hidden-by.js'
import { parseAnalyticsQuery } from '../guards/parse-analytics-query.js'
import { type AnalyticsQuery } from '../../vocabulary/analytics-query.js'
import type { Endpoint } from './endpoint.js'
import { ENDPOINT_RULES } from '../../vocabulary/endpoint-rules.js'
import type { EndpointName } from '../../vocabulary/endpoint-names.js'

/** Builds an analytics payload from a project's series and says how many dates it covers. */
export type AnalyticsBuilder<Data = unknown> = (
  series: DailySeries,
  entry: ProjectEntry,
  query: AnalyticsQuery,
  seed: number,
) => { data: Data; dates: number }

/** The series of a project without any data: what a `data: none` scenario answers from. */
const NO_DATA = buildDailySeries([], 0, -1)

/**
 * An analytics endpoint (`/monitoring`, `/overview`): project guard, then query guard; the payload
 * comes from the project's series for the filters, or from no data when a scenario removes it.
 *
 * @example
 * export const overviewEndpoint = analyticsEndpoint('overview', MESSAGES.overview, buildOverviewData)
 */
export function analyticsEndpoint<Data>(
  name: EndpointName,
  message: (dates: number) => string,
  build: AnalyticsBuilder<Data>,
  stringify: (envelope: SuccessEnvelope<Data>) => string = JSON.stringify,
): Endpoint {
  return {
    name,
    failure: ENDPOINT_RULES[name].failure,
    readsProjectId: ENDPOINT_RULES[name].projectHeader !== 'ignored',
    prepare({ sandbox, query: search, key, projectId, today, active }) {
      const entry = authorizeProject(sandbox.model.index, key, wellFormedProjectId(projectId), hiddenBy(active, name, key))
      const query = parseAnalyticsQuery(search, today)
      const { analytics } = sandbox
      return {
        respond(noData) {
          const { project } = entry
          const cacheKey = `${name}|${project.id}|${entry.revision}|${query.start}|${query.end}|${query.provider}|${query.region}|${noData}|${today}`
          return sandbox.answers.getOrCreate(cacheKey, () => {
            // The first day needed is the first of the period before the range, which answers compare with.
            const from = 2 * query.start - query.end - 1
            const series = noData ? NO_DATA : analytics.seriesFor(entry, query.provider, query.region, from, today)
            const { data, dates } = build(series, entry, query, analytics.seed)
            const envelope = ok(data, message(dates))
            // The count goes with the answer (cached too), for the client report's "0 dates".
            return { ...toAnswer(envelope, undefined, stringify(envelope)), dates }
          })
        },
      }
    },
  }
}
