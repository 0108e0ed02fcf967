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

/** The parameters of a public API request. */
export interface ApiRequest {
  readonly endpoint: 'validate' | 'projects' | 'monitoring' | 'overview'
  readonly key: string
  readonly projectId?: number | undefined
  readonly query?: Readonly<Record<string, string>>
}

/**
 * The page's one way to the sandbox: the admin API (with the admin token when the sandbox asks for
 * one: `askToken` is called once however many requests wait for it) and the public API, both on the
 * page's own origin.
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
      const headers: Record<string, string> = { accept: 'application/json' }
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

  async function api<T>(request: ApiRequest): Promise<ApiAnswer<T>> {
    const search = new URLSearchParams(request.query ?? {}).toString()
    const path = `${API}${request.endpoint}${search === '' ? '' : `?${search}`}`
    const headers: Record<string, string> = { accept: 'application/json', 'X-API-Key': request.key }
    if (request.projectId !== undefined) headers['X-Project-ID'] = String(request.projectId)
    const response = await fetch(path, { headers, cache: 'no-store' })
    const envelope = (await response.json()) as Envelope<T>
    const sent = Object.entries(headers)
      .filter(([name]) => name !== 'accept')
      .map(([name, value]) => ` -H ${shellQuote(`${name}: ${value}`)}`)
      .join('')
    return { status: response.status, envelope, curl: `curl${sent} ${shellQuote(new URL(path, location.href).href)}` }
  }

  return { admin, api }
}

/** What {@link createApiClient} gives. */
export type ApiClient = ReturnType<typeof createApiClient>
