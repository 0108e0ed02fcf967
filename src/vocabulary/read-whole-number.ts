/** Decimal digits only: no sign, no exponent, no fraction, no space; at most 16 of them. */
const DIGITS = /^[0-9]{1,16}$/

/**
 * A whole number written plainly in decimal digits, from `min` to `max` (both included, at most
 * 2^53 − 1); `undefined` for anything else (`1e3`, `-1`, `1.0`, ` 5`, a number past `max`). The
 * reading of a count, a limit or an offset a user writes: admin query parameters and the server's
 * flags. An id, and the `--timeout` of `report` and `verify`, are read as ids are (`readPositiveId`:
 * no leading zero).
 *
 * @example
 * readWholeNumber('250', 1, 1000) // 250
 * readWholeNumber('1e3', 1, 1000) // undefined
 */
export function readWholeNumber(text: string, min: number, max: number): number | undefined {
  const value = DIGITS.test(text) ? Number(text) : Number.NaN
  return value >= min && value <= max && Number.isSafeInteger(value) ? value : undefined
}
