import { LIMITS } from '../vocabulary/limits.js'
import type { Warning } from '../vocabulary/warnings.js'

const NO_WARNINGS: readonly Warning[] = Object.freeze([])

/** Journals made in this process. */
let journals = 0
import { maskKey, maskKeysInPath, maskKeysInQuery, redactKeys, type IsKey } from '../vocabulary/mask-key.js'

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
  readonly status: number
  readonly key: string | null
  readonly project_id: string | null
  readonly scenarios: readonly string[]
  /** The answer's `errors.error`, when it has one (a 500 has none). */
  readonly error: string | null
  /** Whether the path and query were cut (they are kept to 2 KiB together; what was cut ends in `…`). */
  readonly cut: boolean
  /** What the request probably got wrong (the client report's warnings); empty for a clean request. */
  readonly warnings: readonly Warning[]
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
  status: number
  /** The key as sent (unless too long), kept only to tell whether the next request's key is the same. */
  keySent: string | null
  key: string | null
  projectId: string | null
  scenarios: readonly string[]
  error: string | null
  cut: boolean
  warnings: readonly Warning[]
}

/** Longest method or header value kept, so a hostile request cannot grow the journal. */
const MAX_TEXT = 512
/** `text` cut to `chars` characters, the cut marked with `…`. */
const clipTo = (text: string, chars: number) => (text.length > chars ? `${text.slice(0, Math.max(0, chars))}…` : text)
const clip = (text: string) => clipTo(text, MAX_TEXT)
/** `kept` when `next` has the same text (so the new copy can die young), else `next`. */
const same = (kept: string | null, next: string): string => (kept === next ? kept : next)

/**
 * The most recent requests of a sandbox, in a ring of fixed size: memory stays flat however long
 * the sandbox runs. Entries are formatted only when read.
 *
 * @example
 * const journal = new Journal(500)
 * journal.list({ limit: 10 }) // the last ten requests, oldest first
 */
export class Journal {
  readonly #slots: Slot[] = []
  #next = 0
  #recorded = 0
  #clears = 0
  /** Unique in the process, so answers built from journals of different sandboxes never share a version. */
  readonly #id = ++journals

  constructor(readonly capacity: number) {}

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
   * A key the sandbox knows (`isKey`) is masked wherever the request put it: path, query, headers;
   * then path and query are kept to {@link LIMITS.journalTextChars} characters together. Gives
   * the entry's id.
   */
  record(
    at: number,
    method: string,
    path: string,
    query: string,
    status: number,
    key: string | null,
    projectId: string | null,
    scenarios: readonly string[],
    error: string | null,
    isKey: IsKey,
    warnings: readonly Warning[] = NO_WARNINGS,
  ): number {
    let slot = this.#slots[this.#next]
    if (slot === undefined) {
      slot = {
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
      }
      this.#slots.push(slot)
    }
    slot.id = ++this.#recorded
    slot.at = at
    slot.method = same(slot.method, clip(method))
    const shownPath = maskKeysInPath(path, isKey)
    const shownQuery = maskKeysInQuery(query, isKey)
    const room = LIMITS.journalTextChars - Math.min(shownPath.length, LIMITS.journalTextChars)
    slot.cut = shownPath.length + shownQuery.length > LIMITS.journalTextChars
    slot.path = same(slot.path, clipTo(shownPath, LIMITS.journalTextChars))
    // Secret-like query values are masked when read (list() is the only way out), not per request.
    slot.query = same(slot.query, clipTo(shownQuery, room))
    slot.status = status
    if (key === null || key !== slot.keySent) {
      // A key too long to keep is masked afresh each time rather than held for the comparison.
      slot.keySent = key !== null && key.length <= MAX_TEXT ? key : null
      slot.key = maskKey(key)
    }
    slot.projectId = projectId === null ? null : isKey(projectId) ? maskKey(projectId) : same(slot.projectId, clip(projectId))
    slot.scenarios = scenarios
    // Error codes are the catalogue's constants: nothing new is kept.
    slot.error = error
    slot.warnings = warnings
    this.#next = (this.#next + 1) % this.capacity
    return slot.id
  }

  /**
   * Entries oldest first that match `query`: the last `limit` (all kept, by default), or with
   * `since` (a journal `id`) the first `limit` after it, for reading the journal page by page as it
   * grows. A read scans the kept entries (at most the capacity); recording never does.
   */
  list(query: JournalQuery = {}): JournalEntry[] {
    const { limit = this.capacity, since, key, status, path } = query
    const ordered =
      this.#slots.length < this.capacity ? this.#slots : [...this.#slots.slice(this.#next), ...this.#slots.slice(0, this.#next)]
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
    }))
  }

  clear(): void {
    this.#clears++
    this.#slots.length = 0
    this.#next = 0
    this.#recorded = 0
  }
}
