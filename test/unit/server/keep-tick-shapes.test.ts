import { describe, expect, it } from 'vitest'
import { keepTickShapes } from '../../../src/server/keep-tick-shapes.js'

const nextTick = () => new Promise<void>((resolve) => process.nextTick(resolve))

describe('keepTickShapes', () => {
  it('keeps one tick object, the same one however often it is called', async () => {
    const kept = keepTickShapes()
    await nextTick()
    expect(kept).toHaveLength(1)
    const [first] = kept
    await nextTick()
    await nextTick()
    expect(keepTickShapes()).toHaveLength(1)
    expect(kept[0]).toBe(first)
  })
})
