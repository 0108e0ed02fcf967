import type { ApiKey } from '../contract/fixtures-schema.js'
import type { Clock } from '../vocabulary/clock.js'
import { formatInstant, LAST_INSTANT_MS } from '../vocabulary/format-instant.js'
import { mixHash } from '../vocabulary/hash.js'
import type { ModelIndex } from './model-index.js'

/** One year after `nowMs`, on the same date and time (29 February gives 1 March), at most the last instant of 9999. */
function aYearAfter(nowMs: number): string {
  const date = new Date(Math.floor(nowMs / 1000) * 1000)
  date.setUTCFullYear(date.getUTCFullYear() + 1)
  return formatInstant(Math.min(date.getTime(), LAST_INSTANT_MS))
}

/**
 * Makes up the keys the portal creates: a text nobody holds, from the seed and a sequence number
 * (the same in any process for the same calls), a name, and an expiry a year after the clock's now.
 *
 * @example
 * const keys = new KeyMaker(index, clock, 1)
 * keys.make('USER', 4, null, new Set()).key // 'sbx_user_4_…'
 */
export class KeyMaker {
  #sequence = 0

  constructor(
    readonly index: ModelIndex,
    readonly clock: Clock,
    readonly seed: number,
  ) {}

  /** A new key record of `level` for `userId` (and `projectId`), its text neither known nor in `taken`, which it joins. */
  make(level: ApiKey['level'], userId: number, projectId: number | null, taken: Set<string>): ApiKey {
    const key = this.#newText(level, projectId ?? userId, taken)
    taken.add(key)
    const name = level === 'USER' ? `Account ${userId} key` : `Project ${projectId} key`
    return { key, name, level, user_id: userId, project_id: projectId, expiry: aYearAfter(this.clock.now()), revoked: false }
  }

  /** Back to the first text (a reset). */
  reset(): void {
    this.#sequence = 0
  }

  #newText(level: ApiKey['level'], ownerId: number, taken: ReadonlySet<string>): string {
    for (;;) {
      const hash = mixHash(mixHash(0x6b65, this.seed), ++this.#sequence)
      const text = `sbx_${level.toLowerCase()}_${ownerId}_${hash.toString(16).padStart(8, '0')}`
      if (this.index.findKey(text) === undefined && !taken.has(text)) return text
    }
  }
}
