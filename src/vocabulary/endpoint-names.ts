/**
 * The API's four endpoints, listed once: the routes, the contract, scenario rules and `verify` all
 * read them from here.
 *
 * @example
 * ENDPOINT_NAMES.map((name) => `/api/v1/${name}`) // ['/api/v1/validate', '/api/v1/projects', …]
 */
export const ENDPOINT_NAMES = ['validate', 'projects', 'monitoring', 'overview'] as const

/** One endpoint's name, the last segment of its path. */
export type EndpointName = (typeof ENDPOINT_NAMES)[number]
