import { describe, expect, it } from 'vitest'
import {
  MS_PER_DAY,
  dayOfInstant,
  daysInMonth,
  formatCalendarDate,
  isLeapYear,
  parseCalendarDate,
  toDayNumber,
} from '../../../src/vocabulary/calendar-date.js'

/** Parses a date the test knows to be valid. */
function parsed(text: string): number {
  const value = parseCalendarDate(text)
  if (value === undefined) throw new Error(`expected ${text} to parse`)
  return value
}

describe('calendar dates as day numbers', () => {
  it('numbers 1970-01-01 as day 0 and the day before it as day -1', () => {
    expect(toDayNumber(1970, 1, 1)).toBe(0)
    expect(parseCalendarDate('1970-01-01')).toBe(0)
    expect(parseCalendarDate('1969-12-31')).toBe(-1)
    expect(formatCalendarDate(0)).toBe('1970-01-01')
    expect(formatCalendarDate(-1)).toBe('1969-12-31')
  })

  it('formats the leap day 2024-02-29 from its day number 19782 and parses it back', () => {
    expect(formatCalendarDate(19_782)).toBe('2024-02-29')
    expect(parseCalendarDate('2024-02-29')).toBe(19_782)
  })

  it('round-trips every day from 1999-12-25 to 2101-01-05 through format and parse, agreeing with Date', () => {
    const first = parsed('1999-12-25')
    const last = parsed('2101-01-05')
    const mismatches: string[] = []
    for (let dayNumber = first; dayNumber <= last; dayNumber++) {
      const text = formatCalendarDate(dayNumber)
      const expected = new Date(dayNumber * MS_PER_DAY).toISOString().slice(0, 10)
      if (text !== expected) mismatches.push(`${dayNumber}: formatted ${text}, Date says ${expected}`)
      if (parseCalendarDate(text) !== dayNumber)
        mismatches.push(`${text}: parsed to ${String(parseCalendarDate(text))}, expected ${dayNumber}`)
      if (mismatches.length > 10) break
    }
    expect(mismatches).toEqual([])
    expect(last - first + 1).toBe((Date.UTC(2101, 0, 5) - Date.UTC(1999, 11, 25)) / MS_PER_DAY + 1)
  })

  it('pads years before 1000 to four digits', () => {
    expect(formatCalendarDate(toDayNumber(999, 1, 1))).toBe('0999-01-01')
    expect(parseCalendarDate('0999-01-01')).toBe(toDayNumber(999, 1, 1))
  })

  it('treats 2000 and 2024 as leap years and 1900, 2100 and 2023 as common years', () => {
    expect(isLeapYear(2000)).toBe(true)
    expect(isLeapYear(2024)).toBe(true)
    expect(isLeapYear(1900)).toBe(false)
    expect(isLeapYear(2100)).toBe(false)
    expect(isLeapYear(2023)).toBe(false)
  })

  it('gives February 29 days in leap years and 28 otherwise, and the fixed lengths of the other months', () => {
    expect(daysInMonth(2000, 2)).toBe(29)
    expect(daysInMonth(2024, 2)).toBe(29)
    expect(daysInMonth(1900, 2)).toBe(28)
    expect(daysInMonth(2100, 2)).toBe(28)
    expect([1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((month) => daysInMonth(2023, month))).toEqual([
      31, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31,
    ])
  })

  it('accepts February 29 in 2000 and 2024 but not in 1900 or 2100', () => {
    expect(parseCalendarDate('2000-02-29')).toBe(toDayNumber(2000, 2, 29))
    expect(parseCalendarDate('2024-02-29')).toBe(toDayNumber(2024, 2, 29))
    expect(parseCalendarDate('1900-02-29')).toBeUndefined()
    expect(parseCalendarDate('2100-02-29')).toBeUndefined()
  })

  it.each(['2023-02-29', '2024-02-30', '2024-13-01', '2024-00-10', '2024-04-31', '2024-06-31', '2024-01-32', '2024-01-00'])(
    'rejects the impossible date %s',
    (text) => {
      expect(parseCalendarDate(text)).toBeUndefined()
    },
  )

  it.each([
    '2024-1-01',
    '2024-01-1',
    ' 2024-01-01',
    '2024-01-01 ',
    '2024-01-01\n',
    '2024-01-01T00:00:00Z',
    '',
    '20240101',
    '2024/01/01',
    '01-01-2024',
    '+2024-01-01',
    '-2024-01-01',
    '12024-01-01',
    '２０２４-01-01',
    'yyyy-mm-dd',
  ])('rejects the malformed date string %j', (text) => {
    expect(parseCalendarDate(text)).toBeUndefined()
  })

  it('puts midnight UTC in the day it starts and the millisecond before it in the previous day', () => {
    const leapDay = Date.parse('2024-02-29T00:00:00Z')
    expect(dayOfInstant(leapDay)).toBe(parsed('2024-02-29'))
    expect(dayOfInstant(leapDay - 1)).toBe(parsed('2024-02-28'))
    expect(dayOfInstant(Date.parse('2024-02-29T23:59:59.999Z'))).toBe(parsed('2024-02-29'))
    expect(dayOfInstant(Date.parse('2024-03-01T00:00:00Z'))).toBe(parsed('2024-03-01'))
    expect(dayOfInstant(0)).toBe(0)
    expect(dayOfInstant(-1)).toBe(-1)
    expect(dayOfInstant(MS_PER_DAY - 1)).toBe(0)
    expect(dayOfInstant(MS_PER_DAY)).toBe(1)
  })

  it('crosses month and year boundaries by plain day arithmetic', () => {
    expect(formatCalendarDate(parsed('2023-12-31') + 1)).toBe('2024-01-01')
    expect(formatCalendarDate(parsed('2024-02-28') + 1)).toBe('2024-02-29')
    expect(formatCalendarDate(parsed('2024-02-28') + 2)).toBe('2024-03-01')
    expect(formatCalendarDate(parsed('2023-02-28') + 1)).toBe('2023-03-01')
    expect(formatCalendarDate(parsed('2024-03-01') - 1)).toBe('2024-02-29')
    expect(formatCalendarDate(parsed('2024-04-30') + 1)).toBe('2024-05-01')
    expect(formatCalendarDate(parsed('2024-12-31') + 1)).toBe('2025-01-01')
    expect(parsed('2025-01-01') - parsed('2024-01-01')).toBe(366)
    expect(parsed('2024-01-01') - parsed('2023-01-01')).toBe(365)
  })
})
