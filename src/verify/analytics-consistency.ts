import { contractIssue, describeValue, type ContractIssue } from '../contract/check-response.js'
import type { MonitoringData, OverviewData, Trend } from '../contract/resource-schemas.js'
import { formatCalendarDate, parseCalendarDate } from '../vocabulary/calendar-date.js'

/**
 * The cross-field and cross-endpoint promises of product.md, checked on answers that already match
 * the schemas. Each returns the differences as contract issues (an empty list: consistent).
 */

/** Scores are shown in hundredths: values that should be equal may differ by rounding only. */
const SCORE_TOLERANCE = 0.005 + 1e-9

/** The `<n>` of a `… for <n> dates` message. */
export function datesInMessage(message: string): number | undefined {
  const match = / (\d+) dates$/.exec(message)
  return match === null ? undefined : Number(match[1])
}

/** Days from `start` to `end`, both inclusive (NaN for a malformed date). */
export function daysBetween(start: string, end: string): number {
  return (parseCalendarDate(end) ?? Number.NaN) - (parseCalendarDate(start) ?? Number.NaN) + 1
}

/** The date `days` after `date` (before, when negative). */
export function shiftDate(date: string, days: number): string {
  return formatCalendarDate((parseCalendarDate(date) ?? 0) + days)
}

/** `stable` when |change| < 2, else `up` or `down`; both are accepted within 0.01 of the threshold. */
function trendFits(trend: Trend | string, change: number): boolean {
  const size = Math.abs(change)
  if (Math.abs(size - 2) < 0.01) return true
  if (size < 2) return trend === 'stable'
  return trend === (change > 0 ? 'up' : 'down')
}

/**
 * `/monitoring` in itself: the message's `<n>` is the history's length, the history is ascending
 * and inside the range, `current` is its last score, the current period's score is its mean, the
 * previous period is as long and ends the day before, and `trend` follows `change_percentage`.
 *
 * @example
 * monitoringConsistency(body.data, body.message, { start: '2026-02-01', end: '2026-02-07' })
 */
export function monitoringConsistency(
  data: MonitoringData,
  message: string,
  range: { start?: string; end?: string; days?: number } = {},
): ContractIssue[] {
  const issues: ContractIssue[] = []
  const { history } = data.visibility_score
  const { current_period: current, previous_period: previous, trend, change_percentage: change } = data.historical_comparison
  const dates = datesInMessage(message)
  if (dates !== history.length) issues.push(contractIssue('message', `… for ${history.length} dates (the history's length)`, message))
  if (range.start !== undefined && current.start !== range.start)
    issues.push(contractIssue('data.historical_comparison.current_period.start', range.start, current.start))
  if (range.end !== undefined && current.end !== range.end)
    issues.push(contractIssue('data.historical_comparison.current_period.end', range.end, current.end))
  const days = daysBetween(current.start, current.end)
  if (range.days !== undefined && days !== range.days)
    issues.push(contractIssue('data.historical_comparison.current_period', `${range.days} days`, `${days} days`))
  history.forEach((entry, index) => {
    const path = `data.visibility_score.history[${index}].date`
    if (entry.date < current.start || entry.date > current.end)
      issues.push(contractIssue(path, `a date from ${current.start} to ${current.end}`, entry.date))
    const before = history[index - 1]
    if (before !== undefined && entry.date <= before.date)
      issues.push(contractIssue(path, `a date after ${before.date} (ascending, no repeats)`, entry.date))
  })
  const last = history.at(-1)?.score ?? 0
  if (Math.abs(data.visibility_score.current - last) > SCORE_TOLERANCE)
    issues.push(contractIssue('data.visibility_score.current', `${last} (the last history score)`, data.visibility_score.current))
  const mean = history.length === 0 ? 0 : history.reduce((sum, entry) => sum + entry.score, 0) / history.length
  if (Math.abs(current.visibility_score - mean) > SCORE_TOLERANCE) {
    issues.push(
      contractIssue(
        'data.historical_comparison.current_period.visibility_score',
        `${mean.toFixed(2)} (the history's mean)`,
        current.visibility_score,
      ),
    )
  }
  if (previous.end !== shiftDate(current.start, -1))
    issues.push(contractIssue('data.historical_comparison.previous_period.end', shiftDate(current.start, -1), previous.end))
  if (daysBetween(previous.start, previous.end) !== days)
    issues.push(contractIssue('data.historical_comparison.previous_period.start', shiftDate(current.start, -days), previous.start))
  if (!trendFits(trend, change)) issues.push(contractIssue('data.historical_comparison.trend', `the trend of a ${change} % change`, trend))
  return issues
}

/**
 * `/monitoring` of a range against `/monitoring` of the period before it: the earlier answer's
 * current period is the later one's previous period, and `change_percentage` follows from the two
 * scores (0 when either period has no data).
 */
export function periodConsistency(later: MonitoringData, earlier: MonitoringData): ContractIssue[] {
  const issues: ContractIssue[] = []
  const shown = later.historical_comparison.previous_period.visibility_score
  const measured = earlier.historical_comparison.current_period.visibility_score
  if (Math.abs(shown - measured) > SCORE_TOLERANCE)
    issues.push(
      contractIssue('data.historical_comparison.previous_period.visibility_score', `${measured} (that period's own score)`, shown),
    )
  const current = later.historical_comparison.current_period.visibility_score
  const change = later.historical_comparison.change_percentage
  const bothHaveData = later.visibility_score.history.length > 0 && earlier.visibility_score.history.length > 0 && measured > 0
  const expected = bothHaveData ? ((current - measured) / measured) * 100 : 0
  if (Math.abs(change - expected) > 0.1)
    issues.push(contractIssue('data.historical_comparison.change_percentage', `${expected.toFixed(2)} (within 0.1)`, change))
  return issues
}

/**
 * `/overview` against `/monitoring` of the same project and range: the same `<n>`, brands by topic
 * and current score; `current_day_stats` is that day; sentiment shares sum to 1; `previous` is the
 * score of the day before the range (`dayBefore`, 0 without data) and `trend` follows.
 *
 * @example
 * overviewConsistency(overview.data, overview.message, monitoring.data, 51.2)
 */
export function overviewConsistency(
  data: OverviewData,
  message: string,
  monitoring: MonitoringData,
  dayBefore: number | undefined,
): ContractIssue[] {
  const issues: ContractIssue[] = []
  const dates = monitoring.visibility_score.history.length
  if (datesInMessage(message) !== dates) issues.push(contractIssue('message', `… for ${dates} dates (as /monitoring)`, message))
  if (JSON.stringify(data.brands_by_topics) !== JSON.stringify(monitoring.brands_by_topics)) {
    issues.push(
      contractIssue('data.brands_by_topics', `${describeValue(monitoring.brands_by_topics)} (as /monitoring)`, data.brands_by_topics),
    )
  }
  const current = monitoring.visibility_score.current
  if (Math.abs(data.visibility_score.current - current) > SCORE_TOLERANCE)
    issues.push(contractIssue('data.visibility_score.current', `${current} (as /monitoring)`, data.visibility_score.current))
  if (Math.abs(data.current_day_stats.visibility_score - data.visibility_score.current) > SCORE_TOLERANCE) {
    issues.push(
      contractIssue(
        'data.current_day_stats.visibility_score',
        `${data.visibility_score.current} (visibility_score.current)`,
        data.current_day_stats.visibility_score,
      ),
    )
  }
  const { positive, neutral, negative } = data.sentiment_analysis
  const sum = positive + neutral + negative
  const expectedSum = dates === 0 ? 0 : 1
  if (Math.abs(sum - expectedSum) > 1e-6)
    issues.push(contractIssue('data.sentiment_analysis', `shares summing to ${expectedSum}`, `${positive} + ${neutral} + ${negative}`))
  if (dates === 0 && Object.keys(data.brands_by_providers).length > 0)
    issues.push(contractIssue('data.brands_by_providers', '{} (no data in the range)', data.brands_by_providers))
  if (dayBefore !== undefined) {
    if (Math.abs(data.visibility_score.previous - dayBefore) > SCORE_TOLERANCE) {
      issues.push(
        contractIssue(
          'data.visibility_score.previous',
          `${dayBefore} (the score of the day before the range)`,
          data.visibility_score.previous,
        ),
      )
    }
    const previous = data.visibility_score.previous
    const change = dates === 0 || previous === 0 ? 0 : ((data.visibility_score.current - previous) / previous) * 100
    if (!trendFits(data.visibility_score.trend, change))
      issues.push(contractIssue('data.visibility_score.trend', `the trend of a ${change.toFixed(2)} % change`, data.visibility_score.trend))
  }
  return issues
}
