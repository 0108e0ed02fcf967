import { largeProjects, type LargeProjects } from '../analytics/large-projects.js'
import type { KeyEntry, ModelIndex } from '../model/model-index.js'
import type { DayNumber } from '../vocabulary/calendar-date.js'
import { DOCUMENTED_KEYS } from '../vocabulary/documented-keys.js'

/**
 * The projects `variant-large` adds for `key`: to the account of `sbx_user_alpha` (the documented
 * USER key), seen through any USER key of it; none for a PROJECT key or another account.
 *
 * @example
 * largeAccount(index, index.findKey('sbx_user_alpha')!, seed, today)?.entries.length // 1997
 */
export function largeAccount(index: ModelIndex, key: KeyEntry, seed: number, today: DayNumber): LargeProjects | undefined {
  const { apiKey } = key
  if (apiKey.level !== 'USER' || apiKey.user_id !== index.findKey(DOCUMENTED_KEYS.user)?.apiKey.user_id) return undefined
  return largeProjects(seed, apiKey.user_id, index.listProjects(apiKey.user_id).length, today)
}
