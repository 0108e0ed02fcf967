import type { Endpoint } from '../endpoints/endpoint.js'
import { monitoringEndpoint } from '../endpoints/monitoring.js'
import { overviewEndpoint } from '../endpoints/overview.js'
import { projectsEndpoint } from '../endpoints/projects.js'
import { validateEndpoint } from '../endpoints/validate.js'
import { SandboxError } from '../../vocabulary/sandbox-error.js'
import { ERRORS } from '../../vocabulary/errors.js'

/** The API's operations. */
export const ENDPOINTS: readonly Endpoint[] = [validateEndpoint, projectsEndpoint, monitoringEndpoint, overviewEndpoint]

/** Full path → endpoint, trailing slash included, so routing is one Map lookup. */
export type Routes = ReadonlyMap<string, Endpoint>

/**
 * The routes of an API mounted at `basePath` (which ends in `/`).
 *
 * @example
 * createRoutes('/api/v1/').get('/api/v1/projects/') // projectsEndpoint
 */
export function createRoutes(basePath: string): Routes {
  const routes = new Map<string, Endpoint>()
  for (const endpoint of ENDPOINTS) {
    routes.set(`${basePath}${endpoint.name}`, endpoint)
    routes.set(`${basePath}${endpoint.name}/`, endpoint)
  }
  return routes
}

/** The `Allow` header of a 405. */
export const ALLOW_HEADERS = { allow: 'GET' } as const

/**
 * The route guard: the endpoint at `path`, or 404 `not_found`; 405 `method_not_allowed` (with
 * `Allow: GET`) for any other method on a known path.
 *
 * @example
 * resolveRoute(routes, 'POST', '/api/v1/projects') // throws 405
 */
export function resolveRoute(routes: Routes, method: string, path: string): Endpoint {
  const endpoint = routes.get(path)
  if (endpoint === undefined) throw new SandboxError(ERRORS.notFound)
  if (method !== 'GET') throw new SandboxError(ERRORS.methodNotAllowed, undefined, ALLOW_HEADERS)
  return endpoint
}
