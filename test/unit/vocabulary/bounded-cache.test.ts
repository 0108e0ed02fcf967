import { describe, expect, it, vi } from 'vitest'
import { BoundedCache } from '../../../src/vocabulary/bounded-cache.js'

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

  it('never evicts an entry that is read at least once while half the cache is replaced', () => {
    const capacity = 100
    const cache = new BoundedCache<string, string>(capacity)
    cache.getOrCreate('hot', () => 'HOT')
    const created = vi.fn((key: string) => key)
    for (let round = 0; round < 1_000; round++) {
      cache.getOrCreate(`cold ${round}`, () => `cold ${round}`)
      if (round % (capacity / 2) === 0) expect(cache.getOrCreate('hot', () => created('hot'))).toBe('HOT')
    }
    expect(created).not.toHaveBeenCalled()
    expect(cache.size).toBe(capacity)
  })

  it('evicts an entry once more entries than its capacity have come in since it was last read', () => {
    const cache = new BoundedCache<number, string>(10)
    for (let key = 0; key < 10; key++) cache.getOrCreate(key, () => `first ${key}`)
    for (let read = 0; read < 5; read++) cache.getOrCreate(0, () => 'unused')
    for (let key = 10; key < 20; key++) cache.getOrCreate(key, () => `first ${key}`)
    expect(cache.getOrCreate(0, () => 'again')).toBe('again')
  })

  it('keeps the weight of what it holds, evicting by weight', () => {
    const cache = new BoundedCache<string, string>(10, (value) => value.length)
    cache.getOrCreate('a', () => 'xxxx')
    cache.getOrCreate('b', () => 'yyyy')
    expect(cache.weight).toBe(8)
    cache.getOrCreate('c', () => 'zzzz')
    expect([cache.size, cache.weight]).toEqual([2, 8])
    expect(cache.getOrCreate('a', () => 'new')).toBe('new')
    expect(cache.getOrCreate('x', () => 'far too heavy')).toBe('far too heavy')
    expect(cache.weight).toBeLessThanOrEqual(10)
  })

  it('keeps a value from the second use of its key when admitOnSecondUse is set', () => {
    const cache = new BoundedCache<string, number>(10, undefined, { admitOnSecondUse: 8 })
    const create = vi.fn(() => 7)
    for (let use = 0; use < 5; use++) expect(cache.getOrCreate('a', create)).toBe(7)
    expect(create).toHaveBeenCalledTimes(2)
    expect(cache.size).toBe(1)
  })

  it('keeps nothing of keys that come once each, with admitOnSecondUse', () => {
    const cache = new BoundedCache<number, number>(10, undefined, { admitOnSecondUse: 8 })
    for (let key = 0; key < 100; key++) cache.getOrCreate(key, () => key)
    expect(cache.size).toBe(0)
  })

  it('forgets the keys it saw once when it has seen admitOnSecondUse of them, and on clear', () => {
    const cache = new BoundedCache<string, string>(10, undefined, { admitOnSecondUse: 2 })
    cache.getOrCreate('a', () => 'A')
    cache.getOrCreate('b', () => 'B')
    cache.getOrCreate('c', () => 'C')
    cache.getOrCreate('a', () => 'A')
    expect(cache.size).toBe(0)
    cache.getOrCreate('c', () => 'C')
    expect(cache.size).toBe(1)
    cache.getOrCreate('d', () => 'D')
    cache.clear()
    cache.getOrCreate('d', () => 'D')
    expect(cache.size).toBe(0)
  })

  it('keeps a value in the form keep makes, once, and serves that form from then on', () => {
    const keep = vi.fn((value: { n: number }) => ({ n: value.n, kept: true }))
    const cache = new BoundedCache<string, { n: number; kept?: boolean }>(10, undefined, { admitOnSecondUse: 8, keep })
    expect(cache.getOrCreate('a', () => ({ n: 1 }))).toEqual({ n: 1 })
    expect(keep).not.toHaveBeenCalled()
    const kept = cache.getOrCreate('a', () => ({ n: 1 }))
    expect(kept).toEqual({ n: 1, kept: true })
    expect(cache.getOrCreate('a', () => ({ n: 2 }))).toBe(kept)
    expect(keep).toHaveBeenCalledTimes(1)
  })

  it('does not call keep for a value too heavy to keep', () => {
    const keep = vi.fn((value: string) => value)
    const cache = new BoundedCache<string, string>(3, (value) => value.length, { keep })
    expect(cache.getOrCreate('a', () => 'heavy')).toBe('heavy')
    expect(keep).not.toHaveBeenCalled()
    expect(cache.size).toBe(0)
  })
})
