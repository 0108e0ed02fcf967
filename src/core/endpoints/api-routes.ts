import { ENDPOINT_NAMES, type EndpointName } from '../../vocabulary/endpoint-rules.js'
import type { Endpoint } from './endpoint.js'
import { monitoringEndpoint } from './monitoring.js'
import { overviewEndpoint } from './overview.js'
import { projectsEndpoint } from './projects.js'
import { validateEndpoint } from './validate.js'

/** The API's operations, by name: an endpoint without its operation does not compile. */
const BY_NAME: Readonly<Record<EndpointName, Endpoint>> = {
  validate: validateEndpoint,
  projects: projectsEndpoint,
  monitoring: monitoringEndpoint,
  overview: overviewEndpoint,
}

/**
 * The API's operations, in the API's order.
 *
 * @example
 * ENDPOINTS.map((endpoint) => endpoint.name) // ['validate', 'projects', 'monitoring', 'overview']
 */
export const ENDPOINTS: readonly Endpoint[] = ENDPOINT_NAMES.map((name) => BY_NAME[name])

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
