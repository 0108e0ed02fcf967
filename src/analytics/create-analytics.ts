import type { ProjectEntry } from '../model/model-index.js'
import type { BoundedCache } from '../vocabulary/bounded-cache.js'
import type { DayNumber } from '../vocabulary/calendar-date.js'
import { createCell } from './cell-metrics.js'
import { buildDailySeries, type DailySeries } from './daily-series.js'
import type { Provider } from '../vocabulary/providers.js'

/** The analytics source of one sandbox: deterministic series, cached per project and filter. */
export interface Analytics {
  readonly seed: number
  /**
   * A series of `entry` for the filter that covers the days `from`..`today` (and more around them,
   * within the project's life up to `today`); `from` is at most {@link SERIES_BLOCK_DAYS} days before
   * the last day asked for. `provider` and `region` narrow it; `undefined` means all the project's
   * providers or regions.
   */
  seriesFor(entry: ProjectEntry, provider: Provider | undefined, region: string | undefined, from: DayNumber, today: DayNumber): DailySeries
}

/**
 * Series are built over two consecutive blocks of this many days (aligned on day 0), the pair that
 * starts with the block of the first day a request needs. A request needs at most 732 days (a
 * 366-day range and the period before it), fewer than a block, so the pair always covers it: the
 * work and memory of a request depend on its range, never on how old the project is.
 */
export const SERIES_BLOCK_DAYS = 1024

/** Bytes of series kept at most, for all sandboxes of the process (the least recently used go first). */
export const SERIES_CACHE_BYTES = 16 * 1024 * 1024

/**
 * Bytes a series holds: three Int32 and four Float64 values a day.
 *
 * @example
 * new BoundedCache(SERIES_CACHE_BYTES, seriesBytes)
 */
export const seriesBytes = (series: DailySeries): number => 256 + series.length * 44

/**
 * Creates the analytics of one sandbox for `seed`, its series kept in `cache`: the process's, shared
 * by every sandbox (entries key on the seed and a project revision, which is unique in the process).
 *
 * @example
 * const analytics = createAnalytics(42, process.series)
 * analytics.seriesFor(model.index.findProject(101)!, undefined, undefined, today - 59, today).length
 */
export function createAnalytics(seed: number, cache: BoundedCache<string, DailySeries>): Analytics {
  return {
    seed,
    seriesFor(entry, provider, region, from, today) {
      const block = Math.floor(from / SERIES_BLOCK_DAYS)
      const firstDay = Math.max(entry.createdDay, block * SERIES_BLOCK_DAYS)
      const lastDay = Math.min(today, (block + 2) * SERIES_BLOCK_DAYS - 1)
      const key = `${seed}:${entry.project.id}:${entry.revision}:${provider ?? '*'}:${region ?? '*'}:${block}:${lastDay}`
      return cache.getOrCreate(key, () => {
        const { project } = entry
        const providers = provider === undefined ? project.providers : project.providers.filter((id) => id === provider)
        const regions = region === undefined ? project.data_regions : project.data_regions.filter((code) => code === region)
        const cells = providers.flatMap((id) => regions.map((code) => createCell(seed, project.id, id, code)))
        return buildDailySeries(cells, firstDay, lastDay)
      })
    },
  }
}
