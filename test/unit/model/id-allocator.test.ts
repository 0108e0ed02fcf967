import { describe, expect, it } from 'vitest'
import { IdAllocator } from '../../../src/model/id-allocator.js'
import { THIS_PROCESS } from '../../../src/sandbox/this-process.js'

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

describe('the portal over fixtures that took the top of the id range', () => {
  it('gives two new accounts two different safe user ids when a fixture user is 2^53 - 1', async () => {
    const { resolveSandboxConfig, createSandboxCore } = await import('../../../src/sandbox/open-sandbox.js')
    const core = await createSandboxCore(
      resolveSandboxConfig({ fixtures: { extends: 'default', users: [{ id: Number.MAX_SAFE_INTEGER, name: 'Top' }] } }),
      THIS_PROCESS,
    )
    const [a, b] = [core.portal.createAccount({ projects: 1 }), core.portal.createAccount({ projects: 1 })]
    expect(a.user_id).not.toBe(b.user_id)
    for (const id of [a.user_id, b.user_id]) {
      expect(Number.isSafeInteger(id)).toBe(true)
      expect(id).not.toBe(Number.MAX_SAFE_INTEGER)
    }
    expect(a.projects[0]!.id).not.toBe(b.projects[0]!.id)
  })
})
