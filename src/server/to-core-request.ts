import type { IncomingHttpHeaders, IncomingMessage } from 'node:http'
import type { CoreRequest } from '../core/core-request.js'

/** A node request as the core reads it: one object a request, its headers read on demand. */
class NodeCoreRequest implements CoreRequest {
  constructor(
    readonly method: string,
    readonly path: string,
    readonly query: string,
    readonly headers: IncomingHttpHeaders,
    readonly body: string | undefined,
    readonly reused: boolean,
  ) {}

  header(name: string): string | null {
    const value = this.headers[name]
    return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value
  }
}

/**
 * Adapts node's IncomingMessage to the core's request, without building a URL object: the path and
 * query are split at the first `?`, headers read on demand.
 *
 * @example
 * dispatch(sandbox, toCoreRequest(request), settings)
 */
export function toCoreRequest(request: IncomingMessage, body?: string, reused = false): CoreRequest {
  const url = request.url ?? '/'
  const mark = url.indexOf('?')
  return new NodeCoreRequest(
    request.method ?? 'GET',
    mark === -1 ? url : url.slice(0, mark),
    mark === -1 ? '' : url.slice(mark + 1),
    request.headers,
    body,
    reused,
  )
}
