import { describe, expect, it } from 'vitest'
import { computeCellDay, createCell, type Cell } from '../../../src/analytics/cell-metrics.js'
import { buildDailySeries, type DailySeries } from '../../../src/analytics/daily-series.js'

const FIRST = 19_700
const LAST = FIRST + 199
const cells: Cell[] = [createCell(42, 101, 'chatgpt', 'US'), createCell(42, 101, 'gemini', 'US'), createCell(42, 101, 'chatgpt', 'CA')]

function expectScores(values: Int32Array): void {
  for (const value of values) {
    expect(Number.isInteger(value)).toBe(true)
    expect(value).toBeGreaterThanOrEqual(0)
    expect(value).toBeLessThanOrEqual(10_000)
  }
}

function expectPrefixSums(series: DailySeries): void {
  expect(series.visibilitySum.length).toBe(series.length + 1)
  for (const prefix of [series.visibilitySum, series.positiveSum, series.neutralSum, series.negativeSum]) {
    expect(prefix[0]).toBe(0)
  }
  for (let offset = 0; offset < series.length; offset++) {
    expect(series.visibilitySum[offset + 1]! - series.visibilitySum[offset]!).toBe(series.visibility[offset])
    const positive = series.positiveSum[offset + 1]! - series.positiveSum[offset]!
    const neutral = series.neutralSum[offset + 1]! - series.neutralSum[offset]!
    const negative = series.negativeSum[offset + 1]! - series.negativeSum[offset]!
    for (const count of [positive, neutral, negative]) {
      expect(Number.isInteger(count)).toBe(true)
      expect(count).toBeGreaterThanOrEqual(0)
    }
    expect(positive + neutral + negative).toBeGreaterThan(0)
    expect(series.sentiment[offset]).toBe(Math.round(((positive + neutral / 2) * 10_000) / (positive + neutral + negative)))
  }
}

describe('computeCellDay', () => {
  it('gives integer scores in 0..10000 and non-negative integer mention counts', () => {
    const cell = cells[0]!
    for (let day = FIRST; day <= LAST; day++) {
      const values = computeCellDay(cell, day)
      for (const score of [values.visibility, values.citation]) {
        expect(Number.isInteger(score) && score >= 0 && score <= 10_000).toBe(true)
      }
      for (const count of [values.positive, values.neutral, values.negative]) {
        expect(Number.isInteger(count) && count >= 0).toBe(true)
      }
    }
  })

  it('is a pure function of the cell and the day', () => {
    expect(computeCellDay(createCell(42, 101, 'chatgpt', 'US'), FIRST)).toEqual(computeCellDay(cells[0]!, FIRST))
  })

  it('derives different cells from different seeds, projects, providers and regions', () => {
    const base = createCell(42, 101, 'chatgpt', 'US')
    expect(createCell(43, 101, 'chatgpt', 'US').hash).not.toBe(base.hash)
    expect(createCell(42, 102, 'chatgpt', 'US').hash).not.toBe(base.hash)
    expect(createCell(42, 101, 'gemini', 'US').hash).not.toBe(base.hash)
    expect(createCell(42, 101, 'chatgpt', 'CA').hash).not.toBe(base.hash)
  })
})

describe('buildDailySeries', () => {
  const series = buildDailySeries(cells, FIRST, LAST)

  it('has one value per day from the first to the last day, inclusive', () => {
    expect(series.firstDay).toBe(FIRST)
    expect(series.length).toBe(200)
    expect(series.visibility.length).toBe(200)
    expect(series.citation.length).toBe(200)
    expect(series.sentiment.length).toBe(200)
  })

  it('keeps every daily score an integer in 0..10000', () => {
    expectScores(series.visibility)
    expectScores(series.citation)
    expectScores(series.sentiment)
  })

  it('keeps the prefix sums consistent with the daily values', () => {
    expectPrefixSums(series)
  })

  it('averages the cells’ values for each day, rounded to a hundredth', () => {
    for (let offset = 0; offset < series.length; offset += 7) {
      const days = cells.map((cell) => computeCellDay(cell, FIRST + offset))
      const visibility = days.reduce((sum, value) => sum + value.visibility, 0) / cells.length
      const citation = days.reduce((sum, value) => sum + value.citation, 0) / cells.length
      expect(series.visibility[offset]).toBe(Math.round(visibility))
      expect(series.citation[offset]).toBe(Math.round(citation))
      const positive = days.reduce((sum, value) => sum + value.positive, 0)
      expect(series.positiveSum[offset + 1]! - series.positiveSum[offset]!).toBe(positive)
    }
  })

  it('gives the same value for a day whatever the series’ first and last days', () => {
    const later = buildDailySeries(cells, FIRST + 50, LAST + 100)
    for (let offset = 0; offset < 150; offset++) {
      expect(later.visibility[offset]).toBe(series.visibility[offset + 50])
      expect(later.citation[offset]).toBe(series.citation[offset + 50])
      expect(later.sentiment[offset]).toBe(series.sentiment[offset + 50])
    }
  })

  it('is empty when there are no cells or the last day is before the first', () => {
    expect(buildDailySeries([], FIRST, LAST).length).toBe(0)
    expect(buildDailySeries(cells, FIRST, FIRST - 1).length).toBe(0)
    expect(buildDailySeries(cells, FIRST, FIRST - 100).length).toBe(0)
    expect(buildDailySeries(cells, FIRST, FIRST).length).toBe(1)
    expect(buildDailySeries([], FIRST, LAST).visibilitySum.length).toBe(1)
  })
})
