/** A run of percent escapes, decoded together (a UTF-8 character takes several). */
const ESCAPES = /(?:%[0-9A-Fa-f]{2})+/g

/**
 * A piece of a URL (a path segment, a query name or value) as a server reads it: percent-decoded,
 * `+` as a space in a query. Where one escape is bad (`%ZZ`, a cut UTF-8 sequence), the others are
 * still decoded: giving up on the whole piece would let a key hide behind one bad escape.
 *
 * @example
 * decodeUrlPart('sbx%5Fuser_alpha%ZZ', true) // 'sbx_user_alpha%ZZ'
 * decodeUrlPart('a+b', true) // 'a b'
 */
export function decodeUrlPart(text: string, query: boolean): string {
  const spaced = query && text.includes('+') ? text.replaceAll('+', ' ') : text
  if (!spaced.includes('%')) return spaced
  try {
    return decodeURIComponent(spaced)
  } catch {
    return spaced.replace(ESCAPES, (run) => {
      try {
        return decodeURIComponent(run)
      } catch {
        return run
      }
    })
  }
}
