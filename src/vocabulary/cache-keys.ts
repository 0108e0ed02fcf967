/**
 * Answer-cache keys made once per owner and version. A key built afresh on every request is a new
 * string, hashed afresh by every lookup; a kept one carries its hash. Owners are model records
 * (a WeakMap, so a record that goes takes its key with it); `version` is what changes the key.
 *
 * @example
 * const keys = new CacheKeys<KeyEntry>((entry, changes) => `validate|${entry.apiKey.key}|${changes}`)
 * sandbox.answers.getOrCreate(keys.of(key, index.changes), build)
 */
export class CacheKeys<Owner extends object> {
  readonly #kept = new WeakMap<Owner, { readonly version: number; readonly key: string }>()

  constructor(readonly make: (owner: Owner, version: number) => string) {}

  /** The key of `owner` at `version`: the kept one when the version is the same. */
  of(owner: Owner, version: number): string {
    const kept = this.#kept.get(owner)
    if (kept !== undefined && kept.version === version) return kept.key
    const key = this.make(owner, version)
    this.#kept.set(owner, { version, key })
    return key
  }
}
