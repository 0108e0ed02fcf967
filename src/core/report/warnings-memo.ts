import type { EndpointRules } from '../../vocabulary/endpoint-rules.js'
import type { KnownKeys } from '../../vocabulary/mask-key.js'
import type { Warning } from '../../vocabulary/warnings.js'

/**
 * The warnings of the last query string checked, for its endpoint and the keys known when it was
 * checked: a test repeats its requests, so a query is split, decoded and searched for keys once,
 * not on every request. It holds one query string (the request's, at most the size of a request
 * line), and is cleared with the sandbox.
 *
 * @example
 * const memo = new WarningsMemo()
 * memo.find(ENDPOINT_RULES.monitoring, query, keys) ?? memo.keep(ENDPOINT_RULES.monitoring, query, keys, findAfresh())
 */
export class WarningsMemo {
  #endpoint: EndpointRules | undefined
  #query = ''
  #keys: KnownKeys | undefined
  #changes = -1
  #warnings: readonly Warning[] = []

  /** The warnings kept for `query` on `endpoint`, if they were found while the known keys were as they are. */
  find(endpoint: EndpointRules, query: string, keys: KnownKeys): readonly Warning[] | undefined {
    if (endpoint !== this.#endpoint || query !== this.#query || keys !== this.#keys || keys.changes !== this.#changes) return undefined
    return this.#warnings
  }

  /** Keeps `warnings` as those of `query` on `endpoint` with the keys known now; gives them. */
  keep(endpoint: EndpointRules, query: string, keys: KnownKeys, warnings: readonly Warning[]): readonly Warning[] {
    this.#endpoint = endpoint
    this.#query = query
    this.#keys = keys
    this.#changes = keys.changes
    this.#warnings = warnings
    return warnings
  }

  /** Forgets it (a reset, the end of the sandbox). */
  clear(): void {
    this.#endpoint = undefined
    this.#query = ''
    this.#keys = undefined
    this.#warnings = []
  }
}
