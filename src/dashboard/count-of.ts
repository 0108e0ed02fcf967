/**
 * A count with its noun, singular for one and plural otherwise (zero included), as the page writes
 * every count: never "1 requests". `plural` for a noun that does not take an s.
 *
 * @example
 * countOf(1, 'request') // '1 request'
 * countOf(0, 'request') // '0 requests'
 * countOf(2, 'entry', 'entries') // '2 entries'
 */
export function countOf(count: number, noun: string, plural = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : plural}`
}
