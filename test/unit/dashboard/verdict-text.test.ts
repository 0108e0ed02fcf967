import { describe, expect, it } from 'vitest'
import { verdictText } from '../../../src/dashboard/verdict-text.js'
import { BEHAVIOUR_VERDICTS } from '../../../src/vocabulary/behaviour-rules.js'

describe('verdictText, how the behaviour panel words a verdict', () => {
  it('writes each verdict as a word of its own, not-exercised with a space', () => {
    expect(BEHAVIOUR_VERDICTS.map(verdictText)).toEqual(['pass', 'fail', 'not exercised'])
  })
})
