import { decodeUrlPart } from './decode-url-part.js'

/** Characters a mask must still hide to show 4 at the end rather than 2. */
const HIDDEN_AT_LEAST = 6

/**
 * An API key as logs and journals may show it: enough to tell keys apart, never the whole key. The
 * first 6 characters and the last 4, or the last 2 where 4 would hide fewer than 6 (so the
 * documented keys sbx_user_expired and sbx_user_revoked read apart); nothing of a key under 12.
 *
 * @example
 * maskKey('sbx_user_alpha') // 'sbx_us…ha'
 * maskKey('sbx_user_expired') // 'sbx_us…ired'
 * maskKey('short') // '…'
 */
export function maskKey(key: string | null): string | null {
  if (key === null) return null
  if (key.length < 12) return '…'
  return `${key.slice(0, 6)}…${key.slice(key.length - 6 - 4 >= HIDDEN_AT_LEAST ? -4 : -2)}`
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

/**
 * The keys a sandbox knows, as masking asks for them: whole (any length), and inside a text (keys
 * of 12 characters or more, so a chosen key `a` does not mask every `a`). A {@link KeyFinder} is one.
 *
 * @example
 * const keys: KnownKeys = new KeyFinder()
 */
export interface KnownKeys {
  /** Whether a known key occurs in `text` (whole, or inside it for keys of 12 characters or more). */
  contains(text: string): boolean
  /** `text` with every known key in it (whole, or inside it for keys of 12 characters or more) replaced by `mask(key)`; the same string when there is none. */
  mask(text: string, mask: (key: string) => string): string
  /** Known keys too short to be looked for inside a text: only a whole piece of a URL can be one. */
  readonly shortKeys: number
  /** Changes to the set of keys so far: while it stays, a text is masked as it was. */
  readonly changes: number
}

/** A key as shown in place of itself: masked, never empty. */
const shownKey = (key: string): string => maskKey(key) ?? '…'

/** Times a text is looked at again after a key was masked in it. */
const MASK_PASSES = 4

/**
 * `text` with every known key inside it masked, and the whole text masked where it is a (short)
 * key: what a log, the journal or an error detail may show of a value a client sent.
 *
 * @example
 * maskKeysInText('Bearer sbx_user_alpha', keys) // 'Bearer sbx_us…ha'
 */
export function maskKeysInText(text: string, keys: KnownKeys): string {
  // Looked at again while a pass masked one: a key that overlaps one masked before it (`<key a>_rest`
  // where `a_rest` is a key too) keeps a tail that the mask's own last characters could complete.
  let before = text
  let shown = keys.mask(text, shownKey)
  for (let pass = 1; pass < MASK_PASSES && shown !== before; pass++) {
    before = shown
    shown = keys.mask(shown, shownKey)
  }
  return shown
}

/** A piece of a URL masked where a key is in it, decoded as a server would read it; itself otherwise. */
function maskPart(part: string, inQuery: boolean, keys: KnownKeys): string {
  if (part === '') return part
  const encoded = part.includes('%') || (inQuery && part.includes('+'))
  const decoded = encoded ? decodeUrlPart(part, inQuery) : part
  const masked = maskKeysInText(decoded, keys)
  return masked === decoded ? part : masked
}

/**
 * A request path with every known key in it masked: one scan of the whole path, then a look at
 * each segment only where one is percent-encoded or a short key could be a whole segment. A client
 * may put its key anywhere by mistake (`/api/v1/projects-sbx_user_alpha`), and no log or journal
 * may show it whole. The same string comes back when nothing was masked, so a repeated request
 * leaves no garbage.
 *
 * @example
 * maskKeysInPath('/api/v1/sbx_user_alpha/projects', keys) // '/api/v1/sbx_us…ha/projects'
 */
export function maskKeysInPath(path: string, keys: KnownKeys): string {
  return maskUrlText(path, '/', false, keys)
}

/**
 * A query string (without `?`) with every known key in a name or a value masked (`?q=pre-<key>-post`,
 * `?k%65y=<key>`, `?<key>`); the same string when there is none.
 *
 * @example
 * maskKeysInQuery('auth=sbx_user_alpha&x=1', keys) // 'auth=sbx_us…ha&x=1'
 */
export function maskKeysInQuery(query: string, keys: KnownKeys): string {
  return maskUrlText(query, '&', true, keys)
}

/** One scan of the raw text; pieces looked at one by one only where decoding or a short key needs it. */
function maskUrlText(text: string, separator: '/' | '&', inQuery: boolean, keys: KnownKeys): string {
  const scanned = maskKeysInText(text, keys)
  const encoded = scanned.includes('%') || (inQuery && scanned.includes('+'))
  return encoded || keys.shortKeys > 0 ? maskPieces(scanned, separator, inQuery, keys) : scanned
}

/** A path segment, or a query's `name=value` with each side masked when it holds a key; the same string when neither does. */
function maskPiece(piece: string, inQuery: boolean, keys: KnownKeys): string {
  const equals = inQuery ? piece.indexOf('=') : -1
  if (equals < 0) return maskPart(piece, inQuery, keys)
  const name = piece.slice(0, equals)
  const value = piece.slice(equals + 1)
  const shownName = maskPart(name, true, keys)
  const shownValue = maskPart(value, true, keys)
  return shownName === name && shownValue === value ? piece : `${shownName}=${shownValue}`
}

/**
 * `text` split at `separator` (and, in a query, each piece at its first `=`) with every piece that
 * holds a key masked. Pieces are looked at in place, and an array is made only once one is masked.
 */
function maskPieces(text: string, separator: '/' | '&', inQuery: boolean, keys: KnownKeys): string {
  let masked: string[] | undefined
  let start = 0
  while (start <= text.length) {
    let end = text.indexOf(separator, start)
    if (end < 0) end = text.length
    const piece = text.slice(start, end)
    const shown = maskPiece(piece, inQuery, keys)
    if (masked === undefined && shown !== piece) masked = start === 0 ? [] : text.slice(0, start - 1).split(separator)
    masked?.push(shown)
    start = end + 1
  }
  return masked === undefined ? text : masked.join(separator)
}

/**
 * A request's path and query as a log may show it: keys masked wherever they are
 * ({@link maskKeysInPath}, {@link maskKeysInQuery}), and the values of key-, token- and secret-like
 * query parameters hidden ({@link redactKeys}).
 *
 * @example
 * maskKeysIn('/api/v1/projects?auth=sbx_user_alpha', keys) // '/api/v1/projects?auth=sbx_us…ha'
 */
export function maskKeysIn(pathAndQuery: string, keys: KnownKeys): string {
  const mark = pathAndQuery.indexOf('?')
  if (mark < 0) return maskKeysInPath(pathAndQuery, keys)
  return redactKeys(`${maskKeysInPath(pathAndQuery.slice(0, mark), keys)}?${maskKeysInQuery(pathAndQuery.slice(mark + 1), keys)}`)
}
