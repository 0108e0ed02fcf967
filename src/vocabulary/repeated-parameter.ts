/**
 * The 400's detail for a query parameter given more than once: the API and the admin API read one
 * value of each, and silently dropping the others would hide the client's mistake.
 *
 * @example
 * repeatedParameterDetail('limit') // 'limit must be given at most once'
 */
export function repeatedParameterDetail(name: string): string {
  return `${name} must be given at most once`
}
