import { delay, http, type HttpHandler } from 'msw'
import type { ApiBase } from '../sandbox/resolve-base-url.js'
import type { TimedAnswer } from '../core/core-request.js'
import { dispatch } from '../core/dispatch.js'
import { formatWarning, WARNING_HEADER } from '../vocabulary/warnings.js'
import type { SandboxCore } from '../core/sandbox-core.js'

function toFetchResponse(response: TimedAnswer): Response {
  const headers = new Headers(response.headers)
  // One X-Sandbox-Warning line per warning.
  for (const warning of response.warnings ?? []) headers.append(WARNING_HEADER, formatWarning(warning))
  return new Response(response.status === 204 ? null : (response.body as Uint8Array<ArrayBuffer>), { status: response.status, headers })
}

/**
 * msw request handlers over the framework-free core: msw's Request in, the core's answer out, with
 * any added latency awaited through msw's `delay`. Without an origin they match any origin's
 * `/api/v1/…`, wherever that prefix is mounted. `getSandbox` may be async (the model seeds
 * asynchronously); it is awaited once per request.
 *
 * @example
 * const handlers = createHandlers(() => corePromise, resolveBaseUrl(undefined))
 * setupServer(...handlers).listen()
 */
export function createHandlers(getSandbox: () => SandboxCore | Promise<SandboxCore>, base: ApiBase): HttpHandler[] {
  const pattern = `${base.origin ?? '*'}${base.basePath}*`
  return [
    http.all(pattern, async ({ request }) => {
      const sandbox = await getSandbox()
      const url = new URL(request.url)
      const path = base.origin === undefined ? url.pathname.slice(Math.max(0, url.pathname.indexOf(base.basePath))) : url.pathname
      const response = await dispatch(sandbox, {
        method: request.method,
        path,
        query: url.search.slice(1),
        header: (name) => request.headers.get(name),
      })
      if (response.delayMs > 0) await delay(response.delayMs)
      return toFetchResponse(response)
    }),
  ]
}
