/** One point of `visibility_score.history`. */
export interface ScorePoint {
  readonly date: string
  readonly score: number
}

/**
 * What the chart's legend says while no point is hovered: the latest point, marked so, instead of
 * uPlot's empty "–" and "--"; with no point at all, that there are no dates.
 *
 * @example
 * restingLegend([{ date: '2026-01-14', score: 51 }, { date: '2026-01-15', score: 54 }])
 * // { date: '2026-01-15 (latest)', score: '54' }
 * restingLegend([]) // { date: 'no dates', score: '–' }
 */
export function restingLegend(history: readonly ScorePoint[]): { readonly date: string; readonly score: string } {
  const latest = history.at(-1)
  return latest === undefined ? { date: 'no dates', score: '–' } : { date: `${latest.date} (latest)`, score: String(latest.score) }
}
