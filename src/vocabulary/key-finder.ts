import { KeyAutomaton } from './key-automaton.js'
import { KeyMatches } from './key-matches.js'

/**
 * Keys shorter than this are found only as a whole text ({@link KeyFinder.has}), never inside one: a
 * chosen key `a` must not mask every `a`, nor a chosen key `projects` every request path of
 * /projects (the journal's `path` filter would find none). It is where `maskKey` stops showing
 * anything of a key, and every key the sandbox makes or documents is longer.
 *
 * @example
 * 'sbx_user_alpha'.length >= MIN_SUBSTRING_KEY_CHARS // true: found inside `/x/sbx_user_alpha/y`
 */
export const MIN_SUBSTRING_KEY_CHARS = 12

/**
 * How the keys are kept in generations (see docs/decisions/key-finder.md). The defaults suit a
 * sandbox; tests set them small to cross many merges with few keys.
 *
 * @example
 * new KeyFinder({ recentKeys: 1, firstLevelKeys: 2 }) // a merge every second key
 */
export interface KeyFinderOptions {
  /** Keys added since the last build that are looked for one by one (`indexOf`) rather than built in: 4. */
  readonly recentKeys?: number
  /** Keys the smallest automaton holds; each next one holds 4 times more: 32. */
  readonly firstLevelKeys?: number
}

/** How many times more keys each automaton holds than the one before. */
const GROWTH = 4

/**
 * Finds every known API key inside any string in one pass per generation, so a key a client put
 * anywhere (a path, a query, a header, a body) can be masked before a log or the journal shows it.
 * Keys are counted: added twice and deleted once, a key is still known. The few keys added since
 * the last scan are looked for directly; the others live in Aho–Corasick automata of growing sizes
 * (4× each), merged like the levels of an LSM tree on the first scan after a change, so adding n
 * keys one by one, each followed by a scan, rebuilds O(n log n) characters, not O(n²). A deleted
 * key is no longer reported at once; its states go at the next merge, or when half of the built
 * keys are deleted. docs/decisions/key-finder.md has the figures.
 *
 * @example
 * const keys = new KeyFinder()
 * keys.add('sbx_user_alpha')
 * keys.mask('/api/v1/x?auth=pre-sbx_user_alpha-post', () => '…') // '/api/v1/x?auth=pre-…-post'
 * keys.contains('Bearer sbx_user_alpha') // true
 */
export class KeyFinder {
  /** Every known key with how many times it was added and not deleted. */
  readonly #counts = new Map<string, number>()
  #shortKeys = 0
  /** Keys of MIN_SUBSTRING_KEY_CHARS or more added since the last build (some maybe deleted since, or twice). */
  #recent: string[] = []
  /** Automaton i holds at most firstLevelKeys × 4^i keys; a free place is undefined. */
  readonly #levels: (KeyAutomaton | undefined)[] = []
  #levelCount = 0
  #builtKeys = 0
  #builtChars = 0
  /** Keys of MIN_SUBSTRING_KEY_CHARS or more deleted since the last compaction, less those a merge dropped: about how many of the built keys are dead. */
  #deleted = 0
  /** Characters scanned by automata beyond the first since the last compaction: once they pass twice the built characters, merging all into one costs less than going on. */
  #extraScanned = 0
  readonly #matches: KeyMatches
  readonly #recentLimit: number
  readonly #firstLevelKeys: number

  constructor(options: KeyFinderOptions = {}) {
    this.#recentLimit = options.recentKeys ?? 4
    this.#firstLevelKeys = Math.max(1, options.firstLevelKeys ?? 32)
    this.#matches = new KeyMatches()
  }

  /** Counts the changes to the set of known keys: a text masked at one count is masked alike while it stays. */
  #changes = 0

  /** Changes to the set of known keys so far (a key become known, or forgotten). */
  get changes(): number {
    return this.#changes
  }

  /** Distinct known keys. */
  get size(): number {
    return this.#counts.size
  }

  /** Distinct known keys shorter than MIN_SUBSTRING_KEY_CHARS: found only as a whole text. */
  get shortKeys(): number {
    return this.#shortKeys
  }

  /** Known from now on; a known key is counted once more. */
  add(key: string): void {
    const count = this.#counts.get(key)
    this.#counts.set(key, (count ?? 0) + 1)
    if (count !== undefined) return
    this.#changes++
    if (key.length < MIN_SUBSTRING_KEY_CHARS) {
      this.#shortKeys++
      return
    }
    this.#recent.push(key)
    if (this.#recent.length > 2 * this.#counts.size + 64) this.#trimRecent()
  }

  /** Counted once less, and forgotten when no add is left; an unknown key is ignored. */
  delete(key: string): void {
    const count = this.#counts.get(key)
    if (count === undefined) return
    if (count > 1) {
      this.#counts.set(key, count - 1)
      return
    }
    this.#counts.delete(key)
    this.#changes++
    if (key.length < MIN_SUBSTRING_KEY_CHARS) {
      this.#shortKeys--
      return
    }
    // Its automaton stops reporting it at once; its states go at the next merge (among the recent
    // keys, it is skipped when a scan looks at them).
    for (const automaton of this.#levels) automaton?.forget(key)
    this.#deleted++
  }

  /** Whether `text` is exactly a known key, of any length. */
  has(text: string): boolean {
    return this.#counts.has(text)
  }

  /**
   * `text` with every known key inside it replaced by `mask(key)`; the same string when nothing was
   * found (no allocation). Where found keys overlap, the leftmost wins, the longest of those starting
   * there, and the search goes on after it. A key shorter than MIN_SUBSTRING_KEY_CHARS is masked
   * only as the whole text.
   */
  mask(text: string, mask: (key: string) => string): string {
    if (text.length < MIN_SUBSTRING_KEY_CHARS) return this.#counts.has(text) ? mask(text) : text
    if (!this.#find(text, false)) return text
    const chosen = this.#matches.choose()
    let shown = ''
    let copied = 0
    for (let index = 0; index < chosen.length; index += 2) {
      const start = chosen[index] as number
      shown += text.slice(copied, start) + mask(text.slice(start, (copied = start + (chosen[index + 1] as number))))
    }
    return shown + text.slice(copied)
  }

  /** Whether a known key is the whole `text` or, when of MIN_SUBSTRING_KEY_CHARS or more, inside it. */
  contains(text: string): boolean {
    if (text.length < MIN_SUBSTRING_KEY_CHARS) return this.#counts.has(text)
    return this.#find(text, true)
  }

  /** Drops deleted and repeated recent keys: a key added and deleted again and again with no scan between would pile up. */
  #trimRecent(): void {
    const kept = [...new Set(this.#recent)].filter((key) => this.#counts.has(key))
    this.#deleted = Math.max(0, this.#deleted - (this.#recent.length - kept.length))
    this.#recent = kept
  }

  /** Looks for the known keys in `text`, noting each in `#matches`; whether one was found. */
  #find(text: string, firstOnly: boolean): boolean {
    this.#prepare(text.length)
    const matches = this.#matches
    matches.reset(firstOnly, text.length)
    const recent = this.#recent
    for (let index = 0; index < recent.length; index++) {
      const key = recent[index] as string
      if (!this.#counts.has(key)) continue
      for (let at = text.indexOf(key); at >= 0; at = text.indexOf(key, at + 1)) {
        if (matches.note(at, key.length)) return true
      }
    }
    const levels = this.#levels
    for (let index = 0; index < levels.length; index++) {
      if (levels[index]?.scan(text, matches)) return true
    }
    return matches.found
  }

  /** Builds what changed since the last scan, lazily: a scan after many adds builds once. */
  #prepare(textLength: number): void {
    if (this.#deleted * 2 > this.#builtKeys) return this.#rebuild(true)
    if (this.#recent.length > this.#recentLimit) return this.#rebuild(false)
    if (this.#levelCount < 2) return
    this.#extraScanned += textLength * (this.#levelCount - 1)
    if (this.#extraScanned > 2 * this.#builtChars) this.#rebuild(true)
  }

  /**
   * Builds the recent keys (with every level, to compact) into one automaton at the smallest level
   * that holds them. A level in the way is merged in and the keys go up, like a carry in a binary
   * counter. Deleted keys are dropped.
   */
  #rebuild(compact: boolean): void {
    const levels = this.#levels
    let inputs = this.#recent.length
    let keys = mergeSorted(this.#recent.sort(), [], this.#counts)
    this.#recent = []
    for (let level = 0; compact && level < levels.length; level++) {
      inputs += levels[level]?.keys.length ?? 0
      keys = this.#takeLevel(level, keys)
    }
    let level = 0
    while (keys.length > 0) {
      while (keys.length > this.#firstLevelKeys * GROWTH ** level) level++
      const inTheWay = levels[level]
      if (inTheWay === undefined) {
        levels[level] = new KeyAutomaton(keys)
        break
      }
      inputs += inTheWay.keys.length
      keys = this.#takeLevel(level, keys)
    }
    while (levels.length > 0 && levels[levels.length - 1] === undefined) levels.pop()
    this.#deleted = compact ? 0 : Math.max(0, this.#deleted - (inputs - keys.length))
    if (compact) this.#extraScanned = 0
    const built = levels.filter((automaton) => automaton !== undefined)
    this.#levelCount = built.length
    this.#builtKeys = built.reduce((sum, automaton) => sum + automaton.keys.length, 0)
    this.#builtChars = built.reduce((sum, automaton) => sum + automaton.chars, 0)
  }

  /** `keys` with the keys of `level` merged in, and that level emptied. */
  #takeLevel(level: number, keys: readonly string[]): string[] {
    const automaton = this.#levels[level]
    this.#levels[level] = undefined
    return mergeSorted(keys, automaton?.keys ?? [], this.#counts)
  }
}

/** `a` and `b` (each sorted) as one sorted list without repeats or keys no longer in `live`. */
function mergeSorted(a: readonly string[], b: readonly string[], live: ReadonlyMap<string, number>): string[] {
  const merged: string[] = []
  let i = 0
  let j = 0
  while (i < a.length || j < b.length) {
    const x = a[i]
    const y = b[j]
    const key = (y === undefined || (x !== undefined && x <= y) ? x : y) as string
    if (key === x) i++
    if (key === y) j++
    if (key !== merged[merged.length - 1] && live.has(key)) merged.push(key)
  }
  return merged
}
