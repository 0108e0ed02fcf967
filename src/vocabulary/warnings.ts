import { ERRORS, type ErrorTemplate } from './errors.js'

/**
 * A request the real API would answer, but probably not as the client meant: its code (the
 * `errors.error` strict mode answers with) and what it says, for `X-Sandbox-Warning`, the journal
 * and the client report.
 *
 * @example
 * const warning: Warning = { code: 'unknown_parameter', detail: 'startDate is not a parameter of /monitoring …' }
 */
export interface Warning {
  readonly code: string
  readonly detail: string
}

/**
 * Every kind of warning, by name: its template is strict mode's 400.
 *
 * @example
 * WARNING_TEMPLATES.unknownParameter.error // 'unknown_parameter'
 */
export const WARNING_TEMPLATES = {
  unknownParameter: ERRORS.unknownParameter,
  ignoredParameter: ERRORS.ignoredParameter,
  repeatedParameter: ERRORS.repeatedParameter,
  ignoredProjectId: ERRORS.ignoredProjectId,
  bodyOnGet: ERRORS.bodyOnGet,
  keyInQuery: ERRORS.keyInQuery,
} as const satisfies Record<string, ErrorTemplate>

/** The template of each warning code. */
export const WARNING_BY_CODE: ReadonlyMap<string, ErrorTemplate> = new Map(
  Object.values(WARNING_TEMPLATES).map((template) => [template.error, template]),
)

/** Warnings one request gets at most (one per parameter and kind otherwise). */
export const MAX_WARNINGS = 8

/**
 * No warnings: the one empty list every answer and journal entry without any shares.
 *
 * @example
 * answer.warnings === NO_WARNINGS // nothing to add to the headers
 */
export const NO_WARNINGS: readonly Warning[] = Object.freeze([])

/**
 * Longest part of a parameter name a warning quotes; the rest is cut. Shorter than any key a log
 * shows anything of (12 characters, maskKey), so a whole key inside a longer name never reaches a
 * header, the journal or strict mode's detail.
 */
const MAX_NAME = 11

/**
 * A name as a warning quotes it: printable ASCII only (so it fits in a header line), cut at 11
 * characters (`...`).
 *
 * @example
 * quoteName('startDate') // '"startDate"'
 */
export function quoteName(name: string): string {
  // Each UTF-16 unit on its own, so a lone surrogate is shown too, never thrown on.
  const safe = toPrintableAscii(name)
  return JSON.stringify(safe.length > MAX_NAME ? `${safe.slice(0, MAX_NAME)}...` : safe)
}

/** Letters and digits only, lower case: `startDate`, `start-date` and `START_DATE` all read `startdate`. */
const folded = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '')

/** Edits (insert, delete, replace) from `a` to `b`, up to `limit` (more counts as `limit + 1`). */
function distance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
    }
    previous = current
  }
  return previous[b.length]!
}

/**
 * The known name a client probably meant: the same letters in another case or separator
 * (`startDate` → `start_date`), or one within two edits (`stat_date`); `undefined` when none is close.
 *
 * @example
 * nearestName('startDate', ['start_date', 'end_date']) // 'start_date'
 * nearestName('zzz', ['start_date']) // undefined
 */
export function nearestName(name: string, known: readonly string[]): string | undefined {
  const key = folded(name)
  if (key === '') return undefined
  const same = known.find((candidate) => folded(candidate) === key)
  if (same !== undefined) return same
  let best: string | undefined
  let bestDistance = 3
  for (const candidate of known) {
    const edits = distance(key, folded(candidate), 2)
    if (edits < bestDistance) {
      best = candidate
      bestDistance = edits
    }
  }
  return best
}

/** The response header each warning goes out in, one line each. */
export const WARNING_HEADER = 'x-sandbox-warning'

/**
 * A warning as its `X-Sandbox-Warning` line says it: `<code>: <text>`.
 *
 * @example
 * formatWarning({ code: 'body_on_get', detail: 'this GET request carries a body' }) // 'body_on_get: this GET request carries a body'
 */
export function formatWarning(warning: Warning): string {
  // A header carries Latin-1 only, and node throws on anything else: whatever a detail holds (a
  // masked key's `…`), the line is printable ASCII, escaped as quoteName escapes a name.
  return `${warning.code}: ${toPrintableAscii(warning.detail)}`
}

/** `text` with every character outside printable ASCII written as `\uXXXX` (each UTF-16 unit on its own). */
function toPrintableAscii(text: string): string {
  return /[^\x20-\x7e]/.test(text)
    ? text.replace(/[^\x20-\x7e]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`)
    : text
}
