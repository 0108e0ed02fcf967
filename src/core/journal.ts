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

/**
 * What an entry says besides its id and time: a request's texts as kept, its status and what it
 * met, and the bytes it holds against the budget. The repeats of one request (a load, a test's
 * polling) share one, so recording a repeat writes its time and this reference into the ring,
 * not a dozen fields into a slot long out of the caches (docs/benchmarks.md, run 44).
 *
 * @example
 * const said: JournalSaid | undefined = journal.lastSaid
 * if (said !== undefined) journal.recordAgain(said, Date.now())
 */
export interface JournalSaid {
  readonly method: string
  readonly path: string
  readonly query: string
  readonly status: number | null
  /** The key as sent (unless too long), kept only to tell whether the next request's key is the same. */
  readonly keySent: string | null
  readonly key: string | null
  readonly projectId: string | null
  readonly scenarios: readonly string[]
  readonly error: string | null
  readonly cut: boolean
  readonly warnings: readonly Warning[]
  readonly fault: string | null
  /** The seconds its answer's `Retry-After` said, or `null`: what the behaviour judge holds the next request to. */
  readonly retryAfter: number | null
  /** Bytes an entry saying this draws from the budget. */
  readonly cost: number
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
  /** What the last entry said, while the texts above stay as they are: the next repeat says it again. */
  said: JournalSaid | undefined
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
    said: undefined,
  }
}

/**
 * Remembers `path` and `query` in `memo` as the journal keeps them: known keys masked, the two
 * kept to {@link LIMITS.journalTextChars} characters together (what was cut ends in `…`), and
 * copied, so that an entry never holds the request's whole text (a 2 KiB cut of a 15 KiB query
 * would keep all 15 KiB).
 */
function remember(memo: MaskMemo, path: string, query: string, keys: KnownKeys): void {
  memo.said = undefined
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
 * What an entry of the request `memo` holds says: the last one's, where it is the same (a repeat,
 * with the same status and the same scenarios, error, warnings and fault, each the catalogue's or
 * the scenario set's own object), else a new one, which the next repeats then share.
 */
function sayOnce(
  memo: MaskMemo,
  status: number | null,
  scenarios: readonly string[],
  error: string | null,
  warnings: readonly Warning[],
  fault: string | null,
  key: string | null,
  projectId: string | null,
  retryAfter: number | null,
): JournalSaid {
  const last = memo.said
  if (
    last !== undefined &&
    last.status === status &&
    last.scenarios === scenarios &&
    last.error === error &&
    last.warnings === warnings &&
    last.fault === fault &&
    last.retryAfter === retryAfter
  )
    return last
  const cost =
    ENTRY_HEAP_BYTES +
    memo.keptMethod.length +
    memo.keptPath.length +
    memo.keptQuery.length +
    Math.min(key?.length ?? 0, MAX_TEXT) +
    Math.min(projectId?.length ?? 0, MAX_TEXT)
  memo.said = {
    method: memo.keptMethod,
    path: memo.keptPath,
    // Secret-like query values are masked when read (list() is the only way out), not per request.
    query: memo.keptQuery,
    status,
    keySent: memo.keySent,
    key: memo.maskedKey,
    projectId: memo.keptProjectId,
    scenarios,
    // Error codes and fault names are the catalogues' constants: nothing new is kept.
    error,
    cut: memo.cut,
    warnings,
    fault,
    retryAfter,
    cost,
  }
  return memo.said
}

/**
 * An entry as the journal lists it, from what it said, its time and its id: the only way out of
 * the journal, so secret-like query values are hidden here ({@link redactKeys}).
 *
 * @example
 * journal.forEach((said, at, id) => entries.push(journalEntryOf(said, at, id)))
 */
export function journalEntryOf(said: JournalSaid, at: number, id: number): JournalEntry {
  return {
    id,
    time: new Date(at).toISOString(),
    method: said.method,
    path: said.path,
    query: redactKeys(`?${said.query}`).slice(1),
    status: said.status,
    key: said.key,
    project_id: said.projectId,
    scenarios: said.scenarios,
    error: said.error,
    cut: said.cut,
    warnings: said.warnings,
    fault: said.fault,
  }
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
  /**
   * The ring, in three columns of one length: what each entry said, its time, and the bytes it
   * drew from the budget. The oldest entry is at `#next % length`, the newest just before it; ids
   * are consecutive, the newest's `#recorded`. The times are numbers unboxed in their array. The
   * costs are kept beside the entries rather than read from what they said: an entry taken in
   * while the budget was short drew nothing, and the slot given up next is the oldest, long out of
   * the caches, whose reads stalled every request.
   */
  readonly #said: JournalSaid[] = []
  readonly #at: number[] = []
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

  /** The id of the last entry handed to the visitor: an entry is handed over once, before it leaves. */
  #visited = 0

  /**
   * @param visit Called with every entry once, oldest first, before it leaves the ring (given up
   * for a newer one, or cleared) or when {@link Journal.drain} is called: the behaviour judge reads
   * every request so, however small the ring.
   */
  constructor(
    readonly capacity: number,
    readonly account: BudgetAccount = unboundedAccount(),
    readonly visit?: (said: JournalSaid, at: number, id: number) => void,
    /** Called after each request is recorded, where a run listens for the verdicts (`report --behaviour -- <command>`). */
    readonly onRecord?: () => void,
  ) {}

  /**
   * Hands every entry not handed over yet to the visitor, oldest first.
   *
   * @example
   * journal.drain() // the judge has seen every request so far
   */
  drain(): void {
    const visit = this.visit
    if (visit === undefined || this.#visited >= this.#recorded) return
    const saids = this.#said
    const length = saids.length
    const start = length === 0 ? 0 : this.#next % length
    const first = this.#recorded - length + 1
    for (let order = Math.max(0, this.#visited - first + 1); order < length; order++) {
      const slot = (start + order) % length
      visit(saids[slot]!, this.#at[slot]!, first + order)
    }
    this.#visited = this.#recorded
  }

  /** Hands the oldest entry, in `slot`, to the visitor as it leaves, unless it was handed over. */
  #leaving(slot: number): void {
    const oldest = this.#recorded - this.#said.length + 1
    if (this.visit === undefined || oldest <= this.#visited) return
    this.#visited = oldest
    this.visit(this.#said[slot]!, this.#at[slot]!, oldest)
  }

  /** A fresh memo for `keys` as they are now. */
  #remask(keys: KnownKeys): MaskMemo {
    this.#masked = freshMemo(keys)
    return this.#masked
  }

  /** Entries kept now: at most the capacity, fewer while the process's budget is short. */
  get size(): number {
    return this.#said.length
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
   * What the last entry recorded says, for {@link Journal.recordAgain}: a caller that knows its
   * next request is the same, answered the same, with the known keys as they were, records it
   * without the comparisons `record` makes.
   */
  get lastSaid(): JournalSaid | undefined {
    return this.#masked.said
  }

  /**
   * Records a request that says `said` (what {@link Journal.lastSaid} gave for the same request,
   * answered the same, the known keys unchanged since) at `at`, as `record` would. Gives its id.
   *
   * @example
   * journal.record(at, 'GET', '/api/v1/projects', '', 200, key, null, [], null, keys)
   * const said = journal.lastSaid!
   * journal.recordAgain(said, Date.now()) // the same request again
   */
  recordAgain(said: JournalSaid, at: number): number {
    this.#place(said, at)
    this.onRecord?.()
    return ++this.#recorded
  }

  /**
   * Records one request. Slots are reused in place, and a repeat of the last request recorded
   * says what it said, the same object: a request repeated many times, as under load, costs a time
   * and a reference in the ring and leaves nothing new behind to outlive it (no new slot, no new
   * masked key), so the garbage collector has nothing to promote.
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
    retryAfter: number | null = null,
  ): number {
    const memo = this.#masked.keys === keys && this.#masked.changes === keys.changes ? this.#masked : this.#remask(keys)
    // A method is kept whole (up to 512 characters), so the kept text is the one to compare with.
    if (memo.keptMethod !== method) {
      memo.keptMethod = detachText(clip(method))
      memo.said = undefined
    }
    if (memo.path !== path || memo.query !== query) remember(memo, path, query, keys)
    // No key, or one too long to hold for the comparison, is masked afresh each time.
    if (key === null || memo.key !== key) {
      const kept = key !== null && key.length <= MAX_TEXT ? key : null
      const masked = maskKey(key)
      if (memo.key !== kept || memo.maskedKey !== masked) memo.said = undefined
      memo.key = kept
      memo.keySent = kept === null ? null : detachText(kept)
      memo.maskedKey = masked
    }
    if (memo.projectId !== projectId) {
      memo.projectId = projectId
      memo.keptProjectId = projectId === null ? null : detachText(clip(maskKeysInText(projectId, keys)))
      memo.said = undefined
    }
    this.#place(sayOnce(memo, status, scenarios, error, warnings, fault, key, projectId, retryAfter), at)
    this.onRecord?.()
    return ++this.#recorded
  }

  /**
   * Puts an entry that said `said` at `time` where the next one goes, its cost drawn from the
   * budget: in a new slot while the ring is under its capacity and the budget has room, else in
   * the oldest, given up (and its bytes given back) until the new entry fits; the last request is
   * kept whatever the budget.
   */
  #place(said: JournalSaid, time: number): void {
    for (;;) {
      const length = this.#said.length
      if (length < this.capacity && this.account.take(said.cost)) return this.#insert(said, time, said.cost)
      if (length === 0) return this.#insert(said, time, 0)
      // The ring is full most of the time, so the slot is `#next` as it is, without a division.
      const at = this.#next < length ? this.#next : this.#next % length
      if (this.visit !== undefined) this.#leaving(at)
      const costs = this.#costs
      if (this.account.change(costs[at]!, said.cost)) {
        costs[at] = said.cost
        this.#said[at] = said
        this.#at[at] = time
        return this.#advance(at)
      }
      this.account.give(costs[at]!)
      this.#said.splice(at, 1)
      this.#at.splice(at, 1)
      costs.splice(at, 1)
      this.#next = at
    }
  }

  /** A new slot where the ring writes next (at the end, until the ring has wrapped round). */
  #insert(said: JournalSaid, time: number, cost: number): void {
    const at = this.#next
    if (at === this.#said.length) {
      this.#said.push(said)
      this.#at.push(time)
      this.#costs.push(cost)
    } else {
      this.#said.splice(at, 0, said)
      this.#at.splice(at, 0, time)
      this.#costs.splice(at, 0, cost)
    }
    this.#advance(at)
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
    const saids = this.#said
    const length = saids.length
    const start = length === 0 ? 0 : this.#next % length
    // Ids are consecutive: the kept entries are recorded - length + 1 … recorded, oldest first from `start`.
    const first = this.#recorded - length + 1
    const skipped = since === undefined ? 0 : Math.min(length, Math.max(0, since - first + 1))
    const matching: number[] = []
    for (let order = skipped; order < length; order++) {
      const said = saids[(start + order) % length]!
      if (key !== undefined && said.keySent !== key) continue
      if (status !== undefined && said.status !== status) continue
      if (path !== undefined && said.path !== path) continue
      matching.push(order)
    }
    const chosen = since === undefined ? matching.slice(Math.max(0, matching.length - limit)) : matching.slice(0, limit)
    return chosen.map((order) => {
      const slot = (start + order) % length
      return journalEntryOf(saids[slot]!, this.#at[slot]!, first + order)
    })
  }

  /**
   * Calls `visit` with each kept entry, oldest first: what it said, its time (ms since the epoch,
   * as recorded: the request's arrival) and its id. Nothing is formatted or copied, so judging the
   * whole journal (the behaviour verdicts) allocates nothing per entry.
   *
   * @example
   * journal.forEach((said, at, id) => { if (said.status === 429) console.log(id, at) })
   */
  forEach(visit: (said: JournalSaid, at: number, id: number) => void): void {
    const saids = this.#said
    const length = saids.length
    const start = length === 0 ? 0 : this.#next % length
    const first = this.#recorded - length + 1
    for (let order = 0; order < length; order++) {
      const slot = (start + order) % length
      visit(saids[slot]!, this.#at[slot]!, first + order)
    }
  }

  clear(): void {
    this.drain()
    this.#visited = 0
    for (const cost of this.#costs) this.account.give(cost)
    this.#clears++
    this.#said.length = 0
    this.#at.length = 0
    this.#costs.length = 0
    this.#next = 0
    this.#recorded = 0
  }
}
