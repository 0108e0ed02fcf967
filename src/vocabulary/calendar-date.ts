/**
 * Calendar dates as whole UTC day numbers (days since 1970-01-01), so ranges are integer arithmetic
 * and no result depends on the host's time zone or on Date's parsing quirks.
 */

/** A UTC calendar date as a count of days since 1970-01-01 (negative before it). */
export type DayNumber = number

export const MS_PER_DAY = 86_400_000

/**
 * The first and last days a date in YYYY-MM-DD can name, 0000-01-01 and 9999-12-31: every date an
 * answer shows (a range, the period before it) must lie between them.
 *
 * @example
 * formatCalendarDate(LAST_DAY) // '9999-12-31'
 */
export const FIRST_DAY: DayNumber = -719_528
export const LAST_DAY: DayNumber = 2_932_896

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/

/**
 * Whether `year` is a leap year of the proleptic Gregorian calendar.
 *
 * @example
 * isLeapYear(2024) // true
 * isLeapYear(1900) // false
 */
export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
}

/**
 * Days in `month` (1-12) of `year`.
 *
 * @example
 * daysInMonth(2024, 2) // 29
 */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31
}

/**
 * Converts a civil date to a day number (H. Hinnant's days_from_civil), valid for any year.
 *
 * @example
 * toDayNumber(1970, 1, 1) // 0
 */
export function toDayNumber(year: number, month: number, day: number): DayNumber {
  const y = month <= 2 ? year - 1 : year
  const era = Math.floor(y / 400)
  const yearOfEra = y - era * 400
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear
  return era * 146_097 + dayOfEra - 719_468
}

/**
 * Parses a strict `YYYY-MM-DD` calendar date; returns `undefined` for anything else,
 * including impossible dates such as `2023-02-29`.
 *
 * @example
 * parseCalendarDate('2024-02-29') // 19782
 * parseCalendarDate('2023-02-29') // undefined
 */
export function parseCalendarDate(text: string): DayNumber | undefined {
  const match = DATE_PATTERN.exec(text)
  if (match === null) return undefined
  const year = Number(match[1])
  const month = Number(match[2])
  const day = Number(match[3])
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined
  return toDayNumber(year, month, day)
}

/** Days from 1970-01-01 whose text is kept once made (to 2149): a history formats the same days again and again. */
const KEPT_DAYS = 65_536
const dayTexts: string[] = []

/**
 * Formats a day number as `YYYY-MM-DD` (H. Hinnant's civil_from_days). A day from 1970 to 2149 is
 * formatted once and its text kept (at most 65,536 short strings).
 *
 * @example
 * formatCalendarDate(19782) // '2024-02-29'
 */
export function formatCalendarDate(dayNumber: DayNumber): string {
  if (dayNumber >= 0 && dayNumber < KEPT_DAYS && Number.isInteger(dayNumber)) return (dayTexts[dayNumber] ??= civilFromDays(dayNumber))
  return civilFromDays(dayNumber)
}

function civilFromDays(dayNumber: DayNumber): string {
  const z = dayNumber + 719_468
  const era = Math.floor(z / 146_097)
  const dayOfEra = z - era * 146_097
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  )
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100))
  const monthIndex = Math.floor((5 * dayOfYear + 2) / 153)
  const day = dayOfYear - Math.floor((153 * monthIndex + 2) / 5) + 1
  const month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
  return `${String(year).padStart(4, '0')}-${month < 10 ? '0' : ''}${month}-${day < 10 ? '0' : ''}${day}`
}

/**
 * The UTC day number that contains the instant `epochMs`.
 *
 * @example
 * dayOfInstant(Date.parse('2024-02-29T23:59:59Z')) // 19782
 */
export function dayOfInstant(epochMs: number): DayNumber {
  return Math.floor(epochMs / MS_PER_DAY)
}
