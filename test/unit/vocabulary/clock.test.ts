import { describe, expect, it } from 'vitest'
import { CLOCK_END_MS, createClock } from '../../../src/vocabulary/clock.js'
import { parseIsoDuration } from '../../../src/vocabulary/iso-duration.js'
import { parseStartInstant } from '../../../src/vocabulary/parse-start-instant.js'

const START = Date.parse('2026-03-01T00:00:00Z')

describe('the clock', () => {
  it('stands still at its start instant, moves on by advance, and sets and freezes anywhere', () => {
    const clock = createClock(START)
    expect(clock.frozen).toBe(true)
    expect(clock.now()).toBe(START)
    clock.advance(3_600_000)
    expect(clock.now()).toBe(START + 3_600_000)
    clock.set(START - 1)
    expect(clock.now()).toBe(START - 1)
  })

  it('runs with the real time when started without an instant, and advance moves it on while it runs', () => {
    const clock = createClock()
    expect(clock.frozen).toBe(false)
    expect(Math.abs(clock.now() - Date.now())).toBeLessThan(50)
    clock.advance(86_400_000)
    expect(Math.abs(clock.now() - Date.now() - 86_400_000)).toBeLessThan(50)
    expect(clock.frozen).toBe(false)
  })

  it('goes back to the clock it started with on restore, frozen or running', () => {
    const frozen = createClock(START)
    frozen.set(0)
    frozen.restore()
    expect(frozen.now()).toBe(START)
    const running = createClock()
    running.set(START)
    running.restore()
    expect(running.frozen).toBe(false)
    expect(Math.abs(running.now() - Date.now())).toBeLessThan(50)
  })
})

describe('ISO 8601 durations', () => {
  it('reads whole weeks, days, hours, minutes and seconds, combined', () => {
    expect(parseIsoDuration('P30D')).toBe(30 * 86_400_000)
    expect(parseIsoDuration('PT2H')).toBe(7_200_000)
    expect(parseIsoDuration('P1DT12H30M')).toBe(86_400_000 + 12.5 * 3_600_000)
    expect(parseIsoDuration('P2W')).toBe(14 * 86_400_000)
  })

  it('refuses years and months (no fixed length), fractions, empty parts, signs and text', () => {
    for (const text of ['P1M', 'P1Y', 'P', 'PT', 'P1DT', '-P1D', 'P1.5D', '30D', 'p1d', '', 'PT0.5S', 'P1234567890D']) {
      expect(parseIsoDuration(text), text).toBeUndefined()
    }
  })
})

describe('the start instant (--now, the now option)', () => {
  it('takes a date as its first instant, UTC, or a UTC date-time', () => {
    expect(parseStartInstant('2026-03-01')).toBe(START)
    expect(parseStartInstant('2026-03-01T09:30:00Z')).toBe(START + 9.5 * 3_600_000)
    expect(parseStartInstant('2026-03-01T09:30:00.250Z')).toBe(START + 9.5 * 3_600_000 + 250)
    // Finer fractions (a timestamp in microseconds) are read to the millisecond, as Date.parse does.
    expect(parseStartInstant('2026-03-01T09:30:00.250999Z')).toBe(START + 9.5 * 3_600_000 + 250)
  })

  it('refuses an impossible date or time, an offset other than Z, and text', () => {
    for (const text of [
      '2026-02-30',
      '2026-02-30T00:00:00Z',
      '2026-03-01T24:00:00Z',
      '2026-03-01T09:30:00+01:00',
      '2026-03-01 09:30:00Z',
      'today',
    ]) {
      expect(parseStartInstant(text), text).toBeUndefined()
    }
  })
})

describe('the end of time', () => {
  it('stops a running clock at 9999-12-31T23:59:59.999Z, whatever the real time says', () => {
    const clock = createClock()
    clock.advance(CLOCK_END_MS - Date.now() - 1)
    expect(clock.now()).toBeLessThanOrEqual(CLOCK_END_MS)
    clock.advance(10_000)
    expect(clock.now()).toBe(CLOCK_END_MS)
    expect(new Date(clock.now()).toISOString()).toBe('9999-12-31T23:59:59.999Z')
  })

  it('stops a frozen clock moved past the end there too', () => {
    const clock = createClock(CLOCK_END_MS - 1)
    clock.advance(86_400_000)
    expect(clock.now()).toBe(CLOCK_END_MS)
  })
})

describe('now at a real time just read', () => {
  it('says what now says, for a running clock moved on, a frozen one, and one at the end of time', () => {
    const running = createClock()
    running.advance(86_400_000)
    const real = Date.now()
    expect(running.at(real)).toBe(real + 86_400_000)
    const frozen = createClock(Date.parse('2026-03-01T00:00:00Z'))
    expect(frozen.at(Date.now())).toBe(frozen.now())
    const ended = createClock()
    ended.advance(CLOCK_END_MS)
    expect(ended.at(Date.now())).toBe(CLOCK_END_MS)
  })
})
