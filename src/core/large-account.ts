import { largeProjects, type LargeProjects } from '../analytics/large-projects.js'
import type { KeyEntry, ModelIndex } from '../model/model-index.js'
import type { DayNumber } from '../vocabulary/calendar-date.js'
import type { BoundedCache } from '../vocabulary/bounded-cache.js'
import { DOCUMENTED_KEYS } from '../vocabulary/documented-keys.js'

/**
 * The projects `variant-large` adds for `key`: to the account of `sbx_user_alpha` (the documented
 * USER key), seen through any USER key of it; none for a PROJECT key or another account. Made once
 * per seed, account and day, and kept in `made`.
 *
 * @example
 * largeAccount(index, index.findKey('sbx_user_alpha')!, seed, today, sandbox.shared.largeProjects)?.entries.length // 1997
 */
export function largeAccount(
  index: ModelIndex,
  key: KeyEntry,
  seed: number,
  today: DayNumber,
  made: BoundedCache<string, LargeProjects>,
): LargeProjects | undefined {
  const { apiKey } = key
  if (apiKey.level !== 'USER' || apiKey.user_id !== index.findKey(DOCUMENTED_KEYS.user)?.apiKey.user_id) return undefined
  return largeProjects(seed, apiKey.user_id, index.listProjects(apiKey.user_id).length, today, made)
}
