import type { DailySeries } from './daily-series.js'

/** Every 7th day (by day number) has no data under `variant-sparse`. */
const MISSING_EVERY = 7
/** Of every 13 days, one scores 0 and one scores 100 under `variant-sparse`. */
const EXTREME_EVERY = 13
const TOP_SCORE = 10_000

const sparse = new WeakMap<DailySeries, DailySeries>()

function build(series: DailySeries): DailySeries {
  const { length, firstDay } = series
  const visibility = new Int32Array(series.visibility)
  const citation = new Int32Array(series.citation)
  const sentiment = new Int32Array(series.sentiment)
  const present = new Int32Array(length + 1)
  const visibilitySum = new Float64Array(length + 1)
  const positiveSum = new Float64Array(length + 1)
  const neutralSum = new Float64Array(length + 1)
  const negativeSum = new Float64Array(length + 1)
  const dayOf = (prefix: Float64Array, offset: number) => prefix[offset + 1]! - prefix[offset]!
  for (let offset = 0; offset < length; offset++) {
    const day = firstDay + offset
    // The day numbers decide, not the offsets: the same days are missing whatever range is asked.
    const phase = ((day % EXTREME_EVERY) + EXTREME_EVERY) % EXTREME_EVERY
    if (phase === 5) visibility[offset] = citation[offset] = sentiment[offset] = 0
    if (phase === 9) visibility[offset] = citation[offset] = sentiment[offset] = TOP_SCORE
    const has = ((day % MISSING_EVERY) + MISSING_EVERY) % MISSING_EVERY !== 3
    present[offset + 1] = present[offset]! + (has ? 1 : 0)
    visibilitySum[offset + 1] = visibilitySum[offset]! + (has ? visibility[offset]! : 0)
    positiveSum[offset + 1] = positiveSum[offset]! + (has ? dayOf(series.positiveSum, offset) : 0)
    neutralSum[offset + 1] = neutralSum[offset]! + (has ? dayOf(series.neutralSum, offset) : 0)
    negativeSum[offset + 1] = negativeSum[offset]! + (has ? dayOf(series.negativeSum, offset) : 0)
  }
  return { firstDay, length, visibility, citation, sentiment, visibilitySum, positiveSum, neutralSum, negativeSum, present }
}

/**
 * `series` as `variant-sparse` shows it: every 7th day without data (left out of histories, means,
 * "current" and the `<n> dates`), and of every 13 days one with scores at 0 and one at 100. Made
 * once per series.
 *
 * @example
 * sparseSeries(series).present // prefix counts of the days that have data
 */
export function sparseSeries(series: DailySeries): DailySeries {
  if (series.length === 0) return series
  let shown = sparse.get(series)
  if (shown === undefined) sparse.set(series, (shown = build(series)))
  return shown
}
