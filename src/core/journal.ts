import { LIMITS } from '../vocabulary/limits.js'
import { NO_WARNINGS, type Warning } from '../vocabulary/warnings.js'
import { maskKey, maskKeysInPath, maskKeysInQuery, maskKeysInText, redactKeys, type KnownKeys } from '../vocabulary/mask-key.js'
import { unboundedAccount, type BudgetAccount } from '../vocabulary/memory-budget.js'
import { detachText } from '../vocabulary/detach-text.js'

/** Journals made in this process. */
let journals = 0

/**
 * Heap an entry holds besides its texts (the slot, its strings' headers, the masked key), as drawn
 * on the process's budget: 1,000 entries of short requests take about 300 KB.
 */
export const ENTRY_HEAP_BYTES = 256

/**
 * The most one entry can weigh against the budget: what a session sets aside so its journal always
 * keeps its last request, however full the process is.
 */
export const MAX_ENTRY_HEAP_BYTES = ENTRY_HEAP_BYTES + LIMITS.journalTextChars + 3 * 512

/**
 * One answered API request, as the journal lists it: the key masked, never whole.
 *
 * @example
 * const last: JournalEntry | undefined = sandbox.requests.at(-1)
 * last?.key // 'sbx_us…ha'
 */
export interface JournalEntry {
  readonly id: number
  readonly time: string
  readonly method: string
  readonly path: string
  readonly query: string
  /** The status the client saw; `null` where a fault sent no answer. */
  readonly status: number | null
  readonly key: string | null
  readonly project_id: string | null
  readonly scenarios: readonly string[]
  /** The answer's `errors.error`, when it has one (a 500 has none). */
  readonly error: string | null
  /** Whether the path and query were cut (they are kept to 2 KiB together; what was cut ends in `…`). */
  readonly cut: boolean
  /** What the request probably got wrong (the client report's warnings); empty for a clean request. */
  readonly warnings: readonly Warning[]
  /** The fault it met (`fault-<type>`), or `null`. */
  readonly fault: string | null
}

/**
 * Which entries to list: every filter given must match (the key whole, as sent), then at most
 * `limit` of them: the most recent, or with `since` (a journal id) the first after it.
 *
 * @example
 * journal.list({ key: 'sbx_user_alpha', status: 500, limit: 10 })
 */
export interface JournalQuery {
  readonly limit?: number
  readonly since?: number
  readonly key?: string
  readonly status?: number
  readonly path?: string
}

interface Slot {
  id: number
  at: number
  method: string
  path: string
  query: string
  status: number | null
  /** The key as sent (unless too long), kept only to tell whether the next request's key is the same. */
  keySent: string | null
  key: string | null
  projectId: string | null
  scenarios: readonly string[]
  error: string | null
  cut: boolean
  warnings: readonly Warning[]
  fault: string | null
}

/**
 * The texts of the last request recorded, as the journal keeps them, for the keys known at
 * `changes`: each masked, cut and copied once, and handed to every entry while it repeats.
 */
interface MaskMemo {
  readonly keys: KnownKeys | undefined
  readonly changes: number
  keptMethod: string
  path: string
  query: string
  keptPath: string
  keptQuery: string
  cut: boolean
  /** The key as given (unless too long), to compare the next request's with: a replayed repeat gives the very same string. */
  key: string | null
  /** The key as sent, copied (unless too long), to filter the journal by. */
  keySent: string | null
  maskedKey: string | null
  projectId: string | null
  keptProjectId: string | null
}

/** A slot with nothing in it yet. */
function emptySlot(): Slot {
  return {
    id: 0,
    at: 0,
    method: '',
    path: '',
    query: '',
    status: 0,
    keySent: null,
    key: null,
    projectId: null,
    scenarios: [],
    error: null,
    cut: false,
    warnings: NO_WARNINGS,
    fault: null,
  }
}

/** Longest method or header value kept, so a hostile request cannot grow the journal. */
const MAX_TEXT = 512
/** `text` cut to `chars` characters, the cut marked with `…`. */
const clipTo = (text: string, chars: number) => (text.length > chars ? `${text.slice(0, Math.max(0, chars))}…` : text)
const clip = (text: string) => clipTo(text, MAX_TEXT)

/** A memo that has seen no request yet, for `keys`. */
function freshMemo(keys: KnownKeys | undefined): MaskMemo {
  return {
    keys,
    changes: keys?.changes ?? -1,
    keptMethod: '',
    path: '',
    query: '',
    keptPath: '',
    keptQuery: '',
    cut: false,
    key: null,
    keySent: null,
    maskedKey: null,
    projectId: null,
    keptProjectId: null,
  }
}

/**
 * Remembers `path` and `query` in `memo` as the journal keeps them: known keys masked, the two
 * kept to {@link LIMITS.journalTextChars} characters together (what was cut ends in `…`), and
 * copied, so that an entry never holds the request's whole text (a 2 KiB cut of a 15 KiB query
 * would keep all 15 KiB).
 */
function remember(memo: MaskMemo, path: string, query: string, keys: KnownKeys): void {
  memo.path = path
  memo.query = query
  const shownPath = maskKeysInPath(path, keys)
  const shownQuery = maskKeysInQuery(query, keys)
  const room = LIMITS.journalTextChars - Math.min(shownPath.length, LIMITS.journalTextChars)
  memo.keptPath = detachText(clipTo(shownPath, LIMITS.journalTextChars))
  memo.keptQuery = detachText(clipTo(shownQuery, room))
  memo.cut = shownPath.length + shownQuery.length > LIMITS.journalTextChars
}

/**
 * The most recent requests of a sandbox, in a ring of at most `capacity` entries: memory stays
 * flat however long the sandbox runs. Each entry draws its bytes from `account` (the process's
 * budget, on a server); when the budget has no room, the ring stops growing and gives up its
 * oldest entries instead, down to the last request, which it always keeps. Entries are formatted
 * only when read.
 *
 * @example
 * const journal = new Journal(500)
 * journal.list({ limit: 10 }) // the last ten requests, oldest first
 */
export class Journal {
  /** The ring: oldest entry at `#next % length`, the newest just before it. */
  readonly #slots: Slot[] = []
  /**
   * Bytes each slot's entry holds against the budget, beside the slots rather than in them: the
   * slot given up next is the oldest, long out of the caches, and reading its cost from it stalled
   * every request (a load that misses); writing the new entry into it does not.
   */
  readonly #costs: number[] = []
  #next = 0
  #recorded = 0
  #clears = 0
  /** Unique in the process, so answers built from journals of different sandboxes never share a version. */
  readonly #id = ++journals

  /**
   * The last request's texts as kept, while the known keys stay as they were: a test repeats its
   * requests, so most are masked, cut and copied once, not once per request, and an entry is
   * written without reading the slot it reuses (the oldest, long out of the caches).
   */
  #masked: MaskMemo = freshMemo(undefined)

  constructor(
    readonly capacity: number,
    readonly account: BudgetAccount = unboundedAccount(),
  ) {}

  /** A fresh memo for `keys` as they are now. */
  #remask(keys: KnownKeys): MaskMemo {
    this.#masked = freshMemo(keys)
    return this.#masked
  }

  /** Entries kept now: at most the capacity, fewer while the process's budget is short. */
  get size(): number {
    return this.#slots.length
  }

  /** Changes whenever an entry is recorded or the journal is cleared: what an answer built from it depends on. */
  get version(): string {
    return `${this.#id}.${this.#clears}.${this.#recorded}`
  }

  /** Requests recorded since the sandbox started or the journal was last cleared. */
  get recorded(): number {
    return this.#recorded
  }

  /**
   * Records one request. Slots are reused in place, and a text equal to the one the slot already
   * holds is kept as it is: a request repeated many times, as under load, leaves nothing new behind
   * to outlive it (no new slot, no new masked key), so the garbage collector has nothing to promote.
   * A key the sandbox knows (`keys`) is masked wherever the request put it: path, query, headers;
   * then path and query are kept to {@link LIMITS.journalTextChars} characters together. Gives
   * the entry's id.
   */
  record(
    at: number,
    method: string,
    path: string,
    query: string,
    status: number | null,
    key: string | null,
    projectId: string | null,
    scenarios: readonly string[],
    error: string | null,
    keys: KnownKeys,
    warnings: readonly Warning[] = NO_WARNINGS,
    fault: string | null = null,
  ): number {
    const memo = this.#masked.keys === keys && this.#masked.changes === keys.changes ? this.#masked : this.#remask(keys)
    // A method is kept whole (up to 512 characters), so the kept text is the one to compare with.
    if (memo.keptMethod !== method) memo.keptMethod = detachText(clip(method))
    if (memo.path !== path || memo.query !== query) remember(memo, path, query, keys)
    // No key, or one too long to hold for the comparison, is masked afresh each time.
    if (key === null || memo.key !== key) {
      memo.key = key !== null && key.length <= MAX_TEXT ? key : null
      memo.keySent = memo.key === null ? null : detachText(memo.key)
      memo.maskedKey = maskKey(key)
    }
    if (memo.projectId !== projectId) {
      memo.projectId = projectId
      memo.keptProjectId = projectId === null ? null : detachText(clip(maskKeysInText(projectId, keys)))
    }
    const cost =
      ENTRY_HEAP_BYTES +
      memo.keptMethod.length +
      memo.keptPath.length +
      memo.keptQuery.length +
      Math.min(key?.length ?? 0, MAX_TEXT) +
      Math.min(projectId?.length ?? 0, MAX_TEXT)
    const slot = this.#place(cost)
    slot.id = ++this.#recorded
    slot.at = at
    slot.method = memo.keptMethod
    slot.cut = memo.cut
    slot.path = memo.keptPath
    // Secret-like query values are masked when read (list() is the only way out), not per request.
    slot.query = memo.keptQuery
    slot.status = status
    slot.keySent = memo.keySent
    slot.key = memo.maskedKey
    slot.projectId = memo.keptProjectId
    slot.scenarios = scenarios
    // Error codes are the catalogue's constants: nothing new is kept.
    slot.error = error
    slot.warnings = warnings
    // Fault names are the catalogue's constants too.
    slot.fault = fault
    return slot.id
  }

  /**
   * The slot the next entry goes in, its `cost` drawn from the budget: a new one while the ring is
   * under its capacity and the budget has room, else the oldest, given up (and its bytes given
   * back) until the new entry fits; the last request is kept whatever the budget.
   */
  #place(cost: number): Slot {
    for (;;) {
      const slots = this.#slots
      if (slots.length < this.capacity && this.account.take(cost)) return this.#insert(cost)
      if (slots.length === 0) return this.#insert(0)
      const at = this.#next % slots.length
      const costs = this.#costs
      if (this.account.change(costs[at]!, cost)) {
        costs[at] = cost
        this.#advance(at)
        return slots[at]!
      }
      this.account.give(costs[at]!)
      slots.splice(at, 1)
      costs.splice(at, 1)
      this.#next = at
    }
  }

  /** A new slot where the ring writes next (at the end, until the ring has wrapped round). */
  #insert(cost: number): Slot {
    const slot = emptySlot()
    const at = this.#next
    if (at === this.#slots.length) {
      this.#slots.push(slot)
      this.#costs.push(cost)
    } else {
      this.#slots.splice(at, 0, slot)
      this.#costs.splice(at, 0, cost)
    }
    this.#advance(at)
    return slot
  }

  #advance(at: number): void {
    this.#next = at + 1 >= this.capacity ? 0 : at + 1
  }

  /**
   * Entries oldest first that match `query`: the last `limit` (all kept, by default), or with
   * `since` (a journal `id`) the first `limit` after it, for reading the journal page by page as it
   * grows. A read scans the kept entries (at most the capacity); recording never does.
   */
  list(query: JournalQuery = {}): JournalEntry[] {
    const { limit = this.capacity, since, key, status, path } = query
    const start = this.#slots.length === 0 ? 0 : this.#next % this.#slots.length
    const ordered = start === 0 ? this.#slots : [...this.#slots.slice(start), ...this.#slots.slice(0, start)]
    // Ids are consecutive: the kept entries are recorded - length + 1 … recorded.
    const after = since === undefined ? ordered : ordered.slice(Math.max(0, since - (this.#recorded - ordered.length)))
    const matching = after.filter(
      (slot) =>
        (key === undefined || slot.keySent === key) &&
        (status === undefined || slot.status === status) &&
        (path === undefined || slot.path === path),
    )
    const chosen = since === undefined ? matching.slice(Math.max(0, matching.length - limit)) : matching.slice(0, limit)
    return chosen.map((slot) => ({
      id: slot.id,
      time: new Date(slot.at).toISOString(),
      method: slot.method,
      path: slot.path,
      query: redactKeys(`?${slot.query}`).slice(1),
      status: slot.status,
      key: slot.key,
      project_id: slot.projectId,
      scenarios: slot.scenarios,
      error: slot.error,
      cut: slot.cut,
      warnings: slot.warnings,
      fault: slot.fault,
    }))
  }

  clear(): void {
    for (const cost of this.#costs) this.account.give(cost)
    this.#clears++
    this.#slots.length = 0
    this.#costs.length = 0
    this.#next = 0
    this.#recorded = 0
  }
}
