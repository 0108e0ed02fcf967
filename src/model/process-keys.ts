import { KeyFinder } from '../vocabulary/key-finder.js'

/**
 * The keys of every server sandbox in the process, the root and every session of each: what the
 * journal, the log, warnings and error details mask, so a key made in session A and sent to the
 * root or to session B is masked too. Each sandbox adds its keys as it stores them and takes them
 * out as it deletes them, and all of them when it ends (`endSandbox`).
 *
 * @example
 * const config = { ...resolveSandboxConfig(options), budget: PROCESS_BUDGET, knownKeys: PROCESS_KEYS }
 */
export const PROCESS_KEYS = new KeyFinder()
