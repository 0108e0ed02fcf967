import { SandboxError } from '../../vocabulary/sandbox-error.js'
import { ERRORS } from '../../vocabulary/errors.js'

/** The `Allow` header of a 405. */
export const ALLOW_HEADERS = { allow: 'GET' } as const

/**
 * The route guard: what `routes` holds at `path`, or 404 `not_found`; 405 `method_not_allowed`
 * (with `Allow: GET`) for any other method on a known path.
 *
 * @example
 * resolveRoute(sandbox.routes, 'POST', '/api/v1/projects') // throws 405
 */
export function resolveRoute<T>(routes: ReadonlyMap<string, T>, method: string, path: string): T {
  const endpoint = routes.get(path)
  if (endpoint === undefined) throw new SandboxError(ERRORS.notFound)
  if (method !== 'GET') throw new SandboxError(ERRORS.methodNotAllowed, undefined, ALLOW_HEADERS)
  return endpoint
}
