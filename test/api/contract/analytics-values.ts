import { describe, expect, it } from 'vitest'
import { PROVIDERS } from '../../../src/vocabulary/providers.js'
import { MESSAGES } from '../../../src/vocabulary/endpoint-rules.js'
import { defaultFixtures } from '../../../src/model/default-fixtures.js'
import type { Transport } from '../../support/transport.js'
import { expectSuccess } from './expect-envelope.js'
import { PROJECT_KEY, USER_101, withKey } from './fixtures.js'

const DAY = 86_400_000
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10)
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length

interface HistoryPoint {
  date: string
  score: number
}

export function describeAnalyticsValues(transport: Transport, today: string): void {
  const monitoring = (query: string, headers = USER_101) => transport.request(`monitoring${query}`, { headers })
  const overview = (query: string, headers = USER_101) => transport.request(`overview${query}`, { headers })
  const dates = (history: HistoryPoint[]) => history.map((point) => point.date)

  describe('GET /monitoring and /overview: values', () => {
    it('covers the 30 days ending today by default', async () => {
      const answer = await monitoring('')
      expectSuccess(answer, MESSAGES.monitoring(30))
      const history: HistoryPoint[] = answer.body.data.visibility_score.history
      expect(history[0]?.date).toBe(addDays(today, -29))
      expect(history.at(-1)?.date).toBe(today)
      expect(answer.body.data.historical_comparison.current_period).toMatchObject({ start: addDays(today, -29), end: today })
      expectSuccess(await overview(''), MESSAGES.overview(30))
    })

    it('shows the data fields in the order of the spec', async () => {
      const { body: monitored } = await monitoring('')
      expect(Object.keys(monitored.data)).toEqual(['brands_by_topics', 'visibility_score', 'historical_comparison'])
      expect(Object.keys(monitored.data.visibility_score)).toEqual(['current', 'history'])
      expect(Object.keys(monitored.data.historical_comparison)).toEqual(['current_period', 'previous_period', 'trend', 'change_percentage'])
      const { body: overviewed } = await overview('')
      expect(Object.keys(overviewed.data)).toEqual([
        'current_day_stats',
        'brands_by_topics',
        'brands_by_providers',
        'visibility_score',
        'sentiment_analysis',
      ])
      expect(Object.keys(overviewed.data.current_day_stats)).toEqual(['visibility_score', 'citation_score', 'sentiment_score'])
      expect(Object.keys(overviewed.data.visibility_score)).toEqual(['current', 'previous', 'trend'])
      expect(Object.keys(overviewed.data.sentiment_analysis)).toEqual(['positive', 'neutral', 'negative'])
    })

    it('derives end_date as start_date + 29 days when only start_date is given', async () => {
      const { body } = await monitoring('?start_date=2025-12-20')
      expect(body.data.historical_comparison.current_period).toMatchObject({ start: '2025-12-20', end: '2026-01-18' })
      expect(body.data.visibility_score.history).toHaveLength(30)
    })

    it('derives start_date as end_date - 29 days when only end_date is given', async () => {
      const { body } = await monitoring('?end_date=2024-03-10')
      expect(body.data.historical_comparison.current_period).toMatchObject({ start: '2024-02-10', end: '2024-03-10' })
      expect(dates(body.data.visibility_score.history)).toContain('2024-02-29')
    })

    it('lists every date of the range once, in order, with scores from 0 to 100, and counts them in the message', async () => {
      const answer = await monitoring('?start_date=2025-12-15&end_date=2026-01-20')
      const history: HistoryPoint[] = answer.body.data.visibility_score.history
      expectSuccess(answer, MESSAGES.monitoring(37))
      history.forEach((point, index) => {
        expect(point.date).toBe(addDays('2025-12-15', index))
        expect(point.score).toBeGreaterThanOrEqual(0)
        expect(point.score).toBeLessThanOrEqual(100)
      })
    })

    it('has no data after today: a range reaching past today stops at today', async () => {
      const answer = await monitoring(`?start_date=${addDays(today, -4)}&end_date=${addDays(today, 20)}`)
      expectSuccess(answer, MESSAGES.monitoring(5))
      expect(answer.body.data.visibility_score.history.at(-1).date).toBe(today)
    })

    it('has no data before the project was created: 0 dates before, partial across the creation day', async () => {
      const created = defaultFixtures.projects.find((project) => project.id === 101)!.created_at.slice(0, 10)
      const before = await monitoring(`?end_date=${addDays(created, -1)}`)
      expectSuccess(before, MESSAGES.monitoring(0))
      const across = await monitoring(`?start_date=${addDays(created, -5)}&end_date=${addDays(created, 4)}`)
      expectSuccess(across, MESSAGES.monitoring(5))
      expect(across.body.data.visibility_score.history[0].date).toBe(created)
    })

    it('answers a range without data with zeros and no brands', async () => {
      const answer = await monitoring(`?start_date=${addDays(today, 1)}`)
      expectSuccess(answer, MESSAGES.monitoring(0))
      expect(answer.body.data).toMatchObject({
        brands_by_topics: {},
        visibility_score: { current: 0, history: [] },
        historical_comparison: { current_period: { visibility_score: 0 } },
      })
      const { body } = await overview(`?start_date=${addDays(today, 1)}`)
      expect(body.message).toBe(MESSAGES.overview(0))
      expect(body.data).toEqual({
        current_day_stats: { visibility_score: 0, citation_score: 0, sentiment_score: 0 },
        brands_by_topics: {},
        brands_by_providers: {},
        visibility_score: { current: 0, previous: body.data.visibility_score.previous, trend: body.data.visibility_score.trend },
        sentiment_analysis: { positive: 0, neutral: 0, negative: 0 },
      })
    })

    it('compares the range with the same number of days just before it, by period means', async () => {
      const range = '?start_date=2026-01-01&end_date=2026-01-31'
      const { body } = await monitoring(range)
      const comparison = body.data.historical_comparison
      expect(comparison.previous_period).toMatchObject({ start: '2025-12-01', end: '2025-12-31' })
      const previous = await monitoring('?start_date=2025-12-01&end_date=2025-12-31')
      const currentScores = body.data.visibility_score.history.map((point: HistoryPoint) => point.score)
      const previousScores = previous.body.data.visibility_score.history.map((point: HistoryPoint) => point.score)
      expect(comparison.current_period.visibility_score).toBeCloseTo(mean(currentScores), 2)
      expect(comparison.previous_period.visibility_score).toBeCloseTo(mean(previousScores), 2)
      const expected =
        ((comparison.current_period.visibility_score - comparison.previous_period.visibility_score) /
          comparison.previous_period.visibility_score) *
        100
      expect(Math.abs(comparison.change_percentage - expected)).toBeLessThan(0.1)
      const trend = Math.abs(comparison.change_percentage) < 2 ? 'stable' : comparison.change_percentage > 0 ? 'up' : 'down'
      expect(comparison.trend).toBe(trend)
      expect(body.data.visibility_score.current).toBe(currentScores.at(-1))
    })

    it('agrees between /monitoring and /overview for the same filters', async () => {
      for (const query of ['', '?provider=gemini', '?region=CA', '?start_date=2025-06-01&end_date=2025-08-15&provider=claude&region=US']) {
        const { body: monitored } = await monitoring(query)
        const { body: overviewed } = await overview(query)
        const count = monitored.data.visibility_score.history.length
        expect(overviewed.message).toBe(MESSAGES.overview(count))
        expect(overviewed.data.brands_by_topics).toEqual(monitored.data.brands_by_topics)
        expect(overviewed.data.visibility_score.current).toBe(monitored.data.visibility_score.current)
        expect(overviewed.data.current_day_stats.visibility_score).toBe(monitored.data.visibility_score.current)
      }
    })

    it("takes overview's previous value from the last day of the previous period", async () => {
      const { body } = await overview('?start_date=2026-01-10&end_date=2026-01-20')
      const dayBefore = await monitoring('?start_date=2026-01-09&end_date=2026-01-09')
      expect(body.data.visibility_score.previous).toBe(dayBefore.body.data.visibility_score.current)
      const { current, previous, trend } = body.data.visibility_score
      const change = ((current - previous) / previous) * 100
      expect(trend).toBe(Math.abs(change) < 2 ? 'stable' : change > 0 ? 'up' : 'down')
    })

    it('gives sentiment shares between 0 and 1 that sum to 1, and scores from 0 to 100', async () => {
      for (const query of ['', '?start_date=2025-03-01&end_date=2026-03-01', '?provider=chatgpt&region=us']) {
        const { body } = await overview(query)
        const { positive, neutral, negative } = body.data.sentiment_analysis
        for (const share of [positive, neutral, negative]) expect(share).toBeGreaterThanOrEqual(0)
        expect(positive + neutral + negative).toBeCloseTo(1, 9)
        for (const score of Object.values(body.data.current_day_stats) as number[]) {
          expect(score).toBeGreaterThanOrEqual(0)
          expect(score).toBeLessThanOrEqual(100)
        }
      }
    })

    it("lists brands by the project's topics, and by its providers using the provider ids", async () => {
      const project = defaultFixtures.projects.find((candidate) => candidate.id === 101)!
      const { body } = await overview('')
      expect(Object.keys(body.data.brands_by_topics)).toEqual(project.topics.map((topic) => topic.name))
      expect(Object.keys(body.data.brands_by_providers)).toEqual(project.providers)
      for (const brands of Object.values(body.data.brands_by_providers) as string[][]) {
        expect(brands).toContain(project.topics[0]!.brands[0])
      }
      for (const provider of Object.keys(body.data.brands_by_providers)) expect(PROVIDERS).toContain(provider)
    })

    it('matches provider and region case-insensitively', async () => {
      expect((await monitoring('?provider=ChatGPT&region=us')).text).toBe((await monitoring('?provider=chatgpt&region=US')).text)
    })

    it('narrows brands_by_providers to the provider asked for', async () => {
      const { body } = await overview('?provider=GEMINI')
      expect(Object.keys(body.data.brands_by_providers)).toEqual(['gemini'])
    })

    it('answers a known provider the project does not track, or a region without data, with 0 dates', async () => {
      expectSuccess(await monitoring('?provider=grok'), MESSAGES.monitoring(0))
      expectSuccess(await monitoring('?region=FR'), MESSAGES.monitoring(0))
      expectSuccess(await overview('?region=fr'), MESSAGES.overview(0))
    })

    it('narrows values by provider and region', async () => {
      const all = await monitoring('?start_date=2026-01-01&end_date=2026-01-31')
      const gemini = await monitoring('?start_date=2026-01-01&end_date=2026-01-31&provider=gemini')
      const canada = await monitoring('?start_date=2026-01-01&end_date=2026-01-31&region=CA')
      expect(gemini.body.data.visibility_score.history).toHaveLength(31)
      expect(gemini.text).not.toBe(all.text)
      expect(canada.text).not.toBe(all.text)
    })

    it('answers the same request with byte-identical bodies', async () => {
      const query = '?start_date=2025-04-01&end_date=2026-02-01&provider=perplexity'
      expect((await monitoring(query)).text).toBe((await monitoring(query)).text)
      expect((await overview(query, PROJECT_KEY)).text).toBe((await overview(query, PROJECT_KEY)).text)
    })

    it("serves another account's project to its own key", async () => {
      expectSuccess(await monitoring('', withKey('sbx_user_beta', '201')), MESSAGES.monitoring(30))
    })
  })
}
