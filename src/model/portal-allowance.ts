import { LIMITS } from '../vocabulary/limits.js'
import type { BudgetAccount } from '../vocabulary/memory-budget.js'
import { PortalError } from '../vocabulary/portal-error.js'

/**
 * Records (users, projects, keys) the portal makes between two resets, so memory stays bounded: a
 * project with its key holds about 1.7 KB of heap, so the most this allows is about 17 MB. Records
 * near their field limits reach {@link LIMITS.portalBytes} first. On a server, every portal also
 * draws on the process's budget ({@link RECORD_HEAP_BYTES} a record), which sizes the heap.
 */
export const MAX_CREATED_RECORDS = LIMITS.portalRecords

/**
 * Heap a portal record costs besides its text, as measured (docs/decisions/bounded-by-bytes.md):
 * 20,000 small records take about 16 MB, so the process budget sees what the records hold.
 */
export const RECORD_HEAP_BYTES = 800

/** Heap per byte of a record's JSON text: long texts cost about a quarter of their JSON length more. */
const HEAP_PER_JSON_BYTE = 0.25

/** A record's weight against the portal's byte budget: its JSON text's length. */
function sizeOf(record: object | undefined): number {
  return record === undefined ? 0 : JSON.stringify(record).length
}

/**
 * What a portal may still make between two resets: records (at most {@link MAX_CREATED_RECORDS}),
 * bytes of records as JSON ({@link LIMITS.portalBytes}, PATCH and DELETE move it too), and its
 * share of the process's memory budget (`account`). Every check comes before the change it allows,
 * so a refusal (409 `portal_full` or `memory_full`) changes nothing.
 *
 * @example
 * const allowance = new PortalAllowance(account)
 * allowance.reserve(2)
 * allowance.count(allowance.weigh([], [user, key]))
 */
export class PortalAllowance {
  #created = 0
  /** Bytes the portal added to the records (as JSON) since the start. */
  #bytes = 0
  /** Heap the records made hold against the process's budget. */
  #held = 0

  constructor(readonly account: BudgetAccount) {}

  /** Throws 409 `portal_full` unless `count` more records may be made. */
  reserve(count: number): void {
    if (this.#created + count > MAX_CREATED_RECORDS) throw PortalError.full()
  }

  /**
   * Checks that `after` may replace `before` (records, or nothing) within the byte budget and the
   * process's, taking from (or giving back to) the latter; the change in bytes, for {@link count}.
   * Called just before the change is made.
   */
  weigh(before: readonly (object | undefined)[], after: readonly (object | undefined)[]): number {
    const change =
      after.reduce((sum: number, record) => sum + sizeOf(record), 0) - before.reduce((sum: number, record) => sum + sizeOf(record), 0)
    if (change > 0 && this.#bytes + change > LIMITS.portalBytes) throw PortalError.full()
    const records = after.filter((record) => record !== undefined).length - before.filter((record) => record !== undefined).length
    const heap = Math.max(-this.#held, Math.ceil(records * RECORD_HEAP_BYTES + change * HEAP_PER_JSON_BYTE))
    if (!this.account.change(0, heap)) throw PortalError.memoryFull()
    this.#held += heap
    return change
  }

  /** Counts a change made: `made` records more, `change` bytes (from {@link weigh}). */
  count(change: number, made = 0): void {
    this.#created += made
    this.#bytes = Math.max(0, this.#bytes + change)
  }

  /** Back to nothing made: the records are gone (a reset), their share of the budget given back. */
  reset(): void {
    this.account.give(this.#held)
    this.#held = 0
    this.#created = 0
    this.#bytes = 0
  }
}
