/** The longest text whose matches are noted in a buffer kept for the next scan; a longer one gets its own. */
const KEPT_BUFFER_CHARS = 65_536

/**
 * What one scan found: for each start, the length of the longest key found there, in any
 * generation. Made once per finder, with a buffer kept between scans: a scan that finds nothing
 * allocates nothing, and a text full of keys costs one write per key found.
 *
 * @example
 * const matches = new KeyMatches()
 * matches.reset(false, text.length)
 * automaton.scan(text, matches)
 * matches.choose() // [start, length, start, length, …]
 */
export class KeyMatches {
  found = false
  #firstOnly = false
  #textLength = 0
  #kept = new Int32Array(0)
  #longest: Int32Array | undefined
  /** The first and last start noted. */
  #from = 0
  #to = -1

  reset(firstOnly: boolean, textLength: number): void {
    this.#clear()
    this.found = false
    this.#firstOnly = firstOnly
    this.#textLength = textLength
    this.#from = textLength
  }

  #clear(): void {
    this.#longest?.fill(0, this.#from, this.#to + 1)
    this.#longest = undefined
    this.#to = -1
  }

  /** Notes a key of `length` at `start`; whether the scan may stop. */
  note(start: number, length: number): boolean {
    this.found = true
    if (this.#firstOnly) return true
    const longest = (this.#longest ??= this.#buffer())
    if (length > (longest[start] as number)) longest[start] = length
    if (start < this.#from) this.#from = start
    if (start > this.#to) this.#to = start
    return false
  }

  /** A zeroed buffer of at least the text's length. */
  #buffer(): Int32Array {
    if (this.#textLength <= this.#kept.length) return this.#kept
    if (this.#textLength > KEPT_BUFFER_CHARS) return new Int32Array(this.#textLength)
    this.#kept = new Int32Array(Math.min(KEPT_BUFFER_CHARS, Math.max(this.#textLength, 2 * this.#kept.length)))
    return this.#kept
  }

  /**
   * The keys to mask, as start, length, start, length…: the leftmost, the longest of those starting
   * there, then the same after its end. A new array, and the buffer cleared: a mask callback may scan again.
   */
  choose(): number[] {
    const chosen: number[] = []
    const longest = this.#longest
    if (longest === undefined) return chosen
    let start = this.#from
    while (start <= this.#to) {
      const length = longest[start] as number
      if (length === 0) {
        start++
        continue
      }
      chosen.push(start, length)
      start += length
    }
    this.#clear()
    return chosen
  }
}
