/** Most digits an id may have: 2^53 − 1 has 16. */
const MAX_DIGITS = 16
const ZERO = 0x30
const NINE = 0x39

/**
 * An id written plainly: a positive integer of at most 2^53 − 1 in decimal digits (no sign, no
 * leading zero, no exponent); `undefined` for anything else. The one reading of an id a client
 * writes: X-Project-ID, a project in an admin path, `--project-id`.
 *
 * @example
 * readPositiveId('101') // 101
 * readPositiveId('0101') // undefined
 * readPositiveId('9007199254740992') // undefined: past 2^53 − 1 it would round to another id
 */
export function readPositiveId(text: string): number | undefined {
  // Read digit by digit, not by a regular expression: X-Project-ID is read on every request.
  const length = text.length
  if (length === 0 || length > MAX_DIGITS || text.charCodeAt(0) === ZERO) return undefined
  let id = 0
  for (let at = 0; at < length; at++) {
    const code = text.charCodeAt(at)
    if (code < ZERO || code > NINE) return undefined
    id = id * 10 + (code - ZERO)
  }
  return Number.isSafeInteger(id) ? id : undefined
}
