import { describe, expect, it } from 'vitest'
import { STABLE_THRESHOLD_PERCENT, changePercentage, trendOf } from '../../../src/analytics/trend.js'

describe('changePercentage', () => {
  it('gives (current − previous) / previous × 100 for round values', () => {
    expect(changePercentage(55, 50)).toBe(10)
    expect(changePercentage(0, 50)).toBe(-100)
    expect(changePercentage(100, 50)).toBe(100)
    expect(changePercentage(50, 50)).toBe(0)
    expect(changePercentage(3, 8)).toBe(-62.5)
  })

  it('rounds to 2 decimals', () => {
    expect(changePercentage(1, 3)).toBe(-66.67)
    expect(changePercentage(2, 3)).toBe(-33.33)
    expect(changePercentage(7, 6)).toBe(16.67)
    expect(changePercentage(1, 6)).toBe(-83.33)
    expect(changePercentage(5731, 5000)).toBe(14.62)
  })

  it('stays within half a hundredth of the exact change and has at most 2 decimals, for many integer-hundredth scores', () => {
    const problems: string[] = []
    for (let current = 0; current <= 10_000; current += 97) {
      for (let previous = 1; previous <= 10_000; previous += 89) {
        const change = changePercentage(current, previous)
        const exact = ((current - previous) / previous) * 100
        if (Math.abs(change - exact) > 0.005 + 1e-9) problems.push(`${current}/${previous}: ${change} vs ${exact}`)
        if (Math.abs(change * 100 - Math.round(change * 100)) > 1e-6)
          problems.push(`${current}/${previous}: ${change} has more than 2 decimals`)
      }
    }
    expect(problems.slice(0, 5)).toEqual([])
  })

  it('is 0 when there is no previous value', () => {
    expect(changePercentage(100, 0)).toBe(0)
    expect(changePercentage(0, 0)).toBe(0)
  })
})

describe('trendOf', () => {
  it('uses a threshold of 2 percent', () => {
    expect(STABLE_THRESHOLD_PERCENT).toBe(2)
  })

  it('is stable strictly inside ±2 and up or down from ±2 on', () => {
    expect(trendOf(0)).toBe('stable')
    expect(trendOf(1.99)).toBe('stable')
    expect(trendOf(-1.99)).toBe('stable')
    expect(trendOf(2)).toBe('up')
    expect(trendOf(-2)).toBe('down')
    expect(trendOf(2.01)).toBe('up')
    expect(trendOf(-3.5)).toBe('down')
    expect(trendOf(100)).toBe('up')
    expect(trendOf(-100)).toBe('down')
  })
})
