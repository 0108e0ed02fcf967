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
 * Heap a portal record costs besides its text, as measured (docs/decisions/bounded-by-bytes.md#what-a-record-costs-50):
 * an account of four small records takes about 2.2 KB, so the process budget sees what the records hold.
 */
export const RECORD_HEAP_BYTES = 400

/**
 * Heap per character of a record's JSON text, as measured: a project of 32 KB of unique one-byte
 * texts holds 1.39 bytes of heap a character, of two-byte texts (CJK, emoji) 2.30. The charge is
 * above both, so the budget refuses before the heap runs out.
 */
export const HEAP_PER_JSON_CHAR = { oneByte: 1.5, twoByte: 2.6 } as const

/** Any character a one-byte string cannot hold: V8 then keeps the text at two bytes a character. */
const WIDE_CHARACTER = /[\u0100-\uffff]/

/** A record's JSON text (its weight against the portal's byte budget is the text's length). */
function jsonOf(record: object | undefined): string {
  return record === undefined ? '' : JSON.stringify(record)
}

/** What a record's text costs in the heap: its characters at one or two bytes each. */
function heapOfText(json: string): number {
  return json.length * (WIDE_CHARACTER.test(json) ? HEAP_PER_JSON_CHAR.twoByte : HEAP_PER_JSON_CHAR.oneByte)
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
    const afterJson = after.map(jsonOf)
    const beforeJson = before.map(jsonOf)
    const length = (sum: number, json: string) => sum + json.length
    const change = afterJson.reduce(length, 0) - beforeJson.reduce(length, 0)
    if (change > 0 && this.#bytes + change > LIMITS.portalBytes) throw PortalError.full()
    const records = after.filter((record) => record !== undefined).length - before.filter((record) => record !== undefined).length
    const text = (sum: number, json: string) => sum + heapOfText(json)
    const heapChange = afterJson.reduce(text, 0) - beforeJson.reduce(text, 0)
    const heap = Math.max(-this.#held, Math.ceil(records * RECORD_HEAP_BYTES + heapChange))
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
