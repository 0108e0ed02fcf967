import { readBoundedBody } from '../vocabulary/read-bounded-body.js'

/** What a verify run sends: a path below the base URL, which key, and extra headers. */
export interface ProbeRequest {
  /** Below the base URL, query included: `monitoring?start_date=2026-02-01`. */
  readonly path: string
  /** `own`: the key under test; `none`: no X-API-Key; any other text: that key instead. */
  readonly key?: 'own' | 'none' | { readonly other: string }
  readonly projectId?: string
}

/** One answer as verify reads it; `failure` is set when no answer came (network error, timeout). */
export interface ProbeAnswer {
  readonly request: string
  readonly status: number
  readonly contentType: string | null
  readonly text: string
  /** The parsed JSON body; `undefined` when the body is not JSON. */
  readonly body: unknown
  readonly failure?: string
}

/**
 * Bytes of one answer read at most: the largest an account of 10,000 projects gives is about 2 MB,
 * and a deployment that streams without end must not fill verify's memory.
 */
export const MAX_ANSWER_BYTES = 16 * 1024 * 1024

/**
 * The `failure` of an answer past {@link MAX_ANSWER_BYTES} (or announcing more in its
 * Content-Length): the request is aborted there.
 *
 * @example
 * if (answer.failure === ANSWER_TOO_LARGE) console.error('the deployment answered without end')
 */
export const ANSWER_TOO_LARGE = `an answer over ${MAX_ANSWER_BYTES / 1024 / 1024} MiB, not read further`

/** Sends GET requests, and only GET requests, to one deployment. */
export type Prober = (request: ProbeRequest) => Promise<ProbeAnswer>

/** How a prober reaches the deployment. */
export interface ProberOptions {
  readonly baseUrl: string
  readonly apiKey: string
  readonly timeoutMs: number
  readonly fetch: typeof fetch
}

/**
 * A prober for one deployment and key. It never throws: a request that gets no answer comes back
 * with `failure` (the error's message, which never contains the key: the key only travels in a
 * header).
 *
 * @example
 * const probe = createProber({ baseUrl: 'http://127.0.0.1:4010/api/v1/', apiKey, timeoutMs: 10_000, fetch })
 * const answer = await probe({ path: 'projects' })
 */
export function createProber(options: ProberOptions): Prober {
  return async (request) => {
    const headers: Record<string, string> = { accept: 'application/json' }
    const key = request.key ?? 'own'
    if (key === 'own') headers['x-api-key'] = options.apiKey
    else if (key !== 'none') headers['x-api-key'] = key.other
    if (request.projectId !== undefined) headers['x-project-id'] = request.projectId
    const shown = `GET /${request.path}${request.projectId === undefined ? '' : ` (X-Project-ID: ${request.projectId})`}${key === 'none' ? ' (no key)' : key === 'own' ? '' : ' (another key)'}`
    try {
      const response = await options.fetch(`${options.baseUrl}${request.path}`, {
        method: 'GET',
        headers,
        redirect: 'manual',
        signal: AbortSignal.timeout(options.timeoutMs),
      })
      const text = await readBoundedBody(response, MAX_ANSWER_BYTES)
      if (text === undefined) {
        return {
          request: shown,
          status: response.status,
          contentType: response.headers.get('content-type'),
          text: '',
          body: undefined,
          failure: ANSWER_TOO_LARGE,
        }
      }
      let body: unknown
      try {
        body = JSON.parse(text)
      } catch {
        body = undefined
      }
      return { request: shown, status: response.status, contentType: response.headers.get('content-type'), text, body }
    } catch (error) {
      const cause = (error as { cause?: { message?: string; code?: string } }).cause
      const reason =
        error instanceof Error && error.name === 'TimeoutError'
          ? `no answer within ${options.timeoutMs} ms`
          : (cause?.code ?? cause?.message ?? (error as Error).message)
      return {
        request: shown,
        status: 0,
        contentType: null,
        text: '',
        body: undefined,
        failure: String(reason).replaceAll(options.apiKey, '…'),
      }
    }
  }
}
