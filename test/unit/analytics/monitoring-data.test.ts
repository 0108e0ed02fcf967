import { beforeAll, describe, expect, it } from 'vitest'
import { formatCalendarDate } from '../../../src/vocabulary/calendar-date.js'
import { createAnalytics, type Analytics } from '../../../src/analytics/create-analytics.js'
import type { AnalyticsQuery } from '../../../src/vocabulary/analytics-query.js'
import type { Model } from '../../../src/model/create-model.js'
import { DATA_CASES, EMPTY_CASES, cellDaysOn, day, expectedDates, mean } from '../support/analytics-cases.js'
import { TODAY, loadDefaultModel, projectEntry, query, monitoringOf } from '../support/default-model.js'
import { THIS_PROCESS } from '../../../src/sandbox/this-process.js'

const SEED = 42
let model: Model
let analytics: Analytics

beforeAll(async () => {
  model = await loadDefaultModel()
  analytics = createAnalytics(SEED, THIS_PROCESS.series)
})

function monitoring(projectId: number, analyticsQuery: AnalyticsQuery, today = TODAY) {
  return monitoringOf(analytics, projectEntry(model, projectId), analyticsQuery, today)
}

/** The period just before `analyticsQuery`, of the same length, with the same filter. */
function previousOf(analyticsQuery: AnalyticsQuery): AnalyticsQuery {
  const days = analyticsQuery.end - analyticsQuery.start + 1
  return { ...analyticsQuery, start: analyticsQuery.start - days, end: analyticsQuery.start - 1 }
}

describe.each(DATA_CASES)('buildMonitoringData over $name', ({ projectId, query: analyticsQuery, dates }) => {
  it('reports as many dates as the history has, and the expected number of them', () => {
    const result = monitoring(projectId, analyticsQuery)
    expect(result.dates).toBe(dates)
    expect(result.data.visibility_score.history.length).toBe(result.dates)
  })

  it('lists consecutive history dates inside the range, clipped to the project’s creation and today', () => {
    const entry = projectEntry(model, projectId)
    const { history } = monitoring(projectId, analyticsQuery).data.visibility_score
    expect(history.map((point) => point.date)).toEqual(expectedDates(entry, analyticsQuery))
    for (const point of history) {
      const pointDay = day(point.date)
      expect(pointDay).toBeGreaterThanOrEqual(Math.max(analyticsQuery.start, entry.createdDay))
      expect(pointDay).toBeLessThanOrEqual(Math.min(analyticsQuery.end, TODAY))
    }
  })

  it('gives each day the rounded mean visibility of the matching cells, as a 0-100 score with 2 decimals', () => {
    const entry = projectEntry(model, projectId)
    for (const point of monitoring(projectId, analyticsQuery).data.visibility_score.history) {
      const cells = cellDaysOn(entry, SEED, analyticsQuery, day(point.date))
      expect(point.score).toBe(Math.round(mean(cells.map((cell) => cell.visibility))) / 100)
      expect(point.score).toBeGreaterThanOrEqual(0)
      expect(point.score).toBeLessThanOrEqual(100)
    }
  })

  it('makes current the score of the last history date', () => {
    const { visibility_score } = monitoring(projectId, analyticsQuery).data
    expect(visibility_score.current).toBe(visibility_score.history.at(-1)?.score)
  })

  it('gives the requested range as the current period and the same number of days just before it as the previous period', () => {
    const { current_period, previous_period } = monitoring(projectId, analyticsQuery).data.historical_comparison
    const days = analyticsQuery.end - analyticsQuery.start + 1
    expect(current_period.start).toBe(formatCalendarDate(analyticsQuery.start))
    expect(current_period.end).toBe(formatCalendarDate(analyticsQuery.end))
    expect(previous_period.start).toBe(formatCalendarDate(analyticsQuery.start - days))
    expect(previous_period.end).toBe(formatCalendarDate(analyticsQuery.start - 1))
    expect(day(previous_period.end) - day(previous_period.start) + 1).toBe(days)
  })

  it('gives the current period the mean of the displayed daily scores, within 0.01', () => {
    const { data } = monitoring(projectId, analyticsQuery)
    const displayed = mean(data.visibility_score.history.map((point) => point.score))
    expect(Math.abs(data.historical_comparison.current_period.visibility_score - displayed)).toBeLessThanOrEqual(0.01 + 1e-9)
  })

  it('gives the previous period the mean of the daily scores a request for that period displays, within 0.01', () => {
    const { data } = monitoring(projectId, analyticsQuery)
    const previous = monitoring(projectId, previousOf(analyticsQuery)).data
    const displayed = mean(previous.visibility_score.history.map((point) => point.score))
    expect(Math.abs(data.historical_comparison.previous_period.visibility_score - displayed)).toBeLessThanOrEqual(0.01 + 1e-9)
    expect(data.historical_comparison.previous_period.visibility_score).toBe(previous.historical_comparison.current_period.visibility_score)
  })

  it('gives a change_percentage consistent with the two period scores within 0.1, and a trend by the 2 % rule', () => {
    const { historical_comparison: comparison } = monitoring(projectId, analyticsQuery).data
    const current = comparison.current_period.visibility_score
    const previous = comparison.previous_period.visibility_score
    if (previous === 0) {
      expect(comparison.change_percentage).toBe(0)
    } else {
      expect(Math.abs(comparison.change_percentage - ((current - previous) / previous) * 100)).toBeLessThanOrEqual(0.1)
    }
    const change = comparison.change_percentage
    expect(comparison.trend).toBe(Math.abs(change) < 2 ? 'stable' : change > 0 ? 'up' : 'down')
  })

  it('lists the project’s topics with their brands', () => {
    const entry = projectEntry(model, projectId)
    const expected = Object.fromEntries(entry.project.topics.map((topic) => [topic.name, topic.brands]))
    expect(monitoring(projectId, analyticsQuery).data.brands_by_topics).toEqual(expected)
  })

  it('does not depend on "today" for days before it, nor on the analytics instance', () => {
    const later = monitoringOf(createAnalytics(SEED, THIS_PROCESS.series), projectEntry(model, projectId), analyticsQuery, TODAY + 400)
    const now = monitoring(projectId, analyticsQuery)
    const historyNow = now.data.visibility_score.history
    expect(later.data.visibility_score.history.slice(0, historyNow.length)).toEqual(historyNow)
    if (analyticsQuery.end <= TODAY) expect(JSON.stringify(later)).toBe(JSON.stringify(now))
  })
})

describe.each(EMPTY_CASES)('buildMonitoringData over $name (0 dates)', ({ projectId, query: analyticsQuery, previousEmpty }) => {
  it('reports 0 dates, an empty history, zero scores and no brands', () => {
    const { data, dates } = monitoring(projectId, analyticsQuery)
    expect(dates).toBe(0)
    expect(data.visibility_score).toEqual({ current: 0, history: [] })
    expect(data.historical_comparison.current_period).toEqual({
      start: formatCalendarDate(analyticsQuery.start),
      end: formatCalendarDate(analyticsQuery.end),
      visibility_score: 0,
    })
    expect(data.brands_by_topics).toEqual({})
  })

  it('shows the previous period mean but reports no change, since a period without data is no drop', () => {
    const { historical_comparison: comparison } = monitoring(projectId, analyticsQuery).data
    const previous = monitoring(projectId, previousOf(analyticsQuery)).data
    expect(comparison.previous_period.visibility_score).toBe(previous.historical_comparison.current_period.visibility_score)
    if (previousEmpty) expect(comparison.previous_period.visibility_score).toBe(0)
    else expect(comparison.previous_period.visibility_score).toBeGreaterThan(0)
    expect(comparison.change_percentage).toBe(0)
    expect(comparison.trend).toBe('stable')
  })
})

describe('buildMonitoringData: specific calendars', () => {
  it('lists the leap day between 2024-02-28 and 2024-03-01', () => {
    const dates = monitoring(101, query('2024-02-27', '2024-03-02')).data.visibility_score.history.map((point) => point.date)
    expect(dates).toEqual(['2024-02-27', '2024-02-28', '2024-02-29', '2024-03-01', '2024-03-02'])
  })

  it('goes from 2025-02-28 straight to 2025-03-01 in a common year', () => {
    const dates = monitoring(101, query('2025-02-27', '2025-03-02')).data.visibility_score.history.map((point) => point.date)
    expect(dates).toEqual(['2025-02-27', '2025-02-28', '2025-03-01', '2025-03-02'])
  })

  it('takes the previous period of March 2024 as 2024-01-30..2024-02-29', () => {
    const { previous_period } = monitoring(102, query('2024-03-01', '2024-03-31')).data.historical_comparison
    expect(previous_period.start).toBe('2024-01-30')
    expect(previous_period.end).toBe('2024-02-29')
  })

  it('takes the previous period of January 2024 as December 2023', () => {
    const { previous_period } = monitoring(101, query('2024-01-01', '2024-01-31')).data.historical_comparison
    expect(previous_period.start).toBe('2023-12-01')
    expect(previous_period.end).toBe('2023-12-31')
  })

  it('averages the previous period over only its days with data when it starts before creation', () => {
    const entry = projectEntry(model, 101)
    const { previous_period } = monitoring(101, query('2023-03-20', '2023-03-29')).data.historical_comparison
    expect(previous_period.start).toBe('2023-03-10')
    const days = [0, 1, 2, 3, 4, 5].map((offset) => entry.createdDay + offset)
    const scores = days.map((dayNumber) =>
      Math.round(mean(cellDaysOn(entry, SEED, { provider: undefined, region: undefined }, dayNumber).map((cell) => cell.visibility))),
    )
    expect(previous_period.visibility_score).toBe(Math.round(mean(scores)) / 100)
  })
})
