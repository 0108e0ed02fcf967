/**
 * The bounds of what the sandbox keeps and answers, in one place: the schemas, the error texts, the
 * OpenAPI documents and docs/hardening.md are built from (or checked against) these numbers, so no
 * limit is said twice. Why each is where it is: docs/hardening.md.
 *
 * @example
 * `name must be at most ${LIMITS.textChars} characters`
 */
export const LIMITS = {
  /** A portal record's `name`, `display_name`, `domain`, `status`, a user's and a key's `name`. */
  textChars: 200,
  /** Topics a project tracks. */
  topics: 50,
  /** Brands of one topic. */
  brands: 50,
  /** A topic's or a brand's name. */
  brandChars: 100,
  /** A key a caller chooses (letters, digits, `_`, `-`, `.`). */
  keyChars: 128,
  /** Records (users, projects, keys) the portal makes between two resets. */
  portalRecords: 20_000,
  /**
   * Bytes of records (as JSON) the portal adds or grows between two resets, PATCH included: 20,000
   * records of made-up size take about 9 MiB, so this is met only by records near their field limits.
   */
  portalBytes: 16 * 1024 * 1024,
  /** Keys one `GET /__sandbox/keys` lists unless `limit` says otherwise, and the most it lists. */
  keysPage: 1_000,
  /** Requests the journal keeps: the most recent ones. */
  journalEntries: 1_000,
  /** Characters of an entry's path and query the journal keeps (together); the rest is cut. */
  journalTextChars: 2_048,
  /** Mistakes one refusal lists; the rest are counted. */
  listedIssues: 20,
  /** Items of any array in an admin body: more is refused before the body is checked item by item. */
  bodyArrayItems: 256,
  /** Days an analytics range covers at most (the spec's limit). */
  rangeDays: 366,
  /** Bytes of an admin API body at most; past it, 413. */
  adminBodyBytes: 64 * 1024,
} as const

/** What a key a caller chooses may be: URL-, shell- and header-safe characters, not only dots (`.` and `..` change in a URL). */
export const SAFE_KEY_PATTERN = new RegExp(`^(?!\\.+$)[A-Za-z0-9_.-]{1,${LIMITS.keyChars}}$`)

/**
 * Why a chosen key was refused.
 *
 * @example
 * ({ field: 'key', message: SAFE_KEY_MESSAGE })
 */
export const SAFE_KEY_MESSAGE = `must be 1-${LIMITS.keyChars} characters of letters, digits, "_", "-" and ".", not only dots: any other character (space, quote, /, ?, #, %, \\, control or invisible) changes in a URL, a shell or a header`

/**
 * The message of a text over its limit.
 *
 * @example
 * tooLong(200) // 'must be at most 200 characters'
 */
export function tooLong(chars: number): string {
  return `must be at most ${chars} characters`
}

/**
 * The message of a list over its limit.
 *
 * @example
 * tooMany(50, 'topics') // 'may have at most 50 topics'
 */
export function tooMany(count: number, what: string): string {
  return `may have at most ${count} ${what}`
}
