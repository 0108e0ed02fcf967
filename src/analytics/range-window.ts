import type { DayNumber } from '../vocabulary/calendar-date.js'
import type { DailySeries } from './daily-series.js'

/**
 * The days of a series inside a date range: offsets `from`..`to` (inclusive), `count` of them with
 * data, the last of which is at offset `last` (-1 when none).
 */
export interface RangeWindow {
  readonly from: number
  readonly to: number
  readonly count: number
  readonly last: number
}

/**
 * Whether the day at `offset` of `series` has data.
 *
 * @example
 * for (let offset = window.from; offset <= window.to; offset++) if (hasData(series, offset)) …
 */
export function hasData(series: DailySeries, offset: number): boolean {
  const { present } = series
  return present === undefined || present[offset + 1]! > present[offset]!
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
  const { present } = series
  if (present === undefined) return { from, to, count: Math.max(0, to - from + 1), last: to >= from ? to : -1 }
  if (to < from) return { from, to, count: 0, last: -1 }
  const count = present[to + 1]! - present[from]!
  let last = to
  while (count > 0 && !hasData(series, last)) last--
  return { from, to, count, last: count === 0 ? -1 : last }
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
  return window.count === 0 ? 0 : values[window.last]!
}
