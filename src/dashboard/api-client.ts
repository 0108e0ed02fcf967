import { ERRORS } from '../vocabulary/errors.js'
import { shellQuote } from '../vocabulary/shell-quote.js'

/** The envelope every answer of the sandbox comes in. */
export interface Envelope<T = unknown> {
  readonly success: boolean
  readonly message: string
  readonly code: number
  readonly data: T
  readonly errors: {
    readonly error?: string
    readonly detail?: string
    readonly fields?: readonly { readonly field: string; readonly message: string }[]
  }
}

/** An answer of the public API, whatever its status: the page shows failures, it does not hide them. */
export interface ApiAnswer<T = unknown> {
  readonly status: number
  readonly envelope: Envelope<T>
  /** The request as curl would send it, to paste into a terminal: every word quoted by {@link shellQuote}. */
  readonly curl: string
}

/** An admin request the sandbox refused: its message names the status, the error code and every field. */
export class AdminFailure extends Error {
  constructor(
    readonly status: number,
    readonly envelope: Envelope,
  ) {
    const fields = (envelope.errors.fields ?? []).map(({ field, message }) => `${field} ${message}`)
    const why = fields.length > 0 ? fields.join('; ') : (envelope.errors.detail ?? envelope.message)
    super(`${status} ${envelope.errors.error ?? ''}: ${why}`)
  }
}

/** Where the tab keeps the admin token: its session storage, never the URL. */
export const TOKEN_STORAGE_KEY = 'analytics-sandbox.admin-token'

const ADMIN = '/__sandbox/'
const API = '/api/v1/'

/**
 * The header that marks a request as the page's own: the sandbox answers it as any other but lets it
 * change nothing a test sees (no scenario counter, no coverage, no warning, not in the clients'
 * journal or the request log). Every request the page makes by itself carries it.
 */
export const OBSERVER_HEADER = { name: 'X-Sandbox-Client', value: 'dashboard' } as const

/** The parameters of a public API request. */
export interface ApiRequest {
  /** The path below the API's base (`/api/v1/`): `projects`, `monitoring`, … */
  readonly endpoint: string
  readonly key?: string | undefined
  readonly projectId?: number | undefined
  readonly query?: Readonly<Record<string, string>>
  /** Headers sent as given, after the key and project: an outcome's example (`X-Sandbox-Scenario`, an `X-Project-ID` of any text). */
  readonly headers?: Readonly<Record<string, string>>
}

/** How the page sends a public API request. */
export interface ApiOptions {
  /**
   * `false` for a request a person sends on purpose to try the API (the journal's form, the
   * coverage panel's Send): it counts as a client's. By default the request is the page's own.
   */
  readonly observe?: boolean
}

/** The path and query of `request`, on the page's origin. */
function pathOf(request: ApiRequest): string {
  const search = new URLSearchParams(request.query ?? {}).toString()
  return `${API}${request.endpoint}${search === '' ? '' : `?${search}`}`
}

/** The headers that say what `request` asks: the key, the project, then the ones it gives. */
function headersOf(request: ApiRequest): Record<string, string> {
  const headers: Record<string, string> = {}
  if (request.key !== undefined) headers['X-API-Key'] = request.key
  if (request.projectId !== undefined) headers['X-Project-ID'] = String(request.projectId)
  return { ...headers, ...request.headers }
}

/**
 * `request` as curl sends it, to paste into a terminal: every word quoted by {@link shellQuote}. Without
 * the page's own headers: pasted, it is a client's request.
 *
 * @example
 * curlOf({ endpoint: 'monitoring', key: 'sbx_user_alpha', projectId: 101 })
 * // `curl -H 'X-API-Key: sbx_user_alpha' -H 'X-Project-ID: 101' 'http://127.0.0.1:4010/api/v1/monitoring'`
 */
export function curlOf(request: ApiRequest): string {
  const sent = Object.entries(headersOf(request))
    .map(([name, value]) => ` -H ${shellQuote(`${name}: ${value}`)}`)
    .join('')
  return `curl${sent} ${shellQuote(new URL(pathOf(request), location.href).href)}`
}

/**
 * The page's one way to the sandbox: the admin API (with the admin token when the sandbox asks for
 * one: `askToken` is called once however many requests wait for it) and the public API, both on the
 * page's own origin. Every request is marked as the page's own ({@link OBSERVER_HEADER}) but a
 * public API request sent with `{ observe: false }`.
 *
 * @example
 * const client = createApiClient(askToken)
 * const { keys } = await client.admin<{ keys: KeyRecord[] }>('GET', 'keys')
 */
export function createApiClient(askToken: (refused: boolean) => Promise<string>) {
  let asking: Promise<string> | undefined

  async function admin<T>(method: string, path: string, body?: unknown): Promise<T> {
    for (;;) {
      const token = sessionStorage.getItem(TOKEN_STORAGE_KEY)
      const headers: Record<string, string> = { accept: 'application/json', [OBSERVER_HEADER.name]: OBSERVER_HEADER.value }
      if (token !== null) headers['x-sandbox-admin-token'] = token
      if (body !== undefined) headers['content-type'] = 'application/json'
      const init: RequestInit = { method, headers, cache: 'no-store' }
      if (body !== undefined) init.body = JSON.stringify(body)
      const response = await fetch(`${ADMIN}${path}`, init)
      const envelope = (await response.json()) as Envelope<T>
      if (envelope.success) return envelope.data
      if (response.status !== ERRORS.adminTokenRequired.status || envelope.errors.error !== ERRORS.adminTokenRequired.error)
        throw new AdminFailure(response.status, envelope)
      asking ??= askToken(token !== null).finally(() => {
        asking = undefined
      })
      sessionStorage.setItem(TOKEN_STORAGE_KEY, await asking)
    }
  }

  async function api<T>(request: ApiRequest, options: ApiOptions = {}): Promise<ApiAnswer<T>> {
    const headers: Record<string, string> = { accept: 'application/json', ...headersOf(request) }
    if (options.observe !== false) headers[OBSERVER_HEADER.name] = OBSERVER_HEADER.value
    const response = await fetch(pathOf(request), { headers, cache: 'no-store' })
    const envelope = (await response.json()) as Envelope<T>
    return { status: response.status, envelope, curl: curlOf(request) }
  }

  return { admin, api }
}

/** What {@link createApiClient} gives. */
export type ApiClient = ReturnType<typeof createApiClient>
