import type { DailySeries } from '../analytics/daily-series.js'
import type { BoundedCache } from '../vocabulary/bounded-cache.js'
import type { Answer } from './answer.js'
import type { SharedAnswers } from './admin/shared-answers.js'
import type { LargeProjects } from '../analytics/large-projects.js'

/**
 * What every sandbox of a process shares, named as such: caches whose entries key on what is
 * unique in the process (key texts with an index's change count, project revisions, journal
 * versions), so a root sandbox and its sessions share them safely and a new session costs no cache
 * of its own. One object, made once by the composition (`sandbox/process-wide.ts`) and handed to
 * every sandbox it opens: what two sandboxes share is what this holds, and nothing else.
 *
 * @example
 * sandbox.shared.answers.getOrCreate(cacheKey, build)
 */
export interface ProcessWide {
  /** Success answers of the public API, served again without being built again. */
  readonly answers: BoundedCache<string, Answer>
  /** The admin API's large answers (keys, journal pages), built once per change and shared. */
  readonly adminAnswers: SharedAnswers
  /** The analytics' daily series, by seed, project revision and filter. */
  readonly series: BoundedCache<string, DailySeries>
  /** The projects `variant-large` adds to an account, by seed, account, count and day: a few kept. */
  readonly largeProjects: BoundedCache<string, LargeProjects>
}
