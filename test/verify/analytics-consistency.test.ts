import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MonitoringData, OverviewData } from '../../src/contract/resource-schemas.js'
import { MESSAGES } from '../../src/vocabulary/endpoint-rules.js'
import { DOCUMENTED_KEYS } from '../../src/vocabulary/documented-keys.js'
import { startSandbox, type RunningSandbox } from '../../src/server/start-sandbox.js'
import { monitoringConsistency, overviewConsistency, periodConsistency } from '../../src/verify/analytics-consistency.js'
import { TODAY } from '../api/contract/fixtures.js'

describe('the consistency promises verify checks', () => {
  let sandbox: RunningSandbox
  let monitoring: MonitoringData
  let previous: MonitoringData
  let overview: OverviewData
  const get = async <Data>(path: string): Promise<Data> => {
    const response = await fetch(`${sandbox.url}${path}`, { headers: { 'x-api-key': DOCUMENTED_KEYS.user, 'x-project-id': '101' } })
    return ((await response.json()) as { data: Data }).data
  }
  const copy = <T>(value: T): T => structuredClone(value)
  const dayBefore = () => previous.visibility_score.history.at(-1)?.score ?? 0

  beforeAll(async () => {
    sandbox = await startSandbox({ now: TODAY })
    monitoring = await get('monitoring')
    const { start, end } = monitoring.historical_comparison.previous_period
    previous = await get(`monitoring?start_date=${start}&end_date=${end}`)
    overview = await get('overview')
  })
  afterAll(() => sandbox.close())

  it('finds the sandbox consistent with itself', () => {
    expect(monitoringConsistency(monitoring, MESSAGES.monitoring(30), { days: 30, end: TODAY })).toEqual([])
    expect(periodConsistency(monitoring, previous)).toEqual([])
    expect(overviewConsistency(overview, MESSAGES.overview(30), monitoring, dayBefore())).toEqual([])
  })

  it('reports a message whose count is not the history’s length', () => {
    expect(monitoringConsistency(monitoring, MESSAGES.monitoring(29))).toEqual([
      { path: 'message', expected: "… for 30 dates (the history's length)", received: JSON.stringify(MESSAGES.monitoring(29)) },
    ])
  })

  it('reports a current score that is not the last of the history', () => {
    const changed = copy(monitoring)
    changed.visibility_score.current += 1
    expect(monitoringConsistency(changed, MESSAGES.monitoring(30)).map((issue) => issue.path)).toEqual(['data.visibility_score.current'])
  })

  it('reports a history out of order or outside the range', () => {
    const changed = copy(monitoring)
    const [first, second] = changed.visibility_score.history
    changed.visibility_score.history[0] = second!
    changed.visibility_score.history[1] = first!
    expect(monitoringConsistency(changed, MESSAGES.monitoring(30)).map((issue) => issue.path)).toContain(
      'data.visibility_score.history[1].date',
    )
    const outside = copy(monitoring)
    outside.visibility_score.history[0]!.date = '2020-01-01'
    expect(monitoringConsistency(outside, MESSAGES.monitoring(30)).map((issue) => issue.path)).toEqual([
      'data.visibility_score.history[0].date',
    ])
  })

  it('reports a period score that is not the mean of the history, and a trend that does not follow the change', () => {
    const changed = copy(monitoring)
    changed.historical_comparison.current_period.visibility_score += 0.5
    changed.historical_comparison.trend = changed.historical_comparison.change_percentage >= 2 ? 'down' : 'up'
    changed.historical_comparison.change_percentage = 10
    expect(monitoringConsistency(changed, MESSAGES.monitoring(30)).map((issue) => issue.path)).toEqual([
      'data.historical_comparison.current_period.visibility_score',
      ...(changed.historical_comparison.trend === 'up' ? [] : ['data.historical_comparison.trend']),
    ])
  })

  it('reports a previous period that does not end the day before the range or is not as long', () => {
    const changed = copy(monitoring)
    changed.historical_comparison.previous_period.end = changed.historical_comparison.current_period.start
    expect(monitoringConsistency(changed, MESSAGES.monitoring(30)).map((issue) => issue.path)).toEqual([
      'data.historical_comparison.previous_period.end',
      'data.historical_comparison.previous_period.start',
    ])
  })

  it('reports a previous-period score or a change percentage that the previous period’s own answer contradicts', () => {
    const changed = copy(monitoring)
    changed.historical_comparison.previous_period.visibility_score += 1
    changed.historical_comparison.change_percentage += 5
    expect(periodConsistency(changed, previous).map((issue) => issue.path)).toEqual([
      'data.historical_comparison.previous_period.visibility_score',
      'data.historical_comparison.change_percentage',
    ])
  })

  it('reports an overview that disagrees with /monitoring, or shares that do not sum to 1', () => {
    const changed = copy(overview)
    changed.visibility_score.current += 1
    changed.sentiment_analysis.positive += 0.1
    changed.brands_by_topics = {}
    expect(overviewConsistency(changed, MESSAGES.overview(29), monitoring, dayBefore()).map((issue) => issue.path)).toEqual([
      'message',
      'data.brands_by_topics',
      'data.visibility_score.current',
      'data.current_day_stats.visibility_score',
      'data.sentiment_analysis',
    ])
  })

  it('reports an overview previous score that is not the day before the range', () => {
    const changed = copy(overview)
    changed.visibility_score.previous = dayBefore() + 1
    expect(overviewConsistency(changed, MESSAGES.overview(30), monitoring, dayBefore()).map((issue) => issue.path)[0]).toBe(
      'data.visibility_score.previous',
    )
  })
})
