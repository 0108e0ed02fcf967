import type { DayNumber } from '../vocabulary/calendar-date.js'
import { hashString, mixHash, unitInterval } from '../vocabulary/hash.js'

/**
 * The analytics of one project for one provider in one region on one day: the smallest unit of data.
 * Scores are integer hundredths (0-10000) so sums and means are exact.
 */
export interface CellDay {
  visibility: number
  citation: number
  positive: number
  neutral: number
  negative: number
}

/** Knot spacing of the smooth component, in days. */
const KNOT_DAYS = 14

/**
 * The fixed parameters of one (seed, project, provider, region) cell, derived once.
 */
export interface Cell {
  readonly hash: number
  readonly visibilityBase: number
  readonly visibilitySwing: number
  readonly citationBase: number
  readonly citationSwing: number
  readonly positiveBias: number
  readonly negativeBias: number
  readonly volume: number
}

/**
 * Derives a cell's parameters from the seed and its coordinates. The region and provider enter by
 * their names, so a project's cell does not change when another provider or region is added.
 *
 * @example
 * const cell = createCell(42, 101, 'chatgpt', 'US')
 */
export function createCell(seed: number, projectId: number, provider: string, region: string): Cell {
  const hash = mixHash(mixHash(mixHash(mixHash(0x5eed, seed), projectId), hashString(provider)), hashString(region))
  const at = (salt: number) => unitInterval(mixHash(hash, salt))
  return {
    hash,
    visibilityBase: 2500 + Math.floor(at(1) * 5500),
    visibilitySwing: 600 + Math.floor(at(2) * 1600),
    citationBase: 1500 + Math.floor(at(3) * 6000),
    citationSwing: 500 + Math.floor(at(4) * 1500),
    positiveBias: 0.3 + at(5) * 0.4,
    negativeBias: 0.1 + at(6) * 0.3,
    volume: 8 + Math.floor(at(7) * 40),
  }
}

/** A smooth value in [0, 1) that drifts over weeks: hashed knots, smoothstep between them. */
function smoothNoise(hash: number, day: DayNumber): number {
  const knot = Math.floor(day / KNOT_DAYS)
  const t = (day - knot * KNOT_DAYS) / KNOT_DAYS
  const from = unitInterval(mixHash(hash, knot))
  const to = unitInterval(mixHash(hash, knot + 1))
  return from + (to - from) * (t * t * (3 - 2 * t))
}

function clampScore(hundredths: number): number {
  return hundredths < 0 ? 0 : hundredths > 10_000 ? 10_000 : hundredths
}

/**
 * The cell's values on `day`. A pure function of the cell and the day: it never depends on "today".
 *
 * @example
 * computeCellDay(createCell(42, 101, 'chatgpt', 'US'), 19782).visibility // 0..10000
 */
export function computeCellDay(cell: Cell, day: DayNumber): CellDay {
  const dayHash = mixHash(cell.hash, day)
  const jitter = unitInterval(dayHash) - 0.5
  const visibility = clampScore(
    Math.round(cell.visibilityBase + (smoothNoise(cell.hash, day) - 0.5) * 2 * cell.visibilitySwing + jitter * 400),
  )
  const citation = clampScore(
    Math.round(cell.citationBase + (smoothNoise(~cell.hash >>> 0, day) - 0.5) * 2 * cell.citationSwing + jitter * 300),
  )
  const mentions = cell.volume + Math.floor(unitInterval(mixHash(dayHash, 1)) * cell.volume)
  const positive = Math.floor(mentions * (cell.positiveBias + (unitInterval(mixHash(dayHash, 2)) - 0.5) * 0.2))
  const negative = Math.floor((mentions - positive) * cell.negativeBias)
  return { visibility, citation, positive, neutral: mentions - positive - negative, negative }
}
