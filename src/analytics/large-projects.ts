import { makeProject } from '../model/make-project.js'
import type { ProjectEntry } from '../model/model-index.js'
import { dayOfInstant, MS_PER_DAY, type DayNumber } from '../vocabulary/calendar-date.js'
import { LARGE_FIRST_ID, LARGE_PROJECT_COUNT } from '../vocabulary/variants.js'
import type { BoundedCache } from '../vocabulary/bounded-cache.js'

/** The projects `variant-large` adds to an account: listed in id order, each served by id. */
export interface LargeProjects {
  readonly entries: readonly ProjectEntry[]
  find(id: number): ProjectEntry | undefined
}

/**
 * The projects `variant-large` adds to user `userId`'s account, who has `own` projects already:
 * enough to list {@link LARGE_PROJECT_COUNT} in all, ids from {@link LARGE_FIRST_ID} up, made by
 * the portal's generator from `seed` (created 30 days before `today`). The same for the same seed,
 * user and day, made once for them and kept in `made` (the process's, `ProcessWide.largeProjects`):
 * a test that lists them once and then asks for each one gets the same objects.
 *
 * @example
 * largeProjects(42, 1, 3, today, process.largeProjects).entries.length // 1997
 */
export function largeProjects(
  seed: number,
  userId: number,
  own: number,
  today: DayNumber,
  made: BoundedCache<string, LargeProjects>,
): LargeProjects {
  const count = Math.max(0, LARGE_PROJECT_COUNT - own)
  return made.getOrCreate(`${seed}|${userId}|${count}|${today}`, () => makeLargeProjects(seed, userId, count, today))
}

/** `count` projects from {@link LARGE_FIRST_ID} up for user `userId`, made afresh. */
function makeLargeProjects(seed: number, userId: number, count: number, today: DayNumber): LargeProjects {
  const entries = Array.from({ length: count }, (_, index): ProjectEntry => {
    const project = makeProject(seed, LARGE_FIRST_ID + index, userId, today * MS_PER_DAY, {})
    // A revision no record of the model has (theirs count up from 1), for caches keyed by it.
    return { project, createdDay: dayOfInstant(Date.parse(project.created_at)), revision: -1 }
  })
  return {
    entries,
    find: (id) => (id >= LARGE_FIRST_ID && id < LARGE_FIRST_ID + count ? entries[id - LARGE_FIRST_ID] : undefined),
  }
}
