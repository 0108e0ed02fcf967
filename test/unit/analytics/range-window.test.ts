import { describe, expect, it } from 'vitest'
import { createCell } from '../../../src/analytics/cell-metrics.js'
import { sparseSeries } from '../../../src/analytics/sparse-series.js'
import { buildDailySeries } from '../../../src/analytics/daily-series.js'
import { lastValue, meanVisibility, rangeWindow } from '../../../src/analytics/range-window.js'

const FIRST = 19_000
const series = buildDailySeries([createCell(1, 101, 'chatgpt', 'US')], FIRST, FIRST + 9)

describe('rangeWindow', () => {
  it('covers the whole range when it lies inside the series', () => {
    expect(rangeWindow(series, FIRST + 2, FIRST + 4)).toEqual({ from: 2, to: 4, count: 3, last: 4 })
  })

  it('clips a range to the days the series has', () => {
    expect(rangeWindow(series, FIRST - 5, FIRST + 1)).toEqual({ from: 0, to: 1, count: 2, last: 1 })
    expect(rangeWindow(series, FIRST + 8, FIRST + 30)).toEqual({ from: 8, to: 9, count: 2, last: 9 })
    expect(rangeWindow(series, FIRST - 5, FIRST + 30)).toEqual({ from: 0, to: 9, count: 10, last: 9 })
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

describe('a series with days without data (variant-sparse)', () => {
  const sparse = sparseSeries(series)
  const missing = (offset: number) => (((FIRST + offset) % 7) + 7) % 7 === 3

  it('counts only the days that have data, and ends the window on the last of them', () => {
    const window = rangeWindow(sparse, FIRST, FIRST + 9)
    const present = Array.from({ length: 10 }, (_, offset) => offset).filter((offset) => !missing(offset))
    expect(window.count).toBe(present.length)
    expect(window.last).toBe(present.at(-1))
    expect(lastValue(sparse.visibility, window)).toBe(sparse.visibility[present.at(-1)!])
  })

  it('means over the days that remain', () => {
    const window = rangeWindow(sparse, FIRST, FIRST + 9)
    const values = Array.from({ length: 10 }, (_, offset) => offset)
      .filter((offset) => !missing(offset))
      .map((offset) => sparse.visibility[offset]!)
    expect(meanVisibility(sparse, window)).toBe(Math.round(values.reduce((a, b) => a + b, 0) / values.length))
  })

  it('gives an empty window where every day of it is missing', () => {
    const offset = Array.from({ length: 10 }, (_, day) => day).find(missing)!
    expect(rangeWindow(sparse, FIRST + offset, FIRST + offset)).toEqual({ from: offset, to: offset, count: 0, last: -1 })
  })
})
