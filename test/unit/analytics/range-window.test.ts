import { describe, expect, it } from 'vitest'
import { createCell } from '../../../src/analytics/cell-metrics.js'
import { buildDailySeries } from '../../../src/analytics/daily-series.js'
import { lastValue, meanVisibility, rangeWindow } from '../../../src/analytics/range-window.js'

const FIRST = 19_000
const series = buildDailySeries([createCell(1, 101, 'chatgpt', 'US')], FIRST, FIRST + 9)

describe('rangeWindow', () => {
  it('covers the whole range when it lies inside the series', () => {
    expect(rangeWindow(series, FIRST + 2, FIRST + 4)).toEqual({ from: 2, to: 4, count: 3 })
  })

  it('clips a range to the days the series has', () => {
    expect(rangeWindow(series, FIRST - 5, FIRST + 1)).toEqual({ from: 0, to: 1, count: 2 })
    expect(rangeWindow(series, FIRST + 8, FIRST + 30)).toEqual({ from: 8, to: 9, count: 2 })
    expect(rangeWindow(series, FIRST - 5, FIRST + 30)).toEqual({ from: 0, to: 9, count: 10 })
  })

  it('counts 0 days for ranges entirely before or after the series, and for an empty series', () => {
    expect(rangeWindow(series, FIRST - 10, FIRST - 1).count).toBe(0)
    expect(rangeWindow(series, FIRST + 10, FIRST + 20).count).toBe(0)
    const empty = buildDailySeries([], FIRST, FIRST + 9)
    expect(rangeWindow(empty, FIRST, FIRST + 9).count).toBe(0)
  })
})

describe('meanVisibility and lastValue', () => {
  it('gives the rounded mean of the window in hundredths and the window’s last value', () => {
    const window = rangeWindow(series, FIRST + 3, FIRST + 6)
    const values = [3, 4, 5, 6].map((offset) => series.visibility[offset]!)
    expect(meanVisibility(series, window)).toBe(Math.round(values.reduce((a, b) => a + b, 0) / 4))
    expect(lastValue(series.visibility, window)).toBe(series.visibility[6])
  })

  it('gives 0 for an empty window', () => {
    const window = rangeWindow(series, FIRST + 20, FIRST + 30)
    expect(meanVisibility(series, window)).toBe(0)
    expect(lastValue(series.visibility, window)).toBe(0)
  })
})
