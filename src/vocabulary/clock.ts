/**
 * The sandbox's one source of "now": key expiry, default date ranges and the last day of data all
 * read it. It runs with the real time (moved on by `advance`), or stands still where `set` (or
 * `--now`) froze it; `restore` brings back the clock the sandbox started with.
 *
 * @example
 * const clock = createClock(Date.parse('2026-01-15T00:00:00Z'))
 * clock.advance(86_400_000)
 * new Date(clock.now()).toISOString() // '2026-01-16T00:00:00.000Z'
 */
export interface Clock {
  /** "Now" for the data, in ms since the epoch. */
  now(): number
  /** The real time, whatever the clock says: for rate-limit windows and the request journal. */
  realNow(): number
  /** "Now" for the data when the real time is `realMs` (a `realNow()` just read): one reading of the time serves both. */
  at(realMs: number): number
  /** Whether the clock stands still (set, or started with a fixed now). */
  readonly frozen: boolean
  /** Sets "now" and freezes it there. */
  set(epochMs: number): void
  /** Moves "now" on by `ms` (frozen or running alike). */
  advance(ms: number): void
  /** Back to the clock the sandbox started with. */
  restore(): void
}

/** The last instant the clock reaches: a running clock stops there, so no date it gives has five digits. */
export const CLOCK_END_MS = Date.parse('9999-12-31T23:59:59.999Z')

/**
 * Creates a {@link Clock}: with `startMs`, frozen at that instant; without, running with the real time.
 * Either way it never passes {@link CLOCK_END_MS}.
 *
 * @example
 * const clock = createClock() // the real time
 * clock.set(Date.parse('2026-03-01T12:00:00Z'))
 */
export function createClock(startMs?: number): Clock {
  let frozenAt = startMs
  let offset = 0
  return {
    now: () => Math.min(frozenAt ?? Date.now() + offset, CLOCK_END_MS),
    realNow: () => Date.now(),
    at: (realMs) => Math.min(frozenAt ?? realMs + offset, CLOCK_END_MS),
    get frozen() {
      return frozenAt !== undefined
    },
    set(epochMs) {
      frozenAt = epochMs
      offset = 0
    },
    advance(ms) {
      if (frozenAt === undefined) offset += ms
      else frozenAt += ms
    },
    restore() {
      frozenAt = startMs
      offset = 0
    },
  }
}
