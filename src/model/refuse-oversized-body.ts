import { formatIssuePath } from '../vocabulary/format-issue-path.js'
import { LIMITS, tooMany } from '../vocabulary/limits.js'
import { PortalError } from '../vocabulary/portal-error.js'

/** Deeper than any admin body nests (`projects[0].topics[0].brands[0]` is five levels). */
const MAX_DEPTH = 8

/** More fields than any object of an admin body has (a project record has 12). */
const MAX_FIELDS = 64

/**
 * Throws the 400 for a body with a list longer than any the admin API takes, or nested deeper than
 * any of its bodies, before a schema checks it item by item: a 64 KiB body of 30,000 wrong items
 * would otherwise cost a schema check and a mistake per item (tens of milliseconds of one core),
 * and other clients would wait for it.
 *
 * @example
 * refuseOversizedBody({ projects: new Array(300).fill({}) }) // throws: projects may have at most 256 items
 */
export function refuseOversizedBody(body: unknown): void {
  const walk = (value: unknown, path: PropertyKey[]): void => {
    if (typeof value !== 'object' || value === null) return
    if (path.length > MAX_DEPTH) throw PortalError.invalid([{ field: formatIssuePath(path), message: 'nests deeper than any field takes' }])
    if (Array.isArray(value)) {
      if (value.length > LIMITS.bodyArrayItems) {
        throw PortalError.invalid([{ field: formatIssuePath(path), message: tooMany(LIMITS.bodyArrayItems, 'items') }])
      }
      value.forEach((item, index) => walk(item, [...path, index]))
      return
    }
    const names = Object.keys(value)
    if (names.length > MAX_FIELDS) throw PortalError.invalid([{ field: formatIssuePath(path), message: tooMany(MAX_FIELDS, 'fields') }])
    for (const name of names) walk((value as Record<string, unknown>)[name], [...path, name])
  }
  walk(body, [])
}
