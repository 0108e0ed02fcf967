import type { ProjectEntry } from '../../model/model-index.js'
import { BoundedCache } from '../bounded-cache.js'
import type { DayNumber } from './calendar-date.js'
import { createCell } from './cell-metrics.js'
import { buildDailySeries, type DailySeries } from './daily-series.js'
import type { Provider } from './providers.js'

/** The analytics source of one sandbox: deterministic series, cached per project and filter. */
export interface Analytics {
  readonly seed: number
  /**
   * The series of `entry` for the filter, from its first day to `today`. `provider` and `region`
   * narrow it; `undefined` means all the project's providers or regions.
   */
  seriesFor(entry: ProjectEntry, provider: Provider | undefined, region: string | undefined, today: DayNumber): DailySeries
}

/** Series kept at most: ~1 000 days × 36 bytes each, so about 20 MB when full. */
const SERIES_CAPACITY = 512

/**
 * Creates the analytics of one sandbox for `seed`.
 *
 * @example
 * const analytics = createAnalytics(42)
 * analytics.seriesFor(model.index.findProject(101)!, undefined, undefined, today).length
 */
export function createAnalytics(seed: number): Analytics {
  const cache = new BoundedCache<string, DailySeries>(SERIES_CAPACITY)
  return {
    seed,
    seriesFor(entry, provider, region, today) {
      const key = `${entry.project.id}:${entry.revision}:${provider ?? '*'}:${region ?? '*'}:${today}`
      return cache.getOrCreate(key, () => {
        const { project } = entry
        const providers = provider === undefined ? project.providers : project.providers.filter((id) => id === provider)
        const regions = region === undefined ? project.data_regions : project.data_regions.filter((code) => code === region)
        const cells = providers.flatMap((id) => regions.map((code) => createCell(seed, project.id, id, code)))
        return buildDailySeries(cells, entry.createdDay, today)
      })
    },
  }
}
