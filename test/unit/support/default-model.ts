import type { Analytics } from '../../../src/analytics/create-analytics.js'
import { buildMonitoringData } from '../../../src/analytics/monitoring-data.js'
import { buildOverviewData } from '../../../src/analytics/overview-data.js'
import { parseCalendarDate, type DayNumber } from '../../../src/vocabulary/calendar-date.js'
import type { Provider } from '../../../src/vocabulary/providers.js'
import type { AnalyticsQuery } from '../../../src/vocabulary/analytics-query.js'
import { createModel, type Model } from '../../../src/model/create-model.js'
import { defaultFixtures } from '../../../src/model/default-fixtures.js'
import type { ProjectEntry } from '../../../src/model/model-index.js'
import { parseFixtures } from '../../../src/model/parse-fixtures.js'

/** The day number of a `YYYY-MM-DD` text; throws when the text is not a calendar date. */
export function day(text: string): DayNumber {
  const value = parseCalendarDate(text)
  if (value === undefined) throw new Error(`not a calendar date: ${text}`)
  return value
}

/** A fixed "today" for every unit test, so no result depends on the day the suite runs. */
export const TODAY = day('2025-06-15')

/** A fresh model of the embedded default fixtures. */
export async function loadDefaultModel(): Promise<Model> {
  return createModel(parseFixtures(defaultFixtures, 'x'))
}

/** The project entry `id` of `model`; throws when it does not exist. */
export function projectEntry(model: Model, id: number): ProjectEntry {
  const entry = model.index.findProject(id)
  if (entry === undefined) throw new Error(`project ${id} not found`)
  return entry
}

/** A resolved analytics query from texts, as the query guard would produce it. */
export function query(start: string | DayNumber, end: string | DayNumber, provider?: Provider, region?: string): AnalyticsQuery {
  return {
    start: typeof start === 'number' ? start : day(start),
    end: typeof end === 'number' ? end : day(end),
    provider,
    region,
  }
}

/** `/monitoring`'s data as the endpoint builds it: from the project's series for the query's filters. */
export function monitoringOf(analytics: Analytics, entry: ProjectEntry, analyticsQuery: AnalyticsQuery, today: DayNumber) {
  return buildMonitoringData(
    analytics.seriesFor(entry, analyticsQuery.provider, analyticsQuery.region, 2 * analyticsQuery.start - analyticsQuery.end - 1, today),
    entry,
    analyticsQuery,
  )
}

/** `/overview`'s data as the endpoint builds it. */
export function overviewOf(analytics: Analytics, entry: ProjectEntry, analyticsQuery: AnalyticsQuery, today: DayNumber) {
  return buildOverviewData(
    analytics.seriesFor(entry, analyticsQuery.provider, analyticsQuery.region, 2 * analyticsQuery.start - analyticsQuery.end - 1, today),
    entry,
    analyticsQuery,
    analytics.seed,
  )
}
