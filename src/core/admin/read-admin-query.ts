import { ADMIN_OPERATIONS, type AdminOperationId, type QueryParameter } from '../../contract/admin-operations.js'
import { ERRORS } from '../../vocabulary/errors.js'
import { readWholeNumber } from '../../vocabulary/read-whole-number.js'
import { repeatedParameterDetail } from '../../vocabulary/repeated-parameter.js'
import { SandboxError } from '../../vocabulary/sandbox-error.js'

type ParametersOf<Id extends AdminOperationId> = (typeof ADMIN_OPERATIONS)[Id] extends { readonly query: infer Q }
  ? Q
  : Record<never, never>

type ValueOf<P> = P extends { readonly kind: 'whole' }
  ? number
  : P extends { readonly kind: 'choice'; readonly values: readonly (infer V)[] }
    ? V
    : string

/** The query values an operation read, by parameter name; a parameter not given is absent. */
export type AdminQuery<Id extends AdminOperationId> = { readonly [Name in keyof ParametersOf<Id>]?: ValueOf<ParametersOf<Id>[Name]> }

function parametersOf(id: AdminOperationId): Readonly<Record<string, QueryParameter>> {
  const operation = ADMIN_OPERATIONS[id]
  return 'query' in operation ? operation.query : {}
}

/**
 * The 400's detail for a query parameter an operation does not take, naming those it takes.
 *
 * @example
 * unknownParameterDetail('get_requests', 'endpoint') // '"endpoint" is not a parameter of GET requests: it takes key, status, path, since, limit, source'
 */
export function unknownParameterDetail(id: AdminOperationId, name: string): string {
  const { method, route } = ADMIN_OPERATIONS[id]
  const taken = Object.keys(parametersOf(id))
  const takes = taken.length === 0 ? 'it takes none' : `it takes ${taken.join(', ')}`
  return `${JSON.stringify(name.slice(0, 40))} is not a parameter of ${method} ${route}: ${takes}`
}

/**
 * The 400's detail for a bad value of a query parameter, from the table: what it takes. `max`
 * lowers a parameter's most at run time, by name (a journal's capacity), as {@link readAdminQuery} takes it.
 *
 * @example
 * queryValueDetail('get_requests', 'limit', { limit: 500 }) // 'limit must be a whole number from 1 to 500'
 */
export function queryValueDetail(id: AdminOperationId, name: string, max: Readonly<Record<string, number>> = {}): string {
  const parameter = parametersOf(id)[name]!
  switch (parameter.kind) {
    case 'whole':
      return `${name} must be a whole number from ${parameter.min} to ${max[name] ?? parameter.max}`
    case 'text':
      return `${name} must be 1 to ${parameter.maxChars} characters long`
    case 'choice':
      return `${name} must be ${parameter.values.join(' or ')}`
  }
}

function readValue(parameter: QueryParameter, text: string, max: number | undefined): string | number | undefined {
  switch (parameter.kind) {
    case 'whole':
      return readWholeNumber(text, parameter.min, max ?? parameter.max)
    case 'text':
      return text !== '' && text.length <= parameter.maxChars ? text : undefined
    case 'choice':
      return parameter.values.find((value) => value === text)
  }
}

/**
 * The query of an admin request, read as the table says the operation takes it, one value each. A
 * name the operation does not take is 400 `bad_request` (`?endpoint=` is a mistake, not a filter
 * to ignore), a name given twice is 400 naming it (which of `?limit=5&limit=10` was meant?), and a
 * value out of its range is 400 saying what it takes, before anything is read. `max` lowers a
 * parameter's most at run time.
 *
 * @example
 * readAdminQuery('get_coverage', 'scope=suite') // { scope: 'suite' }
 */
export function readAdminQuery<Id extends AdminOperationId>(
  id: Id,
  query: string,
  max: Readonly<Record<string, number>> = {},
): AdminQuery<Id> {
  const values: Record<string, string | number> = {}
  if (query === '') return values as AdminQuery<Id>
  const parameters = parametersOf(id)
  for (const [name, text] of new URLSearchParams(query)) {
    const parameter = Object.hasOwn(parameters, name) ? parameters[name] : undefined
    if (parameter === undefined) throw new SandboxError(ERRORS.badRequest, unknownParameterDetail(id, name))
    if (Object.hasOwn(values, name)) throw new SandboxError(ERRORS.badRequest, repeatedParameterDetail(name))
    const value = readValue(parameter, text, max[name])
    if (value === undefined) throw new SandboxError(ERRORS.badRequest, queryValueDetail(id, name, max))
    values[name] = value
  }
  return values as AdminQuery<Id>
}
