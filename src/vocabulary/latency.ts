import { mixHash, unitInterval } from './hash.js'

/** Added latency in milliseconds: fixed (`min === max`) or drawn from `min`..`max`. */
export interface LatencyRange {
  readonly min: number
  readonly max: number
}

/**
 * Longest delay a rule may add, and the most all of an answer's latency adds up to (the sandbox's
 * and every matching rule's): ten minutes, far below a timer's 2^31 − 1 ms.
 *
 * @example
 * Math.min(total, MAX_LATENCY_MS)
 */
export const MAX_LATENCY_MS = 600_000

const LATENCY_PATTERN = /^(\d{1,6})(?:-(\d{1,6}))?$/

/** Most milliseconds a latency may name: six digits. */
const MAX_LATENCY_DIGITS_MS = 999_999

const isMilliseconds = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_LATENCY_DIGITS_MS

/**
 * The one reading of a latency, whichever way it is written: milliseconds (`250`), a range as
 * text (`"100-400"`), or `{ min, max }`. `undefined` when it is none of them.
 *
 * @example
 * toLatencyRange(250) // { min: 250, max: 250 }
 * toLatencyRange('100-400') // { min: 100, max: 400 }
 * toLatencyRange({ min: 5, max: 1 }) // undefined
 */
export function toLatencyRange(value: unknown): LatencyRange | undefined {
  if (typeof value === 'string') return parseLatency(value)
  if (isMilliseconds(value)) return { min: value, max: value }
  if (typeof value !== 'object' || value === null) return undefined
  const { min, max } = value as Partial<LatencyRange>
  return isMilliseconds(min) && isMilliseconds(max) && min <= max ? { min, max } : undefined
}

/**
 * Parses `250` or `100-400` (milliseconds); `undefined` when the text is neither.
 *
 * @example
 * parseLatency('100-400') // { min: 100, max: 400 }
 */
export function parseLatency(text: string): LatencyRange | undefined {
  const match = LATENCY_PATTERN.exec(text.trim())
  if (match === null) return undefined
  const min = Number(match[1])
  const max = match[2] === undefined ? min : Number(match[2])
  return max < min ? undefined : { min, max }
}

/**
 * The delay of the `requestNumber`th request: seeded, so a run with the same seed waits the same.
 *
 * @example
 * pickDelay({ min: 100, max: 400 }, 42, 7) // the same number every run
 */
export function pickDelay(range: LatencyRange, seed: number, requestNumber: number): number {
  if (range.min === range.max) return range.min
  return range.min + Math.floor(unitInterval(mixHash(mixHash(0x1a7e, seed), requestNumber)) * (range.max - range.min + 1))
}
