import type { DOCUMENTED_KEYS as MODEL_DOCUMENTED_KEYS } from '../model/documented-keys.js'

/**
 * The documented keys (README, "The documented keys"), which never change: tests hard-code them.
 * The page imports no values from the model (it is bundled on its own), so they are written here,
 * and the compiler holds them to the model's: a key added, removed or renamed there fails the build.
 */
const DOCUMENTED_KEYS: typeof MODEL_DOCUMENTED_KEYS = {
  user: 'sbx_user_alpha',
  project: 'sbx_project_101',
  otherUser: 'sbx_user_beta',
  emptyUser: 'sbx_user_empty',
  expired: 'sbx_user_expired',
  revoked: 'sbx_user_revoked',
}

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
