import type { EndpointName } from '../vocabulary/endpoint-rules.js'
import { ENDPOINT_CONTRACTS } from './endpoint-contracts.js'

/**
 * The endpoint a request path names below `basePath` (a trailing slash tolerated), or `undefined`.
 *
 * @example
 * endpointOfPath('/api/v1/projects/') // 'projects'
 * endpointOfPath('/api/v1/nope') // undefined
 */
export function endpointOfPath(path: string, basePath = '/api/v1/'): EndpointName | undefined {
  if (!path.startsWith(basePath)) return undefined
  const name = path.slice(basePath.length).replace(/\/$/, '')
  return Object.hasOwn(ENDPOINT_CONTRACTS, name) ? (name as EndpointName) : undefined
}
