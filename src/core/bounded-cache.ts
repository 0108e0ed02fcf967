/**
 * A least-recently-used cache of bounded weight (by default, one per entry), so memory stays flat
 * whatever clients ask for. Map iteration order is insertion order, which makes eviction O(1).
 *
 * @example
 * const cache = new BoundedCache<string, number>(2)
 * cache.getOrCreate('a', () => 1) // 1, computed
 * cache.getOrCreate('a', () => 2) // 1, cached
 * const bytes = new BoundedCache<string, Uint8Array>(1 << 20, (value) => value.byteLength)
 */
export class BoundedCache<K, V> {
  readonly #entries = new Map<K, V>()
  #weight = 0

  constructor(
    readonly capacity: number,
    readonly weigh: (value: V) => number = () => 1,
  ) {}

  get size(): number {
    return this.#entries.size
  }

  /** The summed weight of the entries. */
  get weight(): number {
    return this.#weight
  }

  getOrCreate(key: K, create: () => V): V {
    const entries = this.#entries
    if (entries.has(key)) {
      const value = entries.get(key) as V
      entries.delete(key)
      entries.set(key, value)
      return value
    }
    const value = create()
    const weight = this.weigh(value)
    // Too heavy to keep at all: serve it, remember nothing.
    if (weight > this.capacity) return value
    while (this.#weight + weight > this.capacity) {
      const oldest = entries.keys().next().value as K
      this.#weight -= this.weigh(entries.get(oldest) as V)
      entries.delete(oldest)
    }
    entries.set(key, value)
    this.#weight += weight
    return value
  }

  clear(): void {
    this.#entries.clear()
    this.#weight = 0
  }
}
