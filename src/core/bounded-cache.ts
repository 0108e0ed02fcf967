/**
 * A least-recently-used cache with a fixed number of entries, so memory stays flat whatever clients
 * ask for. Map iteration order is insertion order, which makes eviction O(1).
 *
 * @example
 * const cache = new BoundedCache<string, number>(2)
 * cache.getOrCreate('a', () => 1) // 1, computed
 * cache.getOrCreate('a', () => 2) // 1, cached
 */
export class BoundedCache<K, V> {
  readonly #entries = new Map<K, V>()

  constructor(readonly capacity: number) {}

  get size(): number {
    return this.#entries.size
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
    if (entries.size >= this.capacity) entries.delete(entries.keys().next().value as K)
    entries.set(key, value)
    return value
  }

  clear(): void {
    this.#entries.clear()
  }
}
