import { describe, expect, it } from 'vitest'
import { countOf } from '../../../src/dashboard/count-of.js'

describe('countOf, how the dashboard writes a count', () => {
  it('writes one thing in the singular: "1 request", never "1 requests"', () => {
    expect(countOf(1, 'request')).toBe('1 request')
  })

  it.each([0, 2, 1000])('writes %i things in the plural', (count) => {
    expect(countOf(count, 'request')).toBe(`${count} requests`)
  })

  it('takes the plural of a noun that does not end in s', () => {
    expect([countOf(1, 'entry', 'entries'), countOf(3, 'entry', 'entries')]).toEqual(['1 entry', '3 entries'])
  })
})
