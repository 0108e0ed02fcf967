import type { ProjectEntry } from '../../model/model-index.js'
import type { DailySeries } from '../../analytics/daily-series.js'
import { buildDailySeries } from '../../analytics/daily-series.js'
import { toAnswer } from '../answer.js'
import { ok, type SuccessEnvelope } from '../../contract/envelope.js'
import { authorizeProject, wellFormedProjectId } from '../guards/authorize-project.js'
import { parseAnalyticsQuery } from '../guards/parse-analytics-query.js'
import type { AnalyticsQuery } from '../../vocabulary/analytics-query.js'
import type { Endpoint } from './endpoint.js'
import { ENDPOINT_RULES, type EndpointName } from '../../vocabulary/endpoint-rules.js'
import { hasVariant } from '../../vocabulary/variants.js'
import { sparseSeries } from '../../analytics/sparse-series.js'
import { variantEntry } from '../../analytics/variant-project.js'
import { toVariantAnswer } from '../variant-answer.js'

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
 * An analytics endpoint (`/monitoring`, `/overview`): the project step, then the query step; the
 * payload comes from the project's series for the filters, or from no data when a scenario removes it.
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
    project: ({ index, key, projectId, hidden, large }) => authorizeProject(index, key, wellFormedProjectId(projectId), hidden, large),
    query: parseAnalyticsQuery,
    answer({ sandbox, project: entry, query, today, noData, variants }) {
      // The project and query steps ran: an analytics endpoint always has both.
      const { project } = entry!
      const { start, end, provider, region } = query!
      const cacheKey = `${name}|${project.id}|${entry!.revision}|${start}|${end}|${provider}|${region}|${noData}|${today}|${variants}`
      return sandbox.shared.answers.getOrCreate(cacheKey, () => {
        const { analytics } = sandbox
        // The first day needed is the first of the period before the range, which answers compare with.
        const from = 2 * start - end - 1
        const full = noData ? NO_DATA : analytics.seriesFor(entry!, provider, region, from, today)
        const series = hasVariant(variants, 'sparse') ? sparseSeries(full) : full
        const { data, dates } = build(series, variants === 0 ? entry! : variantEntry(entry!, variants), query!, analytics.seed)
        // The count goes with the answer (cached too), for the client report's "0 dates".
        if (variants !== 0) return { ...toVariantAnswer(name, data, message(dates), project.id, variants), dates }
        const envelope = ok(data, message(dates))
        return { ...toAnswer(envelope, undefined, stringify(envelope)), dates }
      })
    },
  }
}
