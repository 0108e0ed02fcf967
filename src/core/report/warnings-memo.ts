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
 * memo.of(ENDPOINT_RULES.monitoring, 'startDate=2026-01-01', keys, () => queryWarnings()) // found once, then kept
 */
export class WarningsMemo {
  #endpoint: EndpointRules | undefined
  #query = ''
  #keys: KnownKeys | undefined
  #changes = -1
  #warnings: readonly Warning[] = []

  /** The warnings of `query` on `endpoint`: as last found while the known keys stay as they were, else found by `find` and kept. */
  of(endpoint: EndpointRules, query: string, keys: KnownKeys, find: () => readonly Warning[]): readonly Warning[] {
    if (endpoint === this.#endpoint && query === this.#query && keys === this.#keys && keys.changes === this.#changes) return this.#warnings
    const warnings = find()
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
