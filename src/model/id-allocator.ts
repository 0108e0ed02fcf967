/**
 * Gives ids that were never stored: one past the highest ever stored, and once that would pass
 * 2^53 − 1 (a caller or a fixture took the top of the range), the lowest never stored. An id a
 * deleted record had is never given again, so a stale reference never finds a new record.
 *
 * @example
 * const ids = new IdAllocator()
 * ids.note(7)
 * ids.next() // 8
 * ids.note(Number.MAX_SAFE_INTEGER)
 * ids.next() // 1
 */
export class IdAllocator {
  /** Every id stored since the last clear: bounded by the records a sandbox may hold. */
  readonly #used = new Set<number>()
  #highest = 0
  /** Where the search for the lowest free id goes on, once the range's top is taken. */
  #low = 1

  /** Records that `id` is (or was) taken. */
  note(id: number): void {
    this.#used.add(id)
    if (id > this.#highest) this.#highest = id
  }

  /** The next id never stored and not in `reserved` (ids chosen for records not stored yet). */
  next(reserved: ReadonlySet<number> = NO_IDS): number {
    let id = this.#highest + 1
    while (reserved.has(id)) id++
    if (Number.isSafeInteger(id)) return id
    while (this.#used.has(this.#low) || reserved.has(this.#low)) this.#low++
    return this.#low
  }

  /** Forgets every id (a reset re-notes the fixtures' ones). */
  clear(): void {
    this.#used.clear()
    this.#highest = 0
    this.#low = 1
  }
}

const NO_IDS: ReadonlySet<number> = new Set()
