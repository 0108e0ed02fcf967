/** V8 copies a slice shorter than this; a longer one is a view that keeps the whole text it was cut from. */
const SHORTEST_VIEW = 13

/**
 * `text` as a string of its own, not a view of a longer one: a part of a request kept past the
 * request (a journal entry's path, a cut query) must not keep the whole request alive. V8 makes
 * `slice` of a long string a view of it, which holds all of it (a 2 KiB cut of a 15 KiB query holds
 * 15 KiB); a slice of a string joined to another first copies the joined text flat, so the result
 * holds only its own characters. Costs one copy of `text`.
 *
 * @example
 * const kept = detachText(url.slice(0, 2048)) // holds 2 KiB, not the whole url
 */
export function detachText(text: string): string {
  return text.length < SHORTEST_VIEW ? text : `${text} `.slice(0, -1)
}
