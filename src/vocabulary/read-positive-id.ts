/** Digits only, no sign, no leading zero, at most 16 of them. */
const POSITIVE_INTEGER = /^[1-9][0-9]{0,15}$/

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
  const id = POSITIVE_INTEGER.test(text) ? Number(text) : Number.NaN
  return Number.isSafeInteger(id) ? id : undefined
}
