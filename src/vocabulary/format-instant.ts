/**
 * An instant as the API writes date-times: ISO 8601 in UTC, with milliseconds only when it has some.
 *
 * @example
 * formatInstant(Date.parse('2026-01-15T00:00:00Z')) // '2026-01-15T00:00:00Z'
 */
export function formatInstant(epochMs: number): string {
  return new Date(epochMs).toISOString().replace('.000Z', 'Z')
}

/** The first instant a made-up date-time takes (the year 0001 begins). */
export const FIRST_INSTANT_MS = Date.parse('0001-01-01T00:00:00Z')

/** The last instant a date-time can name (the year 9999 ends). */
export const LAST_INSTANT_MS = Date.parse('9999-12-31T23:59:59Z')
