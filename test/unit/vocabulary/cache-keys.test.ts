import { describe, expect, it, vi } from 'vitest'
import { CacheKeys } from '../../../src/vocabulary/cache-keys.js'

describe('CacheKeys', () => {
  it('makes the key of an owner once per version and gives the kept one while the version stays', () => {
    const make = vi.fn((owner: { name: string }, version: number) => `k|${owner.name}|${version}`)
    const keys = new CacheKeys(make)
    const owner = { name: 'alpha' }
    expect([keys.of(owner, 0), keys.of(owner, 0), keys.of(owner, 0)]).toEqual(['k|alpha|0', 'k|alpha|0', 'k|alpha|0'])
    expect(make).toHaveBeenCalledTimes(1)
    expect(keys.of(owner, 1)).toBe('k|alpha|1')
    expect(keys.of(owner, 0)).toBe('k|alpha|0')
    expect(make).toHaveBeenCalledTimes(3)
  })

  it('keeps keys per owner record, not per owner content', () => {
    const keys = new CacheKeys((owner: { name: string }, version: number) => `${owner.name}|${version}`)
    const first = { name: 'same' }
    const second = { name: 'same' }
    keys.of(first, 0)
    second.name = 'renamed'
    expect(keys.of(second, 0)).toBe('renamed|0')
    expect(keys.of(first, 0)).toBe('same|0')
  })
})
