import { DEFAULT_RANGE_DAYS, MAX_RANGE_DAYS, type AnalyticsQuery } from '../../vocabulary/analytics-query.js'
import { FIRST_DAY, LAST_DAY, parseCalendarDate, type DayNumber } from '../../vocabulary/calendar-date.js'
import { isProvider } from '../../vocabulary/providers.js'
import { isRegion } from '../../vocabulary/regions.js'
import { repeatedParameterDetail } from '../../vocabulary/repeated-parameter.js'
import { SandboxError } from '../../vocabulary/sandbox-error.js'
import { ERRORS, type ErrorTemplate } from '../../vocabulary/errors.js'

const ASCII_WORD = /^[A-Za-z_]+$/

/** The one value of `name`, `undefined` when absent; throws `template` when it is repeated. */
function single(params: URLSearchParams, name: string, template: ErrorTemplate): string | undefined {
  const values = params.getAll(name)
  if (values.length > 1) throw new SandboxError(template, repeatedParameterDetail(name))
  return values[0]
}

/** The detail of a range that would show a date YYYY-MM-DD cannot write. */
export function outOfYears(name: string): string {
  return `${name} leads to dates outside 0000-01-01 to 9999-12-31 (the range and the period before it, which answers compare with)`
}

function parseDate(params: URLSearchParams, name: string): DayNumber | undefined {
  const text = single(params, name, ERRORS.invalidDate)
  if (text === undefined) return undefined
  const day = parseCalendarDate(text)
  if (day === undefined) throw new SandboxError(ERRORS.invalidDate, `${name} must be a calendar date in YYYY-MM-DD format`)
  return day
}

/**
 * The query guard: resolves `start_date`, `end_date`, `provider` and `region` against `today`, or
 * throws the 400 envelope (`invalid_date`, `invalid_date_range`, `date_range_too_large`,
 * `invalid_provider`, `invalid_region`). Unknown parameters are ignored.
 *
 * @example
 * parseAnalyticsQuery('provider=ChatGPT', today) // { start: today - 29, end: today, provider: 'chatgpt', region: undefined }
 */
export function parseAnalyticsQuery(query: string, today: DayNumber): AnalyticsQuery {
  const params = new URLSearchParams(query)
  const startDate = parseDate(params, 'start_date')
  const endDate = parseDate(params, 'end_date')
  const end = endDate ?? (startDate === undefined ? today : startDate + DEFAULT_RANGE_DAYS - 1)
  const start = startDate ?? end - DEFAULT_RANGE_DAYS + 1
  if (end < start) throw new SandboxError(ERRORS.invalidDateRange)
  const days = end - start + 1
  if (days > MAX_RANGE_DAYS) {
    throw new SandboxError(ERRORS.dateRangeTooLarge, `The date range covers ${days} days; at most ${MAX_RANGE_DAYS} are allowed`)
  }
  // The answer shows the range and the period before it, each date as YYYY-MM-DD.
  if (start - days < FIRST_DAY) throw new SandboxError(ERRORS.invalidDate, outOfYears(startDate === undefined ? 'end_date' : 'start_date'))
  if (end > LAST_DAY) throw new SandboxError(ERRORS.invalidDate, outOfYears(endDate === undefined ? 'start_date' : 'end_date'))

  // Case is folded for ASCII only, so look-alikes such as the Kelvin sign (K) never match an id.
  const providerText = single(params, 'provider', ERRORS.invalidProvider)
  const provider = providerText !== undefined && ASCII_WORD.test(providerText) ? providerText.toLowerCase() : providerText
  if (provider !== undefined && !isProvider(provider)) throw new SandboxError(ERRORS.invalidProvider)
  const regionText = single(params, 'region', ERRORS.invalidRegion)
  const region = regionText !== undefined && ASCII_WORD.test(regionText) ? regionText.toUpperCase() : regionText
  if (region !== undefined && !isRegion(region)) throw new SandboxError(ERRORS.invalidRegion)
  return { start, end, provider, region }
}
