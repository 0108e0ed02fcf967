import type { BudgetAccount } from '../vocabulary/memory-budget.js'
import { unboundedAccount } from '../vocabulary/memory-budget.js'

/**
 * The bounds every per-key counter of one sandbox keeps together (`nth` and `rate` counts of `fail`
 * and `fault` rules, rate-limit windows): a counter is one rule's count for one key. Why these
 * numbers: docs/decisions/bounded-by-bytes.md#counters-of-keys-50.
 *
 * @example
 * KEY_COUNTER_LIMITS.counters // 100000
 */
export const KEY_COUNTER_LIMITS = {
  /** Counters a sandbox holds in all: one a rule and key. */
  counters: 100_000,
  /**
   * Counters of keys the sandbox does not know (a fault is decided before the key check, so every
   * made-up key sent would otherwise make one per counting rule).
   */
  unknownCounters: 10_000,
  /** Characters of the unknown keys those counters hold, one key's length a counter. */
  unknownKeyChars: 1024 * 1024,
} as const

/**
 * Heap one counter holds besides its key's text, measured with `node --expose-gc`
 * (docs/decisions/bounded-by-bytes.md#counters-of-keys-50): a Map entry and a two-field object
 * (about 102 bytes), and the head of the key's text, whose characters are added to it.
 */
export const COUNTER_HEAP_BYTES = 128

/** One rule's count for one key: calls counted, and (for a rate limit) when its window began. */
export interface KeyCounter {
  count: number
  start: number
}

/** What one rule's counters hold, so a rule that is let go gives it back. */
export interface CounterHolder {
  /** Counters per key as sent. */
  counters: Map<string, KeyCounter> | undefined
  /** Calls of every key that could not have a counter of its own, counted together. */
  overflow: KeyCounter | undefined
  /** What the counters took: counters, of them unknown keys', their characters, heap bytes. */
  held: { counters: number; unknown: number; unknownChars: number; bytes: number }
}

/**
 * Every per-key counter of one sandbox's scenario rules, bounded in count and in bytes and charged
 * to the sandbox's share of the process budget. A key past a bound (or past the budget) is counted
 * with every other such key in its rule's one overflow counter: the counts stay deterministic, and
 * memory stays flat whatever keys a client makes up.
 *
 * @example
 * const ledger = new KeyCounters(account)
 * const counter = ledger.counterOf(rule, 'sbx_user_alpha', true, 0)
 * counter.count++
 */
export class KeyCounters {
  #counters = 0
  #unknown = 0
  #unknownChars = 0
  /** Heap bytes taken from the account for the counters held. */
  #bytes = 0

  constructor(readonly account: BudgetAccount = unboundedAccount()) {}

  /** Counters held, all keys. */
  get counters(): number {
    return this.#counters
  }

  /** Counters held for keys the sandbox did not know when they were made. */
  get unknownCounters(): number {
    return this.#unknown
  }

  /**
   * The counter of `key` in `holder` (a rule), made on first use with `start` when there is room;
   * else the rule's overflow counter, shared by every key that found no room.
   */
  counterOf(holder: CounterHolder, key: string, known: boolean, start: number): KeyCounter {
    const counters = (holder.counters ??= new Map())
    const kept = counters.get(key)
    if (kept !== undefined) return kept
    const chars = known ? 0 : key.length
    const bytes = COUNTER_HEAP_BYTES + key.length
    if (
      this.#counters >= KEY_COUNTER_LIMITS.counters ||
      (!known &&
        (this.#unknown >= KEY_COUNTER_LIMITS.unknownCounters || this.#unknownChars + chars > KEY_COUNTER_LIMITS.unknownKeyChars)) ||
      !this.account.take(bytes)
    )
      return (holder.overflow ??= { count: 0, start })
    const made: KeyCounter = { count: 0, start }
    counters.set(key, made)
    const held = holder.held
    held.counters++
    held.bytes += bytes
    this.#counters++
    this.#bytes += bytes
    if (!known) {
      held.unknown++
      held.unknownChars += chars
      this.#unknown++
      this.#unknownChars += chars
    }
    return made
  }

  /** Gives back what `holders` (rules let go: a header's set evicted) took. */
  forget(holders: readonly CounterHolder[]): void {
    for (const { held } of holders) {
      this.#counters -= held.counters
      this.#unknown -= held.unknown
      this.#unknownChars -= held.unknownChars
      this.#bytes -= held.bytes
      this.account.give(held.bytes)
    }
  }

  /** Gives back everything: every counter starts again (scenarios put in force, a reset). */
  clear(): void {
    this.account.give(this.#bytes)
    this.#bytes = 0
    this.#counters = 0
    this.#unknown = 0
    this.#unknownChars = 0
  }
}
