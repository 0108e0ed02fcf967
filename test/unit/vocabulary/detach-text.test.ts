import { describe, expect, it } from 'vitest'
import { detachText } from '../../../src/vocabulary/detach-text.js'

describe('detachText', () => {
  it('gives the same characters, short or long', () => {
    expect(detachText('')).toBe('')
    expect(detachText('/api/v1')).toBe('/api/v1')
    const long = `/api/v1/projects?q=${'x'.repeat(5_000)}`
    expect(detachText(long.slice(0, 2_048))).toBe(long.slice(0, 2_048))
  })
})
