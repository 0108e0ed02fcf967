import { describe, expect, it } from 'vitest'
import { instantText, typedInstant } from '../../../src/dashboard/instant-text.js'

describe("instantText, the clock's now as the dashboard shows it", () => {
  it('writes the API’s ISO date-time to the second, a running clock’s milliseconds left out', () => {
    expect(instantText('2026-01-15T12:00:03.456Z')).toBe('2026-01-15T12:00:03Z')
  })

  it('leaves a now without milliseconds as the API wrote it, so its date is the YYYY-MM-DD of every other date on the page', () => {
    expect(instantText('2026-01-15T12:00:00Z')).toBe('2026-01-15T12:00:00Z')
    expect(instantText('2026-01-15T12:00:00Z').slice(0, 10)).toBe('2026-01-15')
  })
})

describe("typedInstant, what a person typed in the clock's field", () => {
  it.each([
    ['2026-01-15T12:30:05Z', '2026-01-15T12:30:05Z'],
    [' 2026-01-15T12:30:05Z ', '2026-01-15T12:30:05Z'],
    ['2026-01-15T12:30:05', '2026-01-15T12:30:05Z'],
    ['2026-01-15 12:30', '2026-01-15T12:30:00Z'],
    ['2026-01-15t12:30:05.250z', '2026-01-15T12:30:05.250Z'],
  ])('reads %j as the UTC date-time %s', (typed, sent) => {
    expect(typedInstant(typed)).toBe(sent)
  })

  it('sends a date as it is: the sandbox reads it as its first instant', () => {
    expect(typedInstant('2026-01-15')).toBe('2026-01-15')
  })

  it('sends anything else as typed, for the sandbox to refuse with what it takes', () => {
    expect(typedInstant('15/01/2026')).toBe('15/01/2026')
  })
})
