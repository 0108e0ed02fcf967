import { beforeAll, describe, expect, it } from 'vitest'
import { createAnalytics, type Analytics } from '../../../src/analytics/create-analytics.js'
import type { AnalyticsQuery } from '../../../src/vocabulary/analytics-query.js'
import type { Model } from '../../../src/model/create-model.js'
import { DATA_CASES, EMPTY_CASES, cellDaysOn, mean } from '../support/analytics-cases.js'
import { TODAY, day, loadDefaultModel, projectEntry, query, monitoringOf, overviewOf } from '../support/default-model.js'
import { THIS_PROCESS } from '../../../src/sandbox/this-process.js'

const SEED = 42
let model: Model
let analytics: Analytics

beforeAll(async () => {
  model = await loadDefaultModel()
  analytics = createAnalytics(SEED, THIS_PROCESS.series)
})

function overview(projectId: number, analyticsQuery: AnalyticsQuery, today = TODAY) {
  return overviewOf(analytics, projectEntry(model, projectId), analyticsQuery, today)
}

function monitoring(projectId: number, analyticsQuery: AnalyticsQuery) {
  return monitoringOf(analytics, projectEntry(model, projectId), analyticsQuery, TODAY)
}

/** The value a monitoring request for the single day before the range shows (0 without data). */
function dayBeforeValue(projectId: number, analyticsQuery: AnalyticsQuery): number {
  return monitoring(projectId, { ...analyticsQuery, start: analyticsQuery.start - 1, end: analyticsQuery.start - 1 }).data.visibility_score
    .current
}

describe.each(DATA_CASES)('buildOverviewData over $name', ({ projectId, query: analyticsQuery, dates }) => {
  it('reports the same number of dates as monitoring', () => {
    expect(overview(projectId, analyticsQuery).dates).toBe(dates)
    expect(overview(projectId, analyticsQuery).dates).toBe(monitoring(projectId, analyticsQuery).dates)
  })

  it('takes current_day_stats.visibility_score and visibility_score.current from monitoring’s current for the same query', () => {
    const { data } = overview(projectId, analyticsQuery)
    const current = monitoring(projectId, analyticsQuery).data.visibility_score.current
    expect(data.current_day_stats.visibility_score).toBe(current)
    expect(data.visibility_score.current).toBe(current)
  })

  it('gives the last day with data’s citation and sentiment scores, computed from the matching cells', () => {
    const entry = projectEntry(model, projectId)
    const lastDay = Math.min(analyticsQuery.end, TODAY)
    const cells = cellDaysOn(entry, SEED, analyticsQuery, lastDay)
    const positive = cells.reduce((sum, cell) => sum + cell.positive, 0)
    const neutral = cells.reduce((sum, cell) => sum + cell.neutral, 0)
    const negative = cells.reduce((sum, cell) => sum + cell.negative, 0)
    const stats = overview(projectId, analyticsQuery).data.current_day_stats
    expect(stats.citation_score).toBe(Math.round(mean(cells.map((cell) => cell.citation))) / 100)
    expect(stats.sentiment_score).toBe(Math.round(((positive + neutral / 2) * 10_000) / (positive + neutral + negative)) / 100)
    for (const score of Object.values(stats)) {
      expect(score).toBeGreaterThanOrEqual(0)
      expect(score).toBeLessThanOrEqual(100)
    }
  })

  it('gives as previous the value on the day before the range, or 0 when that day has no data', () => {
    const { visibility_score } = overview(projectId, analyticsQuery).data
    const entry = projectEntry(model, projectId)
    const expected = dayBeforeValue(projectId, analyticsQuery)
    expect(visibility_score.previous).toBe(expected)
    if (analyticsQuery.start - 1 < entry.createdDay) expect(visibility_score.previous).toBe(0)
    else expect(visibility_score.previous).toBeGreaterThan(0)
  })

  it('sets the trend by the 2 % rule between current and previous', () => {
    const { current, previous, trend } = overview(projectId, analyticsQuery).data.visibility_score
    const change = previous === 0 ? 0 : Math.round(((current - previous) / previous) * 10_000) / 100
    expect(trend).toBe(Math.abs(change) < 2 ? 'stable' : change > 0 ? 'up' : 'down')
  })

  it('gives sentiment shares in [0, 1] that sum to 1 and match the range’s mention counts', () => {
    const entry = projectEntry(model, projectId)
    const shares = overview(projectId, analyticsQuery).data.sentiment_analysis
    for (const share of Object.values(shares)) {
      expect(share).toBeGreaterThanOrEqual(0)
      expect(share).toBeLessThanOrEqual(1)
    }
    expect(Math.abs(shares.positive + shares.neutral + shares.negative - 1)).toBeLessThanOrEqual(1e-9)
    let positive = 0
    let neutral = 0
    let negative = 0
    for (let dayNumber = Math.max(analyticsQuery.start, entry.createdDay); dayNumber <= Math.min(analyticsQuery.end, TODAY); dayNumber++) {
      for (const cell of cellDaysOn(entry, SEED, analyticsQuery, dayNumber)) {
        positive += cell.positive
        neutral += cell.neutral
        negative += cell.negative
      }
    }
    const total = positive + neutral + negative
    expect(Math.abs(shares.positive - positive / total)).toBeLessThanOrEqual(0.0001)
    expect(Math.abs(shares.negative - negative / total)).toBeLessThanOrEqual(0.0001)
    expect(Math.abs(shares.neutral - neutral / total)).toBeLessThanOrEqual(0.0002)
  })

  it('lists brands by topic and, for each provider in the filter, brands that include the project’s own', () => {
    const entry = projectEntry(model, projectId)
    const { data } = overview(projectId, analyticsQuery)
    expect(data.brands_by_topics).toEqual(Object.fromEntries(entry.project.topics.map((topic) => [topic.name, topic.brands])))
    const providers = entry.project.providers.filter((id) => analyticsQuery.provider === undefined || id === analyticsQuery.provider)
    expect(Object.keys(data.brands_by_providers)).toEqual(providers)
    const own = entry.project.topics[0]!.brands[0]!
    for (const brands of Object.values(data.brands_by_providers)) expect(brands).toContain(own)
  })

  it('serialises its fields in the documented order', () => {
    const { data } = overview(projectId, analyticsQuery)
    expect(Object.keys(data)).toEqual([
      'current_day_stats',
      'brands_by_topics',
      'brands_by_providers',
      'visibility_score',
      'sentiment_analysis',
    ])
  })
})

describe.each(EMPTY_CASES)('buildOverviewData over $name (0 dates)', ({ projectId, query: analyticsQuery }) => {
  it('reports 0 dates, zero scores and shares, and no brands', () => {
    const { data, dates } = overview(projectId, analyticsQuery)
    expect(dates).toBe(0)
    expect(data.current_day_stats).toEqual({ visibility_score: 0, citation_score: 0, sentiment_score: 0 })
    expect(data.brands_by_topics).toEqual({})
    expect(data.brands_by_providers).toEqual({})
    expect(data.visibility_score.current).toBe(0)
    expect(data.sentiment_analysis).toEqual({ positive: 0, neutral: 0, negative: 0 })
  })

  it('gives as previous the value on the day before the range (0 when it has no data)', () => {
    expect(overview(projectId, analyticsQuery).data.visibility_score.previous).toBe(dayBeforeValue(projectId, analyticsQuery))
  })
})

describe('buildOverviewData: specific days', () => {
  it('uses the leap day as previous for a range starting 2024-03-01', () => {
    const { visibility_score } = overview(101, query('2024-03-01', '2024-03-10')).data
    const leapDay = monitoring(101, query('2024-02-29', '2024-02-29')).data.visibility_score.history
    expect(leapDay.map((point) => point.date)).toEqual(['2024-02-29'])
    expect(visibility_score.previous).toBe(leapDay[0]!.score)
  })

  it('uses 2023-12-31 as previous for a range starting 2024-01-01', () => {
    const { visibility_score } = overview(101, query('2024-01-01', '2024-01-10')).data
    expect(visibility_score.previous).toBe(monitoring(101, query('2023-12-31', '2023-12-31')).data.visibility_score.current)
  })

  it('clips current to today when the range ends after it', () => {
    const { current_day_stats } = overview(101, query(TODAY - 5, TODAY + 5)).data
    expect(current_day_stats.visibility_score).toBe(monitoring(101, query(TODAY, TODAY)).data.visibility_score.current)
    expect(day('2025-06-15')).toBe(TODAY)
  })

  it('gives the same answer for a past range whatever "today" is', () => {
    const analyticsQuery = query('2024-02-20', '2024-03-05')
    const now = overview(101, analyticsQuery)
    const later = overviewOf(createAnalytics(SEED, THIS_PROCESS.series), projectEntry(model, 101), analyticsQuery, TODAY + 365)
    expect(JSON.stringify(later)).toBe(JSON.stringify(now))
  })
})

describe('buildOverviewData: trend without data', () => {
  it('is stable when the range has no data, even though the day before it has a value', () => {
    const { visibility_score } = overview(101, { start: TODAY + 1, end: TODAY + 30, provider: undefined, region: undefined }).data
    expect(visibility_score.previous).toBeGreaterThan(0)
    expect(visibility_score.current).toBe(0)
    expect(visibility_score.trend).toBe('stable')
  })

  it('is stable when the day before the range has no data (the range starts on the creation day)', () => {
    const created = projectEntry(model, 101).createdDay
    const { visibility_score } = overview(101, { start: created, end: created + 10, provider: undefined, region: undefined }).data
    expect(visibility_score.previous).toBe(0)
    expect(visibility_score.current).toBeGreaterThan(0)
    expect(visibility_score.trend).toBe('stable')
  })
})
