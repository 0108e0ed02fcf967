import type { Trend } from '../contract/resource-schemas.js'

/** Changes smaller than this, in percent either way, are `stable`. */
export const STABLE_THRESHOLD_PERCENT = 2

/**
 * (current − previous) / previous × 100, rounded to 2 decimals; 0 when previous is 0, since no
 * percentage of nothing exists. Callers pass 0 change themselves when either side has no data.
 *
 * @example
 * changePercentage(55, 50) // 10
 */
export function changePercentage(current: number, previous: number): number {
  if (previous === 0) return 0
  return Math.round(((current - previous) / previous) * 10_000) / 100
}

/**
 * `stable` when |change| < 2 %, else `up` or `down`.
 *
 * @example
 * trendOf(-3.5) // 'down'
 */
export function trendOf(change: number): Trend {
  if (Math.abs(change) < STABLE_THRESHOLD_PERCENT) return 'stable'
  return change > 0 ? 'up' : 'down'
}
