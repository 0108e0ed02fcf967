import type { ProjectEntry } from '../model/model-index.js'
import type { AnalyticsQuery } from '../vocabulary/analytics-query.js'
import type { MonitoringData } from '../contract/resource-schemas.js'
import { brandsByTopics } from './brands.js'
import { formatCalendarDate } from '../vocabulary/calendar-date.js'
import type { DailySeries } from './daily-series.js'
import { hasData, lastValue, meanVisibility, rangeWindow } from './range-window.js'
import { changePercentage, trendOf } from './trend.js'

/**
 * `/monitoring`'s data for a project and resolved query: the history of every date in the range
 * that has data, its last value as `current`, and the range's mean against the mean of the same
 * number of days just before it.
 *
 * @example
 * const { data, dates } = buildMonitoringData(analytics.seriesFor(entry, query.provider, query.region, from, today), entry, query)
 * dates === data.visibility_score.history.length // true
 */
export function buildMonitoringData(
  series: DailySeries,
  entry: ProjectEntry,
  query: AnalyticsQuery,
): { data: MonitoringData; dates: number } {
  const days = query.end - query.start + 1
  const current = rangeWindow(series, query.start, query.end)
  const previous = rangeWindow(series, query.start - days, query.start - 1)
  const history = new Array<{ date: string; score: number }>(current.count)
  for (let index = 0, offset = current.from; index < current.count; offset++) {
    // Days without data (variant-sparse) are left out of the history, as of every other figure.
    if (hasData(series, offset))
      history[index++] = { date: formatCalendarDate(series.firstDay + offset), score: series.visibility[offset]! / 100 }
  }
  const currentMean = meanVisibility(series, current)
  const previousMean = meanVisibility(series, previous)
  // A period without data has no mean to compare: no change, rather than a fake drop to 0.
  const change = current.count === 0 || previous.count === 0 ? 0 : changePercentage(currentMean, previousMean)
  const data: MonitoringData = {
    brands_by_topics: current.count === 0 ? {} : brandsByTopics(entry.project),
    visibility_score: { current: lastValue(series.visibility, current) / 100, history },
    historical_comparison: {
      current_period: {
        start: formatCalendarDate(query.start),
        end: formatCalendarDate(query.end),
        visibility_score: currentMean / 100,
      },
      previous_period: {
        start: formatCalendarDate(query.start - days),
        end: formatCalendarDate(query.start - 1),
        visibility_score: previousMean / 100,
      },
      trend: trendOf(change),
      change_percentage: change,
    },
  }
  return { data, dates: current.count }
}
