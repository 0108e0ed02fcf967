/**
 * Small, fast, platform-independent 32-bit hashing. Only integer and IEEE-exact operations are used,
 * so every value derived from these is the same in every process, on every machine, on every day.
 */

/**
 * FNV-1a hash of a string (UTF-16 code units), as an unsigned 32-bit integer.
 *
 * @example
 * hashString('chatgpt') === hashString('chatgpt') // true
 */
export function hashString(text: string): number {
  let hash = 0x811c9dc5
  for (let index = 0; index < text.length; index++) {
    hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193)
  }
  return hash >>> 0
}

/**
 * Mixes `value` into `hash` (a murmur3-style finaliser), giving a well-spread unsigned 32-bit integer.
 *
 * @example
 * mixHash(mixHash(seed, projectId), day)
 */
export function mixHash(hash: number, value: number): number {
  // The hash is multiplied before the value joins, so mixHash(a, b) and mixHash(b, a) differ.
  let h = Math.imul(hash, 0x9e3779b1) ^ (value | 0) ^ Math.imul((value / 4_294_967_296) | 0, 0x85ebca6b)
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return h >>> 0
}

/**
 * Maps an unsigned 32-bit hash onto [0, 1).
 *
 * @example
 * unitInterval(mixHash(1, 2)) // 0 <= x < 1
 */
export function unitInterval(hash: number): number {
  return hash / 4_294_967_296
}
