import { ENDPOINT_NAMES, type EndpointName } from './endpoint-rules.js'

/**
 * The forms an expectation's `path` takes (`POST /__sandbox/expect`): an endpoint's name, with or
 * without a leading `/` and `/api/v1/`, and a trailing `/`; its name is the one group.
 *
 * @example
 * EXPECTED_PATH.exec('/api/v1/projects/')?.[1] // 'projects'
 */
export const EXPECTED_PATH = new RegExp(`^/?(?:api/v1/)?(${ENDPOINT_NAMES.join('|')})/?$`)

/**
 * The endpoint an expectation's `path` names, or `undefined` for a path the API does not have.
 *
 * @example
 * endpointOfExpectedPath('projects') // 'projects'
 */
export function endpointOfExpectedPath(path: string): EndpointName | undefined {
  return EXPECTED_PATH.exec(path)?.[1] as EndpointName | undefined
}
