import { describe, expect, it } from 'vitest'
import { BehaviourJudge } from '../../../src/core/behaviour/behaviour-judge.js'
import { Journal } from '../../../src/core/journal.js'
import { MAX_JUDGED_KEYS, MAX_LISTED_KEYS } from '../../../src/vocabulary/behaviour-rules.js'
import { KeyFinder } from '../../../src/vocabulary/key-finder.js'

const NO_KEYS = new KeyFinder()

/** A journal feeding a judge, as a sandbox has them. */
function judged(capacity = 1000) {
  const judge = new BehaviourJudge()
  const journal = new Journal(capacity, undefined, (said, at, id) => judge.feed(said, at, id))
  const record = (at: number, key: string, status: number | null, path = '/api/v1/projects') =>
    journal.record(at, 'GET', path, '', status, key, null, [], null, NO_KEYS)
  return { judge, journal, record }
}

describe('The behaviour judge', () => {
  it('judges every request once, those the ring gave up for newer ones included, and none twice when read again', () => {
    const { judge, journal, record } = judged(10)
    for (let at = 0; at < 25; at++)
      record(at * 1000, 'sbx_user_alpha', at % 5 === 0 ? 400 : 200, at % 2 === 0 ? '/api/v1/projects' : '/api/v1/validate')
    journal.drain()
    journal.drain()
    const report = judge.report('reset')
    expect(report.judged).toBe(25)
    expect(report.rules.find((rule) => rule.rule === 'no-retry-on-4xx')!.keys[0]!.exercised).toBe(5)
  })

  it(`judges at most ${MAX_JUDGED_KEYS} keys, counting the requests of the rest, and lists at most ${MAX_LISTED_KEYS} a rule, the broken first`, () => {
    const { judge, journal, record } = judged()
    for (let key = 0; key < MAX_JUDGED_KEYS + 50; key++) record(key, `sbx_user_${key}`, 200)
    // The last key judged sends a 400 again unchanged: listed first.
    record(5000, `sbx_user_${MAX_JUDGED_KEYS - 1}`, 400)
    record(5001, `sbx_user_${MAX_JUDGED_KEYS - 1}`, 400)
    journal.drain()
    const report = judge.report('reset')
    expect(report.not_judged).toBe(50)
    const rule = report.rules.find((candidate) => candidate.rule === 'no-retry-on-4xx')!
    expect(rule.keys).toHaveLength(MAX_LISTED_KEYS)
    expect(rule.keys_left_out).toBe(MAX_JUDGED_KEYS - MAX_LISTED_KEYS)
    expect(rule.keys[0]!.verdict).toBe('fail')
  })

  it(`keeps every failure for the suite past ${MAX_JUDGED_KEYS} keys, the keys past it added up as one`, () => {
    const { judge, journal, record } = judged()
    for (let key = 0; key < MAX_JUDGED_KEYS; key++) record(key, `sbx_user_${key}`, 200)
    journal.clear()
    judge.reset()
    record(5000, 'sbx_user_late', 400)
    record(5001, 'sbx_user_late', 400)
    journal.drain()
    const suite = judge.report('suite')
    const rule = suite.rules.find((candidate) => candidate.rule === 'no-retry-on-4xx')!
    expect(rule.verdict).toBe('fail')
    expect(rule.keys[0]!.key).toBe('(other keys, added up)')
    expect(suite.summary.fail).toBe(1)
  })

  it('starts afresh at a reset, keeping what it judged for the suite', () => {
    const { judge, journal, record } = judged()
    record(0, 'sbx_user_alpha', 400)
    journal.clear()
    judge.reset()
    record(1, 'sbx_user_alpha', 400)
    journal.drain()
    expect(judge.report('reset').rules.find((rule) => rule.rule === 'no-retry-on-4xx')!.verdict).toBe('pass')
    expect(judge.report('suite').judged).toBe(2)
  })
})
