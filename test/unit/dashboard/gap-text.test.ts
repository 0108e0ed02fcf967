import { describe, expect, it } from 'vitest'
import { gapText } from '../../../src/dashboard/gap-text.js'

describe('gapText, the gap that broke a rule as the behaviour panel writes it', () => {
  it('names the gap and the least gap wanted', () => {
    expect(gapText({ gap_ms: 120, wanted_ms: 1000 })).toBe('gap 120 ms, wanted at least 1000 ms')
  })

  it('writes a gap of 0 ms, which is a gap', () => {
    expect(gapText({ gap_ms: 0, wanted_ms: 100 })).toBe('gap 0 ms, wanted at least 100 ms')
  })

  it('writes either alone when only one is given', () => {
    expect([gapText({ gap_ms: 40, wanted_ms: null }), gapText({ gap_ms: null, wanted_ms: 100 })]).toEqual([
      'gap 40 ms',
      'wanted at least 100 ms',
    ])
  })

  it('is null for a failure that names no gap (a retry too many, a dead key used again)', () => {
    expect(gapText({ gap_ms: null, wanted_ms: null })).toBeNull()
  })
})
