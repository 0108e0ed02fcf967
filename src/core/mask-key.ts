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
