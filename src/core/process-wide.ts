import type { DailySeries } from '../analytics/daily-series.js'
import type { BoundedCache } from '../vocabulary/bounded-cache.js'
import type { Answer } from './answer.js'
import type { SharedAnswers } from './admin/shared-answers.js'
import type { LargeProjects } from '../analytics/large-projects.js'
import type { KeyFinder } from '../vocabulary/key-finder.js'
import type { MemoryBudget } from '../vocabulary/memory-budget.js'

/**
 * What every sandbox of a process shares, named as such: caches whose entries key on what is
 * unique in the process (key texts with an index's change count, project revisions, journal
 * versions), so a root sandbox and its sessions share them safely and a new session costs no cache
 * of its own; and the memory budget and masked keys of its servers. One object, made once for the
 * process by the entries (`sandbox/this-process.ts`, from `createProcessWide`) and handed down to
 * every sandbox they open: what two sandboxes share is what this holds, and nothing else.
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
  /**
   * The one budget of the process's servers (the command line's and every `startSandbox`): their
   * root sandboxes and sessions all draw on it. A sandbox in a test's own process has none.
   */
  readonly serverBudget: MemoryBudget
  /**
   * The keys of every server sandbox in the process, the root and every session of each: what the
   * journal, the log, warnings and error details mask, so a key made in session A and sent to the
   * root or to session B is masked too. Each sandbox adds its keys as it stores them and takes them
   * out as it deletes them, and all of them when it ends (`endSandbox`).
   */
  readonly serverKeys: KeyFinder
}
