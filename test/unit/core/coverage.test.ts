import { describe, expect, it } from 'vitest'
import { Coverage, outcomeSlot } from '../../../src/core/report/coverage.js'
import { OUTCOMES } from '../../../src/core/report/outcome-catalogue.js'

const seen = (coverage: Coverage) =>
  coverage
    .report('reset')
    .outcomes.filter((outcome) => outcome.seen > 0)
    .map((outcome) => [outcome.id, outcome.seen])

describe('Coverage', () => {
  it('counts an answer counted by its known slot where record counts it', () => {
    const answers: Array<Parameters<typeof outcomeSlot>> = [
      ['projects', 200, null, 'USER', undefined],
      ['overview', 200, null, 'PROJECT', 0],
      ['overview', 200, null, 'PROJECT', 31],
      ['monitoring', 401, 'unauthorized', undefined, undefined],
      ['validate', 500, null, 'USER', undefined],
    ]
    for (const answer of answers) {
      const recorded = new Coverage()
      const counted = new Coverage()
      recorded.record(...answer)
      counted.count(outcomeSlot(...answer))
      expect(seen(counted)).toEqual(seen(recorded))
      expect(seen(counted)).toHaveLength(1)
      const slot = outcomeSlot(...answer)
      expect(OUTCOMES[slot]?.endpoint).toBe(answer[0])
    }
  })

  it('finds no slot for a status the catalogue does not list, and counting none counts nothing', () => {
    const coverage = new Coverage()
    expect(outcomeSlot('projects', 302, null, 'USER', undefined)).toBe(-1)
    coverage.count(-1)
    coverage.record('projects', 302, null, 'USER', undefined)
    expect(coverage.report('reset').covered).toBe(0)
  })
})
