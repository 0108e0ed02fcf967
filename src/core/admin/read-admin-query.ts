import { ERRORS } from '../../vocabulary/errors.js'
import { repeatedParameterDetail } from '../../vocabulary/repeated-parameter.js'
import { SandboxError } from '../../vocabulary/sandbox-error.js'

/**
 * The parameters of an admin route's query, one value each. A name the route does not take is 400
 * `bad_request` with `unknownDetail(name)` (`?endpoint=` is a mistake, not a filter to ignore), and
 * a name given twice is 400 naming it (which of `?limit=5&limit=10` was meant?), before anything is read.
 *
 * @example
 * readAdminQuery('scope=suite', ['scope'], () => 'scope is the only parameter') // Map { 'scope' => 'suite' }
 */
export function readAdminQuery(
  query: string,
  accepted: readonly string[],
  unknownDetail: (name: string) => string,
): ReadonlyMap<string, string> {
  const values = new Map<string, string>()
  if (query === '') return values
  for (const [name, value] of new URLSearchParams(query)) {
    if (!accepted.includes(name)) throw new SandboxError(ERRORS.badRequest, unknownDetail(name))
    if (values.has(name)) throw new SandboxError(ERRORS.badRequest, repeatedParameterDetail(name))
    values.set(name, value)
  }
  return values
}
