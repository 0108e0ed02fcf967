import { LIMITS } from './limits.js'
import type { DayNumber } from './calendar-date.js'
import type { Provider } from './providers.js'

/**
 * The resolved filters of a `/monitoring` or `/overview` request.
 *
 * @example
 * const query: AnalyticsQuery = { start: today - 29, end: today, provider: 'chatgpt', region: undefined }
 */
export interface AnalyticsQuery {
  readonly start: DayNumber
  readonly end: DayNumber
  /** `undefined`: all the project's providers. */
  readonly provider: Provider | undefined
  /** `undefined`: all the regions the project has data in. */
  readonly region: string | undefined
}

/** Days in the default range, and days covered at most. */
export const DEFAULT_RANGE_DAYS = 30
export const MAX_RANGE_DAYS = LIMITS.rangeDays
