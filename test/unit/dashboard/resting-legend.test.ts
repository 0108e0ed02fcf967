import { describe, expect, it } from 'vitest'
import { restingLegend } from '../../../src/dashboard/resting-legend.js'

describe("restingLegend, what the chart's legend says while no point is hovered", () => {
  it('shows the latest point, marked as the latest, in place of "–" and "--"', () => {
    const history = [
      { date: '2026-01-14', score: 51 },
      { date: '2026-01-15', score: 54.5 },
    ]
    expect(restingLegend(history)).toEqual({ date: '2026-01-15 (latest)', score: '54.5' })
  })

  it('says there are no dates when the range has none', () => {
    expect(restingLegend([])).toEqual({ date: 'no dates', score: '–' })
  })
})
