/** Characters a mask must still hide to show 4 at the end rather than 2. */
const HIDDEN_AT_LEAST = 6

/**
 * An API key as logs and journals may show it: enough to tell keys apart, never the whole key. The
 * first 6 characters and the last 4, or the last 2 where 4 would hide fewer than 6 (so the
 * documented keys sbx_user_expired and sbx_user_revoked read apart); nothing of a key under 12.
 *
 * @example
 * maskKey('sbx_user_alpha') // 'sbx_us…ha'
 * maskKey('sbx_user_expired') // 'sbx_us…ired'
 * maskKey('short') // '…'
 */
export function maskKey(key: string | null): string | null {
  if (key === null) return null
  if (key.length < 12) return '…'
  return `${key.slice(0, 6)}…${key.slice(key.length - 6 - 4 >= HIDDEN_AT_LEAST ? -4 : -2)}`
}

/** Query parameter names that may carry a secret: their values never reach a log or the journal. */
const SECRET_PARAMETER = /([?&](?:[^=&]*(?:key|token|secret)[^=&]*)=)[^&#]*/gi

/**
 * A path or query with the values of key-, token- and secret-like parameters masked, for a client
 * that puts its key in the URL by mistake.
 *
 * @example
 * redactKeys('/api/v1/projects?api_key=sbx_user_alpha') // '/api/v1/projects?api_key=…'
 */
export function redactKeys(url: string): string {
  return url.replace(SECRET_PARAMETER, '$1…')
}
