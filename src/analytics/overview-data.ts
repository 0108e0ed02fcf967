import type { ProjectEntry } from '../model/model-index.js'
import type { AnalyticsQuery } from '../vocabulary/analytics-query.js'
import type { OverviewData } from '../contract/resource-schemas.js'
import { brandsByProviders, brandsByTopics } from './brands.js'
import type { DailySeries } from './daily-series.js'
import { lastValue, rangeWindow, type RangeWindow } from './range-window.js'
import { changePercentage, trendOf } from './trend.js'

/** Shares of positive, neutral and negative mentions over the window, in basis points summing to 10 000. */
function sentimentShares(series: DailySeries, window: RangeWindow): OverviewData['sentiment_analysis'] {
  if (window.count === 0) return { positive: 0, neutral: 0, negative: 0 }
  const sum = (prefix: Float64Array) => prefix[window.to + 1]! - prefix[window.from]!
  const positive = sum(series.positiveSum)
  const negative = sum(series.negativeSum)
  const total = positive + sum(series.neutralSum) + negative
  const positiveBasisPoints = Math.round((positive * 10_000) / total)
  const negativeBasisPoints = Math.round((negative * 10_000) / total)
  return {
    positive: positiveBasisPoints / 10_000,
    neutral: (10_000 - positiveBasisPoints - negativeBasisPoints) / 10_000,
    negative: negativeBasisPoints / 10_000,
  }
}

/**
 * `/overview`'s data for a project and resolved query: the last date with data in the range is
 * "current" (and `current_day_stats`), `previous` is the last day of the equally long period before
 * the range, sentiment shares cover the whole range.
 */
export function buildOverviewData(
  series: DailySeries,
  entry: ProjectEntry,
  query: AnalyticsQuery,
  seed: number,
): { data: OverviewData; dates: number } {
  const { project } = entry
  const current = rangeWindow(series, query.start, query.end)
  const dayBefore = rangeWindow(series, query.start - 1, query.start - 1)
  const visibility = lastValue(series.visibility, current)
  const previous = lastValue(series.visibility, dayBefore)
  const providers = query.provider === undefined ? project.providers : project.providers.filter((id) => id === query.provider)
  const hasData = current.count > 0
  // Without data on either day there is nothing to compare: stable, rather than a fake rise or drop.
  const change = hasData && dayBefore.count > 0 ? changePercentage(visibility, previous) : 0
  return {
    dates: current.count,
    data: {
      current_day_stats: {
        visibility_score: visibility / 100,
        citation_score: lastValue(series.citation, current) / 100,
        sentiment_score: lastValue(series.sentiment, current) / 100,
      },
      brands_by_topics: hasData ? brandsByTopics(project) : {},
      brands_by_providers: hasData ? brandsByProviders(project, seed, providers) : {},
      visibility_score: { current: visibility / 100, previous: previous / 100, trend: trendOf(change) },
      sentiment_analysis: sentimentShares(series, current),
    },
  }
}
