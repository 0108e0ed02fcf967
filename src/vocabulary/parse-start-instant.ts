import { dayOfInstant, MS_PER_DAY, parseCalendarDate } from './calendar-date.js'

/** A UTC date-time such as 2026-01-15T09:30:00Z; a fraction of a second is read to the millisecond. */
const ISO_INSTANT = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?Z$/

/**
 * An instant written as a date (its first instant, UTC) or a UTC date-time, in ms since the epoch;
 * `undefined` for anything else (an impossible date included). What `--now` and the `now` option take.
 *
 * @example
 * parseStartInstant('2026-01-15') // Date.parse('2026-01-15T00:00:00Z')
 * parseStartInstant('2026-01-15T09:30:00Z') // Date.parse('2026-01-15T09:30:00Z')
 * parseStartInstant('2026-02-30') // undefined
 */
export function parseStartInstant(text: string): number | undefined {
  const day = parseCalendarDate(text)
  if (day !== undefined) return day * MS_PER_DAY
  const match = ISO_INSTANT.exec(text)
  const date = match === null ? undefined : parseCalendarDate(match[1]!)
  if (date === undefined) return undefined
  const instant = Date.parse(text)
  return dayOfInstant(instant) === date ? instant : undefined
}
