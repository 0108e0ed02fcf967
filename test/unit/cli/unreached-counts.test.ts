import { describe, expect, it } from 'vitest'
import { unreachedCounts } from '../../../src/cli/mutate/mutate-report.js'

describe('the count of runs not run for want of a success', () => {
  it.each([
    [['drop:overview:data', 'null:overview:data', 'variant-trend'], '2 mutations, 1 variant'],
    [['drop:overview:data'], '1 mutation'],
    [['variant-trend', 'variant-sparse'], '2 variants'],
  ])('tells mutations and variants apart: %j is %s', (ids, said) => {
    expect(unreachedCounts(ids)).toBe(said)
  })
})
