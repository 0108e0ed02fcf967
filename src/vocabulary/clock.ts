import { MS_PER_DAY, type DayNumber } from './calendar-date.js'

/**
 * Where "now" comes from: the real clock, or a frozen day (`--now`, `now` option) for reproducible runs.
 *
 * @example
 * createClock().now() // Date.now()
 * createClock(19782).now() // 2024-02-29T00:00:00Z
 */
export interface Clock {
  /** "Now" for the data: frozen when a day is given. */
  now(): number
  /** The real time, even when "now" is frozen: for rate-limit windows and the request journal. */
  realNow(): number
}

/**
 * Creates a {@link Clock}; with `frozenDay`, "now" is the start (00:00 UTC) of that day forever.
 *
 * @example
 * const clock = createClock(parseCalendarDate('2026-01-15'))
 */
export function createClock(frozenDay?: DayNumber): Clock {
  const realNow = () => Date.now()
  if (frozenDay === undefined) return { now: realNow, realNow }
  const frozen = frozenDay * MS_PER_DAY
  return { now: () => frozen, realNow }
}
