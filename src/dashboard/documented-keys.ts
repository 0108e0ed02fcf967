import { DOCUMENTED_KEYS } from '../vocabulary/documented-keys.js'

const DOCUMENTED = new Set<string>(Object.values(DOCUMENTED_KEYS))

/**
 * Whether `key` is one of the documented keys, which the page never offers to revoke: a test
 * suite that hard-codes it would fail until the sandbox is reset.
 *
 * @example
 * isDocumentedKey('sbx_user_alpha') // true
 * isDocumentedKey('sbx_u1_k7Qm2') // false
 */
export function isDocumentedKey(key: string): boolean {
  return DOCUMENTED.has(key)
}
