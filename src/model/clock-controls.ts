import type { ClockView } from '../contract/portal-schemas.js'
import { loadInputSchemas } from '../contract/load-input-schemas.js'
import { dayOfInstant, formatCalendarDate } from '../vocabulary/calendar-date.js'
import type { Clock } from '../vocabulary/clock.js'
import { formatInstant, LAST_INSTANT_MS } from '../vocabulary/format-instant.js'
import { CLOCK_ADVANCE_MESSAGE, MAX_DURATION_MS, parseIsoDuration } from '../vocabulary/iso-duration.js'
import { parseStartInstant } from '../vocabulary/parse-start-instant.js'
import { PortalError } from '../vocabulary/portal-error.js'
import { ROOT_ISSUE_PATH } from '../vocabulary/format-issue-path.js'
import { parse } from './parse-body.js'
import { refuseOversizedBody } from './refuse-oversized-body.js'

/**
 * The clock as the admin API and the library show it: now (to the second), today, and whether it is frozen.
 *
 * @example
 * clockView(clock) // { now: '2026-03-01T00:00:00Z', today: '2026-03-01', frozen: true }
 */
export function clockView(clock: Clock): ClockView {
  const now = clock.now()
  return { now: formatInstant(Math.floor(now / 1000) * 1000), today: formatCalendarDate(dayOfInstant(now)), frozen: clock.frozen }
}

/**
 * Sets, advances or restores `clock` from an admin body (`{"now": …}`, `{"advance": "P30D"}` or
 * `{"now": null}`), checking all of it first: a mistake is the {@link PortalError} (400) and the
 * clock does not move.
 *
 * @example
 * setClock(clock, { advance: 'P30D' }).today // 30 days on
 */
export function setClock(clock: Clock, body: unknown): ClockView {
  refuseOversizedBody(body)
  const fields = typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}
  if ('now' in fields === 'advance' in fields) {
    throw PortalError.invalid([
      { field: ROOT_ISSUE_PATH, message: 'give "now" (a date or a date-time, or null for the start clock) or "advance", not both' },
    ])
  }
  if ('advance' in fields) {
    const { advance } = parse(loadInputSchemas().clockAdvanceSchema, body)
    const ms = parseIsoDuration(advance)
    if (ms === undefined) throw PortalError.invalid([{ field: 'advance', message: CLOCK_ADVANCE_MESSAGE }])
    if (ms > MAX_DURATION_MS) throw PortalError.invalid([{ field: 'advance', message: 'may move the clock at most 1000 years at once' }])
    if (clock.now() + ms > LAST_INSTANT_MS) throw PortalError.invalid([{ field: 'advance', message: 'moves the clock past the year 9999' }])
    clock.advance(ms)
    return clockView(clock)
  }
  const { now } = parse(loadInputSchemas().clockSetSchema, body)
  // The schema took only what parseStartInstant reads, from 0001-01-01 on.
  if (now === null) clock.restore()
  else clock.set(parseStartInstant(now)!)
  return clockView(clock)
}
