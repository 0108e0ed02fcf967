import type { CoreRequest } from '../core-request.js'
import { ADMIN_BASE_PATH } from './admin-paths.js'

/** Where the dashboard's own files are served: `/__sandbox/dashboard/<file>`. */
export const DASHBOARD_ASSETS_PATH = `${ADMIN_BASE_PATH}dashboard/`

/** `/__sandbox`, the dashboard's address without its last slash. */
export const DASHBOARD_BARE_PATH = ADMIN_BASE_PATH.slice(0, -1)

/** The files `npm run build` puts in dist/dashboard/ (scripts/bundle-dashboard.mjs), by name, with their types: a fixed set. */
export const DASHBOARD_FILE_TYPES: ReadonlyMap<string, string> = new Map([
  ['index.html', 'text/html; charset=utf-8'],
  ['dashboard.js', 'text/javascript; charset=utf-8'],
  ['dashboard.css', 'text/css; charset=utf-8'],
  ['icon.svg', 'image/svg+xml'],
])

/**
 * The dashboard's file a request asks for, or `undefined` when it is not one: `GET /__sandbox/`
 * from a browser (its `Accept` names `text/html`) is the page; API clients asking for JSON keep
 * the admin API's own answer there. `''` is `/__sandbox` from a browser: a redirect to the page.
 * `null` is another method than GET on a file of the page: a 405.
 *
 * @example
 * dashboardFile({ method: 'GET', path: '/__sandbox/', header: () => 'text/html' }) // 'index.html'
 */
export function dashboardFile(request: Pick<CoreRequest, 'method' | 'path' | 'header'>): string | null | undefined {
  if (request.path === DASHBOARD_BARE_PATH) return request.method === 'GET' && isBrowser(request) ? '' : undefined
  if (request.path === ADMIN_BASE_PATH) return request.method === 'GET' && isBrowser(request) ? 'index.html' : undefined
  if (!request.path.startsWith(DASHBOARD_ASSETS_PATH)) return undefined
  const name = request.path.slice(DASHBOARD_ASSETS_PATH.length)
  if (!DASHBOARD_FILE_TYPES.has(name)) return undefined
  return request.method === 'GET' ? name : null
}

/** A browser's navigation asks for HTML first; API clients ask for JSON or anything. */
function isBrowser(request: Pick<CoreRequest, 'header'>): boolean {
  return (request.header('accept') ?? '').includes('text/html')
}
