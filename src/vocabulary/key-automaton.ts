import type { KeyMatches } from './key-matches.js'

/** States with more children than this are searched by halves first. */
const LINEAR_CHILDREN = 8

/**
 * An Aho–Corasick automaton of a fixed, sorted list of keys, in typed arrays (15 bytes a state, at
 * most one state per character). States are numbered breadth-first, so the children of a state are
 * contiguous and sorted by their UTF-16 code unit: `firstChild[s]` to `firstChild[s + 1]`. Any code
 * unit may occur in a key; the first 128 have a direct table at the root. {@link KeyFinder} keeps
 * several, of growing sizes.
 *
 * @example
 * const automaton = new KeyAutomaton(['sbx_project_101', 'sbx_user_alpha'])
 * automaton.scan('/x/pre-sbx_user_alpha-post', matches) // true: noted in `matches`
 */
export class KeyAutomaton {
  readonly chars: number
  readonly #firstChild: Int32Array
  readonly #label: Uint16Array
  readonly #fail: Int32Array
  /** The length of the key ending at a state, 0 for none. */
  readonly #keyLength: Int32Array
  /** 1 where a key ends at the state or at one down its failure links. */
  readonly #output: Uint8Array
  readonly #rootAscii = new Int32Array(128)

  /** @param keys sorted by code unit (`Array.prototype.sort()`), distinct, none empty */
  constructor(readonly keys: readonly string[]) {
    let states = 1
    let chars = 0
    let previous = ''
    for (const key of keys) {
      let common = 0
      while (common < previous.length && common < key.length && previous.charCodeAt(common) === key.charCodeAt(common)) common++
      states += key.length - common
      chars += key.length
      previous = key
    }
    this.chars = chars
    this.#firstChild = new Int32Array(states + 1)
    this.#label = new Uint16Array(states)
    this.#fail = new Int32Array(states)
    this.#keyLength = new Int32Array(states)
    this.#output = new Uint8Array(states)
    this.#build(states)
  }

  /** Breadth-first: a state is a run of keys sharing a prefix, split by the next code unit. */
  #build(states: number): void {
    const keys = this.keys
    const firstChild = this.#firstChild
    const label = this.#label
    const failOf = this.#fail
    const keyLength = this.#keyLength
    const output = this.#output
    const from = new Int32Array(states)
    const to = new Int32Array(states)
    const depth = new Int32Array(states)
    to[0] = keys.length
    let next = 1
    for (let state = 0; state < states; state++) {
      firstChild[state] = next
      const d = depth[state] as number
      const end = to[state] as number
      let first = from[state] as number
      if ((keys[first] as string).length === d) first++
      while (first < end) {
        const key = keys[first] as string
        const code = key.charCodeAt(d)
        let last = first + 1
        while (last < end && (keys[last] as string).charCodeAt(d) === code) last++
        const child = next++
        label[child] = code
        from[child] = first
        to[child] = last
        depth[child] = d + 1
        const fail = state === 0 ? 0 : this.#step(failOf[state] as number, code)
        failOf[child] = fail
        if (key.length === d + 1) keyLength[child] = d + 1
        output[child] = key.length === d + 1 || output[fail] !== 0 ? 1 : 0
        if (state === 0 && code < 128) this.#rootAscii[code] = child
        first = last
      }
    }
    firstChild[states] = next
  }

  /** The child of `state` along `code`, 0 for none (the root is nobody's child). */
  #child(state: number, code: number): number {
    const label = this.#label
    let low = this.#firstChild[state] as number
    let high = this.#firstChild[state + 1] as number
    while (high - low > LINEAR_CHILDREN) {
      const middle = (low + high) >>> 1
      if ((label[middle] as number) > code) high = middle
      else low = middle
    }
    for (; low < high; low++) {
      const found = label[low] as number
      if (found === code) return low
      if (found > code) return 0
    }
    return 0
  }

  /** The state after `state` reads `code`, following failure links. */
  #step(state: number, code: number): number {
    for (;;) {
      if (state === 0) return code < 128 ? (this.#rootAscii[code] as number) : this.#child(0, code)
      const child = this.#child(state, code)
      if (child !== 0) return child
      state = this.#fail[state] as number
    }
  }

  /** Stops reporting `key` (its states stay until the automaton is built again). */
  forget(key: string): void {
    let state = 0
    for (let index = 0; index < key.length; index++) {
      state = this.#child(state, key.charCodeAt(index))
      if (state === 0) return
    }
    this.#keyLength[state] = 0
  }

  /** Notes every key found in `text`; whether `matches` asked to stop. */
  scan(text: string, matches: KeyMatches): boolean {
    const output = this.#output
    let state = 0
    for (let index = 0; index < text.length; index++) {
      state = this.#step(state, text.charCodeAt(index))
      if (output[state] === 0) continue
      for (let at = state; output[at] !== 0; at = this.#fail[at] as number) {
        const length = this.#keyLength[at] as number
        if (length !== 0 && matches.note(index + 1 - length, length)) return true
      }
    }
    return false
  }
}
