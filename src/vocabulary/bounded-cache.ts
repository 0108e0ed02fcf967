/**
 * A least-recently-used cache of bounded weight (by default, one per entry), so memory stays flat
 * whatever clients ask for. Map iteration order is insertion order, which makes eviction O(1). Use
 * refreshes an entry lazily (see getOrCreate): an entry used again before half the cache has moved
 * past it is never the one evicted, as in a strict LRU, without a delete and a set on every hit.
 *
 * @example
 * const cache = new BoundedCache<string, number>(2)
 * cache.getOrCreate('a', () => 1) // 1, computed
 * cache.getOrCreate('a', () => 2) // 1, cached
 * const bytes = new BoundedCache<string, Uint8Array>(1 << 20, (value) => value.byteLength, { admitOnSecondUse: 4096, keep: (value) => new Uint8Array(value) })
 */
export class BoundedCache<K, V> {
  readonly #entries = new Map<K, Entry<V>>()
  #weight = 0
  /** Counts the moves to the young end (insertions and refreshes); an entry notes the count of its own. */
  #moves = 0

  /** Keys computed once and not kept yet (with `admitOnSecondUse`); emptied when it reaches that many. */
  readonly #seenOnce: Set<K> | undefined
  readonly #seenOnceBound: number

  /**
   * @param capacity the most weight kept
   * @param weigh an entry's weight (1 by default)
   * @param options.admitOnSecondUse keep a value only when its key comes a second time, among the
   *   last this-many keys computed once. A load of ever-new keys then leaves nothing behind to evict
   *   and collect (kept values outlive many requests, so the garbage collector promotes them first),
   *   while a repeated key is kept from its second use.
   * @param options.keep the form a value is kept in, made once when it is kept (the value served
   *   then, and from the cache after); by default the value itself.
   */
  constructor(
    readonly capacity: number,
    readonly weigh: (value: V) => number = () => 1,
    options: {
      readonly admitOnSecondUse?: number
      readonly keep?: (value: V) => V
      /** Told of each kept value evicted to make room (not of a `clear`). */
      readonly evicted?: (value: V) => void
    } = {},
  ) {
    this.#evicted = options.evicted
    this.#seenOnce = options.admitOnSecondUse === undefined ? undefined : new Set()
    this.#seenOnceBound = options.admitOnSecondUse ?? 0
    this.#keep = options.keep
  }

  readonly #keep: ((value: V) => V) | undefined
  readonly #evicted: ((value: V) => void) | undefined

  get size(): number {
    return this.#entries.size
  }

  /** The summed weight of the entries. */
  get weight(): number {
    return this.#weight
  }

  getOrCreate(key: K, create: () => V): V {
    const entries = this.#entries
    const found = entries.get(key)
    if (found !== undefined) {
      // Moving an entry to the young end costs a delete and a set, which on a hot path cost more than
      // the lookup, and churns the Map's table (rehashed into a new one as deletions pile up, which
      // the garbage collector then promotes). So a hit moves it only once it may have drifted into
      // the older half: at least half the entries may have moved past it since its own last move.
      // An entry in the younger half is not next in line to go; an only entry never moves.
      if (this.#moves - found.moved - 1 >= (entries.size + 1) >> 1) {
        entries.delete(key)
        entries.set(key, found)
        found.moved = this.#moves++
      }
      return found.value
    }
    const created = create()
    const seenOnce = this.#seenOnce
    // First use of a key (or first since the set was emptied): remember the key, not the value.
    if (seenOnce !== undefined && !seenOnce.delete(key)) {
      if (seenOnce.size >= this.#seenOnceBound) seenOnce.clear()
      seenOnce.add(key)
      return created
    }
    const weight = this.weigh(created)
    // Too heavy to keep at all: serve it, remember nothing.
    if (weight > this.capacity) return created
    const value = this.#keep === undefined ? created : this.#keep(created)
    while (this.#weight + weight > this.capacity) {
      const [oldest, entry] = entries.entries().next().value as [K, Entry<V>]
      this.#weight -= entry.weight
      entries.delete(oldest)
      this.#evicted?.(entry.value)
    }
    entries.set(key, { value, weight, moved: this.#moves++ })
    this.#weight += weight
    return value
  }

  clear(): void {
    this.#entries.clear()
    this.#seenOnce?.clear()
    this.#weight = 0
  }
}

interface Entry<V> {
  readonly value: V
  readonly weight: number
  moved: number
}
