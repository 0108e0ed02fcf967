import { describe, expect, it, vi } from 'vitest'
import { BoundedCache } from '../../../src/core/bounded-cache.js'

describe('BoundedCache', () => {
  it('computes a value once and serves it from the cache afterwards', () => {
    const cache = new BoundedCache<string, number>(2)
    const create = vi.fn(() => 1)
    expect(cache.getOrCreate('a', create)).toBe(1)
    expect(cache.getOrCreate('a', () => 2)).toBe(1)
    expect(create).toHaveBeenCalledTimes(1)
    expect(cache.size).toBe(1)
  })

  it('evicts the least recently created entry when full', () => {
    const cache = new BoundedCache<string, string>(2)
    cache.getOrCreate('a', () => 'A')
    cache.getOrCreate('b', () => 'B')
    cache.getOrCreate('c', () => 'C')
    expect(cache.size).toBe(2)
    expect(cache.getOrCreate('a', () => 'A2')).toBe('A2')
    expect(cache.getOrCreate('c', () => 'C2')).toBe('C')
  })

  it('evicts the least recently used entry, counting reads as uses', () => {
    const cache = new BoundedCache<string, string>(2)
    cache.getOrCreate('a', () => 'A')
    cache.getOrCreate('b', () => 'B')
    cache.getOrCreate('a', () => 'unused')
    cache.getOrCreate('c', () => 'C')
    expect(cache.getOrCreate('a', () => 'A2')).toBe('A')
    expect(cache.getOrCreate('b', () => 'B2')).toBe('B2')
  })

  it('never grows beyond its capacity', () => {
    const cache = new BoundedCache<number, number>(3)
    for (let key = 0; key < 100; key++) cache.getOrCreate(key, () => key)
    expect(cache.size).toBe(3)
    expect(cache.getOrCreate(99, () => -1)).toBe(99)
    expect(cache.getOrCreate(96, () => -1)).toBe(-1)
  })

  it('caches undefined values too', () => {
    const cache = new BoundedCache<string, undefined>(2)
    const create = vi.fn(() => undefined)
    cache.getOrCreate('a', create)
    cache.getOrCreate('a', create)
    expect(create).toHaveBeenCalledTimes(1)
  })

  it('empties on clear', () => {
    const cache = new BoundedCache<string, number>(2)
    cache.getOrCreate('a', () => 1)
    cache.clear()
    expect(cache.size).toBe(0)
    expect(cache.getOrCreate('a', () => 2)).toBe(2)
  })
})
