import { formatCalendarDate, parseCalendarDate } from '../vocabulary/calendar-date.js'

/**
 * The first and last days of the sandbox's clock: it starts no earlier than 0001-01-01 and stops at
 * the end of 9999. A date the page works out (a range's start) stays between them, so the chart
 * still works with the clock at either end.
 *
 * @example
 * daysBefore(FIRST_DATE, 29) // FIRST_DATE
 */
export const FIRST_DATE = '0001-01-01'
export const LAST_DATE = '9999-12-31'

const FIRST_DAY = parseCalendarDate(FIRST_DATE)!
const LAST_DAY = parseCalendarDate(LAST_DATE)!

/**
 * The date `days` days before `today` (both `YYYY-MM-DD`), never before {@link FIRST_DATE} nor
 * after {@link LAST_DATE}: a 30-day range ending on 0001-01-01 starts on that day too.
 *
 * @example
 * daysBefore('2026-01-15', 29) // '2025-12-17'
 * daysBefore('0001-01-01', 29) // '0001-01-01'
 */
export function daysBefore(today: string, days: number): string {
  const day = parseCalendarDate(today)
  // A today the page cannot read (never one of the sandbox's) is left to the API to refuse.
  if (day === undefined) return today
  return formatCalendarDate(Math.min(LAST_DAY, Math.max(FIRST_DAY, day - days)))
}
