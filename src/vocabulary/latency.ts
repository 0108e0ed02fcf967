import { mixHash, unitInterval } from './hash.js'

/** Added latency in milliseconds: fixed (`min === max`) or drawn from `min`..`max`. */
export interface LatencyRange {
  readonly min: number
  readonly max: number
}

const LATENCY_PATTERN = /^(\d{1,6})(?:-(\d{1,6}))?$/

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
