import { describe, expect, it } from 'vitest'
import { IdAllocator } from '../../../src/model/id-allocator.js'

describe('IdAllocator', () => {
  it('gives one past the highest id ever noted, skipping reserved ones', () => {
    const ids = new IdAllocator()
    for (const id of [3, 101, 7]) ids.note(id)
    expect(ids.next()).toBe(102)
    expect(ids.next(new Set([102, 103]))).toBe(104)
  })

  it('once 2^53 - 1 is taken, gives the lowest id never noted, never one a deleted record had', () => {
    const ids = new IdAllocator()
    for (const id of [1, 2, 4, Number.MAX_SAFE_INTEGER]) ids.note(id)
    expect(ids.next()).toBe(3)
    ids.note(3)
    expect(ids.next()).toBe(5)
    expect(ids.next(new Set([5, 6]))).toBe(7)
  })

  it('gives ids from 1 again after a clear', () => {
    const ids = new IdAllocator()
    ids.note(Number.MAX_SAFE_INTEGER)
    ids.clear()
    expect(ids.next()).toBe(1)
  })
})
