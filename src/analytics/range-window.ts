import type { DayNumber } from '../vocabulary/calendar-date.js'
import type { DailySeries } from './daily-series.js'

/** The days of a series inside a date range: offsets `from`..`to` (inclusive), `count` of them. */
export interface RangeWindow {
  readonly from: number
  readonly to: number
  readonly count: number
}

/**
 * The part of `series` that falls in `start`..`end`: days before the project existed or after
 * "today" have no data and are left out.
 *
 * @example
 * rangeWindow(series, query.start, query.end).count // the <n> dates of the message
 */
export function rangeWindow(series: DailySeries, start: DayNumber, end: DayNumber): RangeWindow {
  const from = Math.max(start - series.firstDay, 0)
  const to = Math.min(end - series.firstDay, series.length - 1)
  return { from, to, count: Math.max(0, to - from + 1) }
}

/**
 * Mean daily visibility over a window, in integer hundredths; 0 for an empty window.
 *
 * @example
 * meanVisibility(series, window) / 100 // 57.31
 */
export function meanVisibility(series: DailySeries, window: RangeWindow): number {
  if (window.count === 0) return 0
  return Math.round((series.visibilitySum[window.to + 1]! - series.visibilitySum[window.from]!) / window.count)
}

/**
 * The value of a per-day array on the window's last day, in hundredths; 0 for an empty window.
 */
export function lastValue(values: Int32Array, window: RangeWindow): number {
  return window.count === 0 ? 0 : values[window.to]!
}
