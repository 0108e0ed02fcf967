import { ADMIN_OPERATIONS, matchAdminRoute } from '../../contract/admin-operations.js'
import { ADMIN_BASE_PATH, SESSION_PREFIX } from './admin-paths.js'

/** The methods whose body the admin API reads. */
const BODY_METHODS: ReadonlySet<string> = new Set(['PUT', 'PATCH', 'POST'])

/** The path below `/__sandbox/` of a request path (a session's prefix passed over), or `undefined` when it is not the admin API's. */
function adminPathOf(path: string): string | undefined {
  let start = 0
  if (path.startsWith(SESSION_PREFIX)) {
    const slash = path.indexOf('/', SESSION_PREFIX.length)
    if (slash < 0) return undefined
    start = slash
  }
  return path.startsWith(ADMIN_BASE_PATH, start) ? path.slice(start + ADMIN_BASE_PATH.length) : undefined
}

/**
 * Whether an adapter reads this request's body before dispatching it: only the admin API's PUT,
 * PATCH and POST carry one (the public API takes none, and answers at once).
 *
 * @example
 * carriesBody('POST', '/sessions/abc/__sandbox/accounts') // true
 */
export function carriesBody(method: string, path: string): boolean {
  return BODY_METHODS.has(method) && adminPathOf(path) !== undefined
}

/**
 * Whether a request asks for one of the admin API's lists whose answer may be megabytes (the table's
 * `heavy` operations): a server holds such requests back while its connections lag. `path` is
 * without the query.
 *
 * @example
 * isHeavy('GET', '/__sandbox/requests') // true (with any query)
 */
export function isHeavy(method: string, path: string): boolean {
  if (method !== 'GET') return false
  const below = adminPathOf(path)
  if (below === undefined) return false
  const id = matchAdminRoute(below).methods?.get('GET')
  return id !== undefined && 'heavy' in ADMIN_OPERATIONS[id]
}
