import type { IncomingMessage } from 'node:http'
import type { CoreRequest } from '../core/core-request.js'

/**
 * Adapts node's IncomingMessage to the core's request, without building a URL object: the path and
 * query are split at the first `?`, headers read on demand.
 */
export function toCoreRequest(request: IncomingMessage): CoreRequest {
  const url = request.url ?? '/'
  const mark = url.indexOf('?')
  const headers = request.headers
  return {
    method: request.method ?? 'GET',
    path: mark === -1 ? url : url.slice(0, mark),
    query: mark === -1 ? '' : url.slice(mark + 1),
    header(name) {
      const value = headers[name]
      return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value
    },
  }
}
