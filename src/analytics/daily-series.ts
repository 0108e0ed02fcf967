import type { DayNumber } from '../vocabulary/calendar-date.js'
import { computeCellDay, type Cell } from './cell-metrics.js'

/**
 * A project's daily analytics for one filter (provider and region, each possibly "all"), from the
 * project's first day to "today". Scores are integer hundredths; prefix sums make any range's totals
 * O(1) and exact.
 */
export interface DailySeries {
  readonly firstDay: DayNumber
  readonly length: number
  /** Mean visibility of the matching cells, per day. */
  readonly visibility: Int32Array
  /** Mean citation score of the matching cells, per day. */
  readonly citation: Int32Array
  /** Sentiment score of the day's mentions: (positive + neutral / 2) / all. */
  readonly sentiment: Int32Array
  /** Prefix sums (length + 1) of visibility, positive, neutral and negative mentions. */
  readonly visibilitySum: Float64Array
  readonly positiveSum: Float64Array
  readonly neutralSum: Float64Array
  readonly negativeSum: Float64Array
  /**
   * Prefix counts (length + 1) of the days that have data, where some inside the series have none
   * (`variant-sparse`); absent, every day has. The prefix sums above count only days that have data.
   */
  readonly present?: Int32Array
}

/**
 * Builds the series of `cells` (already narrowed to the filter) for days `firstDay`..`lastDay`.
 * No cells, or `lastDay` before `firstDay`, gives an empty series: 0 dates.
 *
 * @example
 * buildDailySeries([createCell(1, 101, 'chatgpt', 'US')], 19000, 19030).length // 31
 */
export function buildDailySeries(cells: readonly Cell[], firstDay: DayNumber, lastDay: DayNumber): DailySeries {
  const length = cells.length === 0 ? 0 : Math.max(0, lastDay - firstDay + 1)
  const series = {
    firstDay,
    length,
    visibility: new Int32Array(length),
    citation: new Int32Array(length),
    sentiment: new Int32Array(length),
    visibilitySum: new Float64Array(length + 1),
    positiveSum: new Float64Array(length + 1),
    neutralSum: new Float64Array(length + 1),
    negativeSum: new Float64Array(length + 1),
  }
  for (let offset = 0; offset < length; offset++) {
    let visibility = 0
    let citation = 0
    let positive = 0
    let neutral = 0
    let negative = 0
    for (const cell of cells) {
      const day = computeCellDay(cell, firstDay + offset)
      visibility += day.visibility
      citation += day.citation
      positive += day.positive
      neutral += day.neutral
      negative += day.negative
    }
    series.visibility[offset] = Math.round(visibility / cells.length)
    series.citation[offset] = Math.round(citation / cells.length)
    series.sentiment[offset] = Math.round(((positive + neutral / 2) * 10_000) / (positive + neutral + negative))
    series.visibilitySum[offset + 1] = series.visibilitySum[offset]! + series.visibility[offset]!
    series.positiveSum[offset + 1] = series.positiveSum[offset]! + positive
    series.neutralSum[offset + 1] = series.neutralSum[offset]! + neutral
    series.negativeSum[offset + 1] = series.negativeSum[offset]! + negative
  }
  return series
}
