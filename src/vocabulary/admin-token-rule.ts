/**
 * A token every client sends unchanged: printable ASCII, no space at either end. HTTP drops spaces
 * at the ends, so such a token could never be sent; a tab or non-ASCII some clients change or refuse.
 */
const SENDABLE_TOKEN = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/

/**
 * Why an admin token (`--admin-token`, `adminToken`) is refused at start-up: an empty one would
 * leave the admin API open, and one a header cannot carry whole would lock it for good.
 *
 * @example
 * await startSandbox({ adminToken: ' secret ' }) // rejects: ConfigError(ADMIN_TOKEN_RULE)
 */
export const ADMIN_TOKEN_RULE =
  'Invalid admin token: it must be printable ASCII, not empty and without a space at either end, which a header would drop (--admin-token, ANALYTICS_SANDBOX_ADMIN_TOKEN)'

/**
 * Whether `token` may be an admin token: see {@link ADMIN_TOKEN_RULE}.
 *
 * @example
 * isSendableToken(' secret ') // false
 */
export function isSendableToken(token: string): boolean {
  return SENDABLE_TOKEN.test(token)
}
