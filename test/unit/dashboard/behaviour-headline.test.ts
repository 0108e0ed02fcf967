import { describe, expect, it } from 'vitest'
import { behaviourHeadline } from '../../../src/dashboard/behaviour-headline.js'
import { MAX_JUDGED_KEYS } from '../../../src/vocabulary/behaviour-rules.js'

describe("behaviourHeadline, the behaviour panel's headline", () => {
  it('counts the rules of each verdict, the failures first, then the requests judged and the retries allowed', () => {
    expect(behaviourHeadline({ summary: { pass: 1, fail: 1, not_exercised: 3 }, judged: 12, not_judged: 0, max_retries: 3 })).toBe(
      '1 rule failed, 1 passed, 3 not exercised · 12 requests judged · 3 retries allowed',
    )
  })

  it('writes one request and one retry in the singular, and no failure as 0 rules', () => {
    expect(behaviourHeadline({ summary: { pass: 0, fail: 0, not_exercised: 5 }, judged: 1, not_judged: 0, max_retries: 1 })).toBe(
      '0 rules failed, 0 passed, 5 not exercised · 1 request judged · 1 retry allowed',
    )
  })

  it('says how many requests of keys past the judge’s limit were not judged', () => {
    expect(behaviourHeadline({ summary: { pass: 2, fail: 0, not_exercised: 3 }, judged: 9000, not_judged: 40, max_retries: 3 })).toBe(
      `0 rules failed, 2 passed, 3 not exercised · 9000 requests judged · 40 requests of keys past the first ${MAX_JUDGED_KEYS} not judged · 3 retries allowed`,
    )
  })
})
