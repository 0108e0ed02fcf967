import { ERRORS } from '../../vocabulary/errors.js'
import { LIMITS } from '../../vocabulary/limits.js'
import type { JournalQuery } from '../journal.js'
import { SandboxError } from '../../vocabulary/sandbox-error.js'
import { readAdminQuery } from './read-admin-query.js'

/** Journal entries an answer lists when no `limit` is given: at most the journal's capacity is. */
export const JOURNAL_PAGE = 100

/** Longest `key` or `path` filter read: longer ones are kept cut in the journal, so none would match. */
const MAX_FILTER_LENGTH = LIMITS.journalTextChars

/** Whose requests: the clients' (a test's, the default) or the dashboard's own. */
const SOURCES = ['clients', 'dashboard'] as const

/** The ranges of the number filters; `limit`'s top is the journal's capacity. */
const RANGES = { limit: [1, Number.NaN], since: [0, Number.MAX_SAFE_INTEGER], status: [100, 599] } as const

/** The filters `GET /__sandbox/requests` takes; another name is a mistake (`?endpoint=`), not ignored. */
export const JOURNAL_FILTERS = ['key', 'status', 'path', 'since', 'limit', 'source'] as const

/**
 * The 400's detail for a filter the journal does not take.
 *
 * @example
 * unknownFilterDetail('endpoint') // '"endpoint" is not a filter of the journal: it takes key, status, path, since, limit, source (…)'
 */
export function unknownFilterDetail(name: string): string {
  return `${JSON.stringify(name.slice(0, 40))} is not a filter of the journal: it takes ${JOURNAL_FILTERS.join(', ')} (path is the whole request path, such as /api/v1/monitoring)`
}

/**
 * The `errors.detail` of a bad filter value, naming it and what it takes.
 *
 * @example
 * journalQueryDetail('limit', 1000) // 'limit must be a whole number from 1 to 1000'
 */
export function journalQueryDetail(name: 'limit' | 'since' | 'status' | 'key' | 'path' | 'source', capacity: number): string {
  if (name === 'source') return `source must be ${SOURCES.join(' or ')}`
  if (name === 'key' || name === 'path') return `${name} must be 1 to ${MAX_FILTER_LENGTH} characters long`
  const [min, max] = RANGES[name]
  return `${name} must be a whole number from ${min} to ${name === 'limit' ? capacity : max}`
}

/** A whole number in its range, or `undefined` when absent; anything else is 400 naming it. */
function wholeNumber(query: ReadonlyMap<string, string>, name: keyof typeof RANGES, capacity: number): number | undefined {
  const text = query.get(name)
  if (text === undefined) return undefined
  const value = /^\d{1,16}$/.test(text) ? Number(text) : Number.NaN
  const [min, max] = RANGES[name]
  if (!(value >= min && value <= (name === 'limit' ? capacity : max))) {
    throw new SandboxError(ERRORS.badRequest, journalQueryDetail(name, capacity))
  }
  return value
}

function text(query: ReadonlyMap<string, string>, name: 'key' | 'path', capacity: number): string | undefined {
  const value = query.get(name)
  if (value === undefined) return undefined
  if (value === '' || value.length > MAX_FILTER_LENGTH) throw new SandboxError(ERRORS.badRequest, journalQueryDetail(name, capacity))
  return value
}

/**
 * The filters of `GET /__sandbox/requests` (`key`, `status`, `path`, `since`, `limit`, and
 * `source`: the clients' requests or the dashboard's own), checked: an unknown, repeated or bad
 * filter is 400 `bad_request` naming it, before anything is read.
 *
 * @example
 * readJournalQuery('key=sbx_user_alpha&status=500', 1000) // { key, status: 500, limit: 100, source: 'clients' }
 */
export function readJournalQuery(
  queryText: string,
  capacity: number,
): JournalQuery & { readonly limit: number; readonly source: (typeof SOURCES)[number] } {
  const query = readAdminQuery(queryText, JOURNAL_FILTERS, unknownFilterDetail)
  const sourceText = query.get('source') ?? 'clients'
  const source = SOURCES.find((known) => known === sourceText)
  if (source === undefined) throw new SandboxError(ERRORS.badRequest, journalQueryDetail('source', capacity))
  const limit = wholeNumber(query, 'limit', capacity) ?? Math.min(JOURNAL_PAGE, capacity)
  const since = wholeNumber(query, 'since', capacity)
  const status = wholeNumber(query, 'status', capacity)
  const key = text(query, 'key', capacity)
  const path = text(query, 'path', capacity)
  return {
    limit,
    source,
    ...(since === undefined ? {} : { since }),
    ...(status === undefined ? {} : { status }),
    ...(key === undefined ? {} : { key }),
    ...(path === undefined ? {} : { path }),
  }
}
