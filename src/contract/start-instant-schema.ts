import { z } from 'zod'
import { FIRST_INSTANT_MS } from '../vocabulary/format-instant.js'
import { parseStartInstant } from '../vocabulary/parse-start-instant.js'

/**
 * What a clock may be set to, wherever it is set (`--now`, the `now` option, a session's `now`,
 * `PUT /__sandbox/clock`): a date, read as its first instant in UTC, or a UTC date-time.
 *
 * @example
 * START_INSTANT_MESSAGE // 'must be a date (YYYY-MM-DD) or a UTC date-time (YYYY-MM-DDTHH:MM:SSZ), from 0001-01-01 on'
 */
export const START_INSTANT_MESSAGE = 'must be a date (YYYY-MM-DD) or a UTC date-time (YYYY-MM-DDTHH:MM:SSZ), from 0001-01-01 on'

/**
 * A date or a UTC date-time (to the millisecond) from 0001-01-01 on, which `parseStartInstant`
 * reads. A union of zod's ISO formats, so the OpenAPI documents say `date` or `date-time`.
 *
 * @example
 * startInstantSchema.parse('2026-06-01') // '2026-06-01'
 */
export const startInstantSchema = z
  .union([z.iso.date(), z.iso.datetime({ offset: false })], { error: START_INSTANT_MESSAGE })
  .refine((text) => (parseStartInstant(text) ?? Number.NEGATIVE_INFINITY) >= FIRST_INSTANT_MS, START_INSTANT_MESSAGE)
