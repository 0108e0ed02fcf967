/**
 * An API key as logs and journals may show it: enough to tell keys apart, never the whole key.
 *
 * @example
 * maskKey('sbx_user_alpha') // 'sbx_us…ha'
 * maskKey('short') // '…'
 */
export function maskKey(key: string | null): string | null {
  if (key === null) return null
  return key.length < 12 ? '…' : `${key.slice(0, 6)}…${key.slice(-2)}`
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
