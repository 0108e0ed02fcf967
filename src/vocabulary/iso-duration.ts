import { LIMITS } from './limits.js'
/**
 * The text of a duration the clock takes: whole weeks, days, hours, minutes and seconds, at least one.
 *
 * @example
 * ISO_DURATION_PATTERN.test('P1DT12H') // true
 */
export const ISO_DURATION_PATTERN = /^P(?!$)(?:\d{1,7}W)?(?:\d{1,7}D)?(?:T(?=\d)(?:\d{1,9}H)?(?:\d{1,9}M)?(?:\d{1,9}S)?)?$/

const DURATION = /^P(?:(\d{1,7})W)?(?:(\d{1,7})D)?(?:T(?:(\d{1,9})H)?(?:(\d{1,9})M)?(?:(\d{1,9})S)?)?$/

/** The longest move of the clock: about 1000 years, so "now" stays a valid date. */
export const MAX_DURATION_MS = 1000 * LIMITS.rangeDays * 86_400_000

/**
 * Milliseconds of an ISO 8601 duration of whole weeks, days, hours, minutes and seconds (`P30D`,
 * `PT2H`, `P1DT12H`), or `undefined` for anything else: years and months have no fixed length, so
 * they are refused rather than guessed. How long a move may be is the caller's to judge
 * ({@link MAX_DURATION_MS}).
 *
 * @example
 * parseIsoDuration('PT2H') // 7_200_000
 * parseIsoDuration('P1M') // undefined
 */
export function parseIsoDuration(text: string): number | undefined {
  const match = DURATION.exec(text)
  if (match === null || text === 'P' || text.endsWith('T')) return undefined
  const [, weeks, days, hours, minutes, seconds] = match.map((part) => (part === undefined ? 0 : Number(part)))
  const ms = Math.round(((((weeks! * 7 + days!) * 24 + hours!) * 60 + minutes!) * 60 + seconds!) * 1000)
  return ms
}

/**
 * What is wrong with a clock `advance` that is no duration the clock takes.
 *
 * @example
 * ({ field: 'advance', message: CLOCK_ADVANCE_MESSAGE })
 */
export const CLOCK_ADVANCE_MESSAGE = 'must be an ISO 8601 duration of weeks, days, hours, minutes and whole seconds, such as P30D or PT2H'
