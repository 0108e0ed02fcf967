import { SERIES_CACHE_BYTES, seriesBytes } from '../analytics/create-analytics.js'
import type { DailySeries } from '../analytics/daily-series.js'
import { SharedAnswers } from '../core/admin/shared-answers.js'
import { ownAnswer, type Answer } from '../core/answer.js'
import type { ProcessWide } from '../core/process-wide.js'
import { BoundedCache } from '../vocabulary/bounded-cache.js'
import type { LargeProjects } from '../analytics/large-projects.js'
import { KeyFinder } from '../vocabulary/key-finder.js'
import { MemoryBudget, PROCESS_BUDGET_BYTES } from '../vocabulary/memory-budget.js'

/**
 * Bytes of success answers kept for serving again (the least recently used go first): about 4,000
 * answers of a kilobyte. Why not more: docs/benchmarks.md, "Tuning measurements".
 */
export const ANSWER_CACHE_BYTES = 4 * 1024 * 1024
/**
 * An answer is kept from the second request for it among the last this-many first requests, so a
 * load of ever-new queries does not churn the cache (docs/benchmarks.md, "Tuning measurements").
 */
export const ANSWER_ADMISSION_KEYS = 4096
/**
 * Bytes of the admin API's large answers kept to be shared (keys, journal pages): a few of the
 * largest (a journal page of 1,000 cut entries is about 2.4 MB).
 */
export const ADMIN_ANSWER_CACHE_BYTES = 8 * 1024 * 1024
/**
 * Accounts whose `variant-large` projects are kept (about 2.2 MB of heap each: 2,000 projects): the account a
 * test lists and reads now, and one more, say another seed's session's.
 */
export const LARGE_PROJECTS_KEPT = 2

/**
 * What every sandbox of a process shares (see {@link ProcessWide}): the caches, and its servers'
 * memory budget and masked keys. The entries make one for the process (`this-process.ts`) and hand
 * it down; a test makes its own to start from nothing.
 *
 * @example
 * const process = createProcessWide()
 * openSandbox(resolveSandboxConfig({ seed: 7 }), process)
 */
export function createProcessWide(): ProcessWide {
  return Object.freeze({
    answers: new BoundedCache<string, Answer>(ANSWER_CACHE_BYTES, (answer) => answer.body.byteLength, {
      admitOnSecondUse: ANSWER_ADMISSION_KEYS,
      keep: ownAnswer,
    }),
    adminAnswers: new SharedAnswers(ADMIN_ANSWER_CACHE_BYTES),
    series: new BoundedCache<string, DailySeries>(SERIES_CACHE_BYTES, seriesBytes),
    largeProjects: new BoundedCache<string, LargeProjects>(LARGE_PROJECTS_KEPT),
    serverBudget: new MemoryBudget(PROCESS_BUDGET_BYTES),
    serverKeys: new KeyFinder(),
  })
}
