import { delay, http, type HttpHandler } from 'msw'
import type { ApiBase } from '../sandbox/resolve-base-url.js'
import type { TimedAnswer } from '../core/core-request.js'
import { dispatch } from '../core/dispatch.js'
import { formatWarning, WARNING_HEADER } from '../vocabulary/warnings.js'
import type { SandboxCore } from '../core/sandbox-core.js'
import { bandwidthSchedule, cutAfterLength, slowBodySchedule, truncatedLength, type PieceSchedule } from '../vocabulary/faults.js'

/** The error a reader of a `fault-truncated-body` answer meets through msw, half-way through the body. */
export const TRUNCATED_BODY_ERROR = 'fault-truncated-body: the connection closed before the whole body was read'

/** The error a reader of a `fault-cut-after` answer meets through msw, after the bytes the fault keeps. */
export const CUT_AFTER_ERROR = 'fault-cut-after: the connection closed before the whole body was read'

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
  const { fault, status } = response
  switch (fault?.type) {
    // A fetch client cannot tell a reset from an empty reply: both are one network error.
    case 'connection-reset':
    case 'empty-reply':
    case 'keepalive-close':
      return Response.error()
    case 'truncated-body':
      return new Response(cutStream(body, truncatedLength(body.byteLength), TRUNCATED_BODY_ERROR), { status, headers })
    case 'cut-after':
      return new Response(cutStream(body, cutAfterLength(body.byteLength, fault.bytes), CUT_AFTER_ERROR), { status, headers })
    case 'slow-body':
      return new Response(pacedStream(body, slowBodySchedule(body.byteLength, fault.durationMs), end), { status, headers })
    case 'bandwidth':
      return new Response(pacedStream(body, bandwidthSchedule(body.byteLength, fault.bytesPerSecond), end), { status, headers })
    default:
      end?.(false)
      return new Response(status === 204 ? null : body, { status, headers })
  }
}

/**
 * The first `kept` bytes of `body`, then an error saying `message`, as a connection closed mid-body
 * gives a reader. The error comes a turn of the event loop after the bytes: msw copies the body on
 * its way to the reader, and an error at once would overtake the bytes and drop them.
 */
function cutStream(body: Uint8Array<ArrayBuffer>, kept: number, message: string): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      if (kept > 0) controller.enqueue(body.slice(0, kept))
      setTimeout(() => controller.error(new TypeError(message)), 0)
    },
  })
}

/**
 * `body` piece by piece as `schedule` says, each piece due at its time from the stream's start (so
 * a late timer makes no piece after it late), as a slow network gives it. A cancel stops the timer
 * and settles the read it was waiting for, so a reader piped through msw is not left hanging.
 * `ended`, where given, is told how the body ended: read whole, or cancelled (the client gave up).
 */
function pacedStream(
  body: Uint8Array<ArrayBuffer>,
  schedule: PieceSchedule,
  ended?: (byClient: boolean) => void,
): ReadableStream<Uint8Array> {
  let started = 0
  let sent = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  let settle: (() => void) | undefined
  return new ReadableStream({
    start() {
      started = performance.now()
    },
    pull(controller) {
      const { end, atMs } = schedule(sent)
      return new Promise<void>((resolve) => {
        settle = resolve
        timer = setTimeout(
          () => {
            timer = undefined
            settle = undefined
            controller.enqueue(body.slice(sent, end))
            sent = end
            if (sent >= body.byteLength) {
              controller.close()
              ended?.(false)
            }
            resolve()
          },
          Math.max(0, started + atMs - performance.now()),
        )
      })
    },
    cancel() {
      if (timer !== undefined) clearTimeout(timer)
      timer = undefined
      settle?.()
      settle = undefined
      ended?.(true)
    },
  })
}

/** Milliseconds msw waits before it answers at all: the answer's latency, and a `slow-headers` fault's duration (msw cannot trickle a head). */
function waitOf(response: TimedAnswer): number {
  return response.delayMs + (response.fault?.type === 'slow-headers' ? response.fault.durationMs : 0)
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
      const wait = waitOf(response)
      if (settle === undefined) {
        if (wait > 0) await delay(wait)
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
      if (wait > 0) await Promise.race([delay(wait), aborted(request.signal)])
      if (settled) return Response.error()
      return toFetchResponse(response, end)
    }),
  ]
}
