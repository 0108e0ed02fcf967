/**
 * The clock's now as the page shows it, in the clock's facts and in its field alike: the API's ISO
 * 8601 UTC date-time to the second (a running clock's milliseconds left out). Its first ten
 * characters are the `YYYY-MM-DD` every date of the page is written in, as the API writes them.
 *
 * @example
 * instantText('2026-01-15T12:00:03.456Z') // '2026-01-15T12:00:03Z'
 * instantText('2026-01-15T12:00:00Z') // '2026-01-15T12:00:00Z'
 */
export function instantText(now: string): string {
  return now.replace(/\.\d+Z$/, 'Z')
}

/**
 * What a person typed in the clock's field, as `PUT /__sandbox/clock` takes it: a date as it is (its
 * first instant), a date-time read in UTC, the sandbox's only zone, with or without its seconds and
 * `Z`, a space in place of the `T`. Anything else goes as typed, and the sandbox's 400 says what it takes.
 *
 * @example
 * typedInstant('2026-01-15 12:30') // '2026-01-15T12:30:00Z'
 * typedInstant(' 2026-01-15T12:30:05Z ') // '2026-01-15T12:30:05Z'
 * typedInstant('2026-01-15') // '2026-01-15'
 */
export function typedInstant(text: string): string {
  const trimmed = text.trim()
  const match = /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}:\d{2})(:\d{2}(?:\.\d+)?)?[Zz]?$/.exec(trimmed)
  return match === null ? trimmed : `${match[1]}T${match[2]}${match[3] ?? ':00'}Z`
}
