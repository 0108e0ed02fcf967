import { delay, http, type HttpHandler } from 'msw'
import type { ApiBase } from '../sandbox/resolve-base-url.js'
import type { TimedAnswer } from '../core/core-request.js'
import { dispatch } from '../core/dispatch.js'
import { formatWarning, WARNING_HEADER } from '../vocabulary/warnings.js'
import type { SandboxCore } from '../core/sandbox-core.js'
import { slowBodyPacing, truncatedLength } from '../vocabulary/faults.js'

/** The error a reader of a `fault-truncated-body` answer meets through msw, half-way through the body. */
export const TRUNCATED_BODY_ERROR = 'fault-truncated-body: the connection closed before the whole body was read'

/** Resolves once `signal` aborts (at once, if it has). */
function aborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve()
    else signal.addEventListener('abort', () => resolve(), { once: true })
  })
}

/** `response` as a fetch Response; `end`, where given, is told how a paced body ended (cancelled: the client gave up). */
function toFetchResponse(response: TimedAnswer, end?: (byClient: boolean) => void): Response {
  const headers = new Headers(response.headers)
  // One X-Sandbox-Warning line per warning.
  for (const warning of response.warnings) headers.append(WARNING_HEADER, formatWarning(warning))
  const body = response.body as Uint8Array<ArrayBuffer>
  switch (response.fault?.type) {
    // A fetch client cannot tell a reset from an empty reply: both are one network error.
    case 'connection-reset':
    case 'empty-reply':
      return Response.error()
    case 'truncated-body':
      return new Response(cutStream(body), { status: response.status, headers })
    case 'slow-body':
      return new Response(pacedStream(body, response.fault.durationMs, end), { status: response.status, headers })
    default:
      end?.(false)
      return new Response(response.status === 204 ? null : body, { status: response.status, headers })
  }
}

/** Half of `body`, then an error, as a connection closed mid-body gives a reader. */
function cutStream(body: Uint8Array<ArrayBuffer>): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(body.slice(0, truncatedLength(body.byteLength)))
      controller.error(new TypeError(TRUNCATED_BODY_ERROR))
    },
  })
}

/** `body` in up to SLOW_BODY_PIECES pieces spread over `durationMs`, as a slow network gives it; a cancel stops it. */
function pacedStream(body: Uint8Array<ArrayBuffer>, durationMs: number, end?: (byClient: boolean) => void): ReadableStream<Uint8Array> {
  const { size, intervalMs } = slowBodyPacing(body.byteLength, durationMs)
  let sent = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  // The pull waiting for its piece: a cancel lets it go, or a reader's cancel waits on it for ever.
  let waiting: (() => void) | undefined
  return new ReadableStream({
    pull(controller) {
      return new Promise<void>((resolve) => {
        waiting = resolve
        timer = setTimeout(() => {
          timer = undefined
          waiting = undefined
          const piece = body.slice(sent, sent + size)
          sent += piece.byteLength
          controller.enqueue(piece)
          if (sent >= body.byteLength) {
            controller.close()
            end?.(false)
          }
          resolve()
        }, intervalMs)
      })
    },
    cancel() {
      if (timer !== undefined) clearTimeout(timer)
      waiting?.()
      end?.(true)
    },
  })
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
      const { settle } = response
      if (settle === undefined) {
        if (response.delayMs > 0) await delay(response.delayMs)
        return toFetchResponse(response)
      }
      // Where a client should give up, how the answer ended: a client that aborts its request (its
      // signal) or cancels the body's stream gave up; one that reads it whole waited it out.
      const started = performance.now()
      let settled = false
      const end = (byClient: boolean) => {
        if (settled) return
        settled = true
        settle(performance.now() - started, byClient)
      }
      request.signal.addEventListener('abort', () => end(true), { once: true })
      if (response.delayMs > 0) await Promise.race([delay(response.delayMs), aborted(request.signal)])
      if (settled) return Response.error()
      return toFetchResponse(response, end)
    }),
  ]
}
