import { describe, expect, it } from 'vitest'
import { parseLatency, pickDelay } from '../../../src/vocabulary/latency.js'

describe('parseLatency', () => {
  it('parses a fixed delay and a range in milliseconds', () => {
    expect(parseLatency('250')).toEqual({ min: 250, max: 250 })
    expect(parseLatency('100-400')).toEqual({ min: 100, max: 400 })
    expect(parseLatency('0')).toEqual({ min: 0, max: 0 })
    expect(parseLatency(' 100-400 ')).toEqual({ min: 100, max: 400 })
    expect(parseLatency('5-5')).toEqual({ min: 5, max: 5 })
  })

  it.each(['', 'abc', '-5', '1.5', '100-', '-100', '400-100', '100 - 400', '1234567', '10-20-30', '1e3'])('refuses %j', (text) => {
    expect(parseLatency(text)).toBeUndefined()
  })
})

describe('pickDelay', () => {
  it('returns the fixed delay when min equals max', () => {
    expect(pickDelay({ min: 250, max: 250 }, 1, 1)).toBe(250)
  })

  it('picks the same integer delay within the range for the same seed and request number', () => {
    const range = { min: 100, max: 400 }
    const first = Array.from({ length: 200 }, (_, index) => pickDelay(range, 42, index))
    const again = Array.from({ length: 200 }, (_, index) => pickDelay(range, 42, index))
    expect(again).toEqual(first)
    for (const delay of first) {
      expect(Number.isInteger(delay)).toBe(true)
      expect(delay).toBeGreaterThanOrEqual(100)
      expect(delay).toBeLessThanOrEqual(400)
    }
    expect(new Set(first).size).toBeGreaterThan(50)
  })

  it('reaches both ends of a small range and differs between seeds', () => {
    const range = { min: 1, max: 2 }
    const delays = new Set(Array.from({ length: 100 }, (_, index) => pickDelay(range, 7, index)))
    expect([...delays].sort()).toEqual([1, 2])
    const wide = { min: 0, max: 100_000 }
    const one = Array.from({ length: 20 }, (_, index) => pickDelay(wide, 1, index))
    const two = Array.from({ length: 20 }, (_, index) => pickDelay(wide, 2, index))
    expect(two).not.toEqual(one)
  })
})
