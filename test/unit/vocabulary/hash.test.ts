import { describe, expect, it } from 'vitest'
import { hashString, mixHash, unitInterval } from '../../../src/vocabulary/hash.js'

describe('hash', () => {
  it('computes the standard 32-bit FNV-1a hash of strings', () => {
    expect(hashString('')).toBe(0x811c9dc5)
    expect(hashString('a')).toBe(0xe40c292c)
    expect(hashString('foobar')).toBe(0xbf9cf968)
  })

  it('mixes values into unsigned 32-bit integers, deterministically and sensitively to both inputs', () => {
    const values = [mixHash(1, 2), mixHash(2, 2), mixHash(1, 3), mixHash(0, 0), mixHash(0xffffffff, -1), mixHash(7, 2 ** 40)]
    for (const value of values) {
      expect(Number.isInteger(value)).toBe(true)
      expect(value).toBeGreaterThanOrEqual(0)
      expect(value).toBeLessThan(2 ** 32)
    }
    expect(mixHash(1, 2)).toBe(mixHash(1, 2))
    expect(new Set(values.slice(0, 3)).size).toBe(3)
    expect(mixHash(7, 2 ** 40)).not.toBe(mixHash(7, 0))
  })

  it('maps hashes onto [0, 1)', () => {
    expect(unitInterval(0)).toBe(0)
    expect(unitInterval(0xffffffff)).toBeLessThan(1)
    expect(unitInterval(0x80000000)).toBe(0.5)
  })
})
