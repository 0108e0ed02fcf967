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

/** A piece of a URL percent-decoded (`+` as a space in a query), or itself where it cannot be. */
function decodePart(text: string, query: boolean): string {
  if (!text.includes('%') && !(query && text.includes('+'))) return text
  try {
    return decodeURIComponent(query ? text.replaceAll('+', ' ') : text)
  } catch {
    return text
  }
}

/** Whether a text is a key the sandbox knows. */
export type IsKey = (text: string) => boolean

/** A piece of a URL masked when it is a key, decoded as a server would read it; itself otherwise. */
function maskPart(part: string, inQuery: boolean, isKey: IsKey): string {
  if (part === '') return part
  const decoded = decodePart(part, inQuery)
  return isKey(decoded) ? (maskKey(decoded) ?? '…') : part
}

/**
 * A request path with every segment that is an API key (`isKey`, percent-decoded) masked: a
 * client may put its key anywhere by mistake, and no log or journal may show it whole. The same
 * string comes back when nothing was masked, so a repeated request leaves no garbage.
 *
 * @example
 * maskKeysInPath('/api/v1/sbx_user_alpha/projects', (text) => text === 'sbx_user_alpha') // '/api/v1/sbx_us…ha/projects'
 */
export function maskKeysInPath(path: string, isKey: IsKey): string {
  return maskPieces(path, '/', false, isKey)
}

/**
 * A query string (without `?`) with every name and value that is an API key masked (`?auth=<key>`,
 * `?k%65y=<key>`, `?<key>`); the same string when nothing was.
 *
 * @example
 * maskKeysInQuery('auth=sbx_user_alpha&x=1', (text) => text === 'sbx_user_alpha') // 'auth=sbx_us…ha&x=1'
 */
export function maskKeysInQuery(query: string, isKey: IsKey): string {
  return maskPieces(query, '&', true, isKey)
}

/** A path segment, or a query's `name=value` with each side masked when it is a key; the same string when neither is. */
function maskPiece(piece: string, inQuery: boolean, isKey: IsKey): string {
  const equals = inQuery ? piece.indexOf('=') : -1
  if (equals < 0) return maskPart(piece, inQuery, isKey)
  const name = piece.slice(0, equals)
  const value = piece.slice(equals + 1)
  const shownName = maskPart(name, true, isKey)
  const shownValue = maskPart(value, true, isKey)
  return shownName === name && shownValue === value ? piece : `${shownName}=${shownValue}`
}

/**
 * `text` split at `separator` (and, in a query, each piece at its first `=`) with every piece that
 * is a key masked. Pieces are looked at in place, and an array is made only once one is masked:
 * this runs for every request the journal records.
 */
function maskPieces(text: string, separator: '/' | '&', inQuery: boolean, isKey: IsKey): string {
  let masked: string[] | undefined
  let start = 0
  while (start <= text.length) {
    let end = text.indexOf(separator, start)
    if (end < 0) end = text.length
    const piece = text.slice(start, end)
    const shown = maskPiece(piece, inQuery, isKey)
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
 * maskKeysIn('/api/v1/projects?auth=sbx_user_alpha', (text) => text === 'sbx_user_alpha') // '/api/v1/projects?auth=sbx_us…ha'
 */
export function maskKeysIn(pathAndQuery: string, isKey: IsKey): string {
  const mark = pathAndQuery.indexOf('?')
  if (mark < 0) return maskKeysInPath(pathAndQuery, isKey)
  return redactKeys(`${maskKeysInPath(pathAndQuery.slice(0, mark), isKey)}?${maskKeysInQuery(pathAndQuery.slice(mark + 1), isKey)}`)
}
