import { ownAnswer, type Answer } from '../answer.js'

/** A built answer, with the state it was built from and the clock's span over which it holds. */
export interface SharedAnswer {
  readonly answer: Answer
  /** The clock's instants over which the answer holds, `from` included (a key's state changes at its expiry). */
  readonly from: number
  readonly until: number
}

interface Kept extends SharedAnswer {
  readonly version: string
}

/**
 * The admin API's large answers (a page of keys, a journal page), built once per change of what
 * they show and served to every client that asks the same until then: 100 clients asking for every
 * key cost one build, and 300 connections that never read the same answer hold one body, not 300.
 * Bounded in bytes: the oldest go first.
 *
 * @example
 * const shared = new SharedAnswers(8 * 1024 * 1024)
 * shared.get(`keys?${query}`, String(index.changes), clock.now(), () => ({ answer, from, until }))
 */
export class SharedAnswers {
  readonly #kept = new Map<string, Kept>()
  #bytes = 0

  constructor(readonly capacityBytes: number) {}

  /** The answer for `key` built at `version` and holding at `now`, built by `build` when there is none. */
  get(key: string, version: string, now: number, build: () => SharedAnswer): Answer {
    const kept = this.#kept.get(key)
    if (kept !== undefined && kept.version === version && now >= kept.from && now < kept.until) return kept.answer
    if (kept !== undefined) this.#drop(key, kept)
    // Kept with a body of its own: one in a slice of Node's shared pool would keep the whole pool.
    const built = build()
    const answer = ownAnswer(built.answer)
    const size = answer.body.byteLength
    if (size > this.capacityBytes) return answer
    for (const [oldest, entry] of this.#kept) {
      if (this.#bytes + size <= this.capacityBytes) break
      this.#drop(oldest, entry)
    }
    this.#kept.set(key, { answer, from: built.from, until: built.until, version })
    this.#bytes += size
    return answer
  }

  /** Forgets every answer (a reset). */
  clear(): void {
    this.#kept.clear()
    this.#bytes = 0
  }

  #drop(key: string, kept: Kept): void {
    this.#kept.delete(key)
    this.#bytes -= kept.answer.body.byteLength
  }
}
