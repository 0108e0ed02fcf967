/** Values that leave an on/off environment variable off, as scripts and `.env` files write "no". */
const OFF = new Set(['', '0', 'false', 'no', 'off'])

/**
 * Whether an on/off environment variable (`ANALYTICS_SANDBOX_STRICT`) is on: set, and neither empty
 * nor `0`, `false`, `no` or `off` (in any case). The launcher (main.cts), which imports nothing,
 * reads `ANALYTICS_SANDBOX_EXIT_WITH_PARENT` by the same rule.
 *
 * @example
 * isEnvFlagOn('1') // true
 * isEnvFlagOn('0') // false
 */
export function isEnvFlagOn(value: string | undefined): boolean {
  return value !== undefined && !OFF.has(value.trim().toLowerCase())
}
