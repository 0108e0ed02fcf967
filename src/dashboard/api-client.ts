import type { z } from 'zod'
import type { adminErrorEnvelopeSchema } from '../contract/admin-contracts.js'
import type { Envelope, SuccessEnvelope } from '../contract/envelope.js'
import { ERRORS } from '../vocabulary/errors.js'
import { shellQuote } from '../vocabulary/shell-quote.js'
import { SandboxLeftError } from './sandbox-left-error.js'

// The contract's own envelopes, as types only: esbuild erases these imports, so neither zod nor the
// contract's schemas go into the page's bundle (test/browser/dashboard-bundle.test.ts holds that).

/** An admin error: the API's error envelope, plus `errors.fields` listing a body's mistakes (the contract's `AdminError`). */
export type AdminErrorEnvelope = z.output<typeof adminErrorEnvelopeSchema>

/**
 * An admin answer: a success around `data` (its `code` the status: 200, or 201 for what it made), or
 * an {@link AdminErrorEnvelope}; `success` tells them apart.
 */
type AdminEnvelope<T> = (Omit<SuccessEnvelope<T>, 'code'> & { readonly code: number }) | AdminErrorEnvelope

/**
 * The error code of an answer that failed with one: its `errors.error`; `undefined` for a success
 * and for a failure without a code (a 500).
 *
 * @example
 * errorOf(answer.envelope) // 'invalid_date'
 */
export function errorOf(envelope: Envelope<unknown> | AdminEnvelope<unknown>): string | undefined {
  return envelope.success ? undefined : envelope.errors.error
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
    readonly envelope: AdminErrorEnvelope,
  ) {
    const fields = (envelope.errors.fields ?? []).map(({ field, message }) => `${field} ${message}`)
    const why = fields.length > 0 ? fields.join('; ') : (envelope.errors.detail ?? envelope.message)
    super(`${status} ${envelope.errors.error ?? ''}: ${why}`)
  }
}

/** Where the tab keeps the admin token: its session storage, never the URL. */
export const TOKEN_STORAGE_KEY = 'analytics-sandbox.admin-token'

/**
 * The bases of a sandbox's admin and public APIs on the page's origin: the process's own (no
 * session) or a session's, under `/sessions/<id>/`. The one place the page's paths are made.
 *
 * @example
 * basesOf(undefined) // { admin: '/__sandbox/', api: '/api/v1/' }
 * basesOf('k3Jx') // { admin: '/sessions/k3Jx/__sandbox/', api: '/sessions/k3Jx/api/v1/' }
 */
export function basesOf(session: string | undefined): { readonly admin: string; readonly api: string } {
  const prefix = session === undefined ? '' : `/sessions/${encodeURIComponent(session)}`
  return { admin: `${prefix}/__sandbox/`, api: `${prefix}/api/v1/` }
}

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

/** The path and query of `request` below the API's base `api`, on the page's origin. */
function pathOf(request: ApiRequest, api: string): string {
  const search = new URLSearchParams(request.query ?? {}).toString()
  return `${api}${request.endpoint}${search === '' ? '' : `?${search}`}`
}

/** The headers that say what `request` asks: the key, the project, then the ones it gives. */
function headersOf(request: ApiRequest): Record<string, string> {
  const headers: Record<string, string> = {}
  if (request.key !== undefined) headers['X-API-Key'] = request.key
  if (request.projectId !== undefined) headers['X-Project-ID'] = String(request.projectId)
  return { ...headers, ...request.headers }
}

/**
 * `request` as curl sends it to the sandbox of `session` (the process's own by default), to paste
 * into a terminal: every word quoted by {@link shellQuote}. Without the page's own headers: pasted,
 * it is a client's request.
 *
 * @example
 * curlOf({ endpoint: 'monitoring', key: 'sbx_user_alpha', projectId: 101 })
 * // `curl -H 'X-API-Key: sbx_user_alpha' -H 'X-Project-ID: 101' 'http://127.0.0.1:4010/api/v1/monitoring'`
 * curlOf({ endpoint: 'projects', key: 'sbx_user_alpha' }, 'k3Jx')
 * // `curl -H 'X-API-Key: sbx_user_alpha' 'http://127.0.0.1:4010/sessions/k3Jx/api/v1/projects'`
 */
export function curlOf(request: ApiRequest, session?: string): string {
  const sent = Object.entries(headersOf(request))
    .map(([name, value]) => ` -H ${shellQuote(`${name}: ${value}`)}`)
    .join('')
  return `curl${sent} ${shellQuote(new URL(pathOf(request, basesOf(session).api), location.href).href)}`
}

/** Whether an answer says its session is not (or no longer) there. */
const sessionGone = (status: number, envelope: Envelope<unknown> | AdminEnvelope<unknown>) =>
  status === ERRORS.sessionNotFound.status && errorOf(envelope) === ERRORS.sessionNotFound.error

/**
 * The page's one way to the sandbox: the admin API (with the admin token when the sandbox asks for
 * one: `askToken` is called once however many requests wait for it) and the public API, both on the
 * page's own origin, of the sandbox the page shows: the process's own, or a session
 * ({@link ApiClient.show}). Every request is marked as the page's own ({@link OBSERVER_HEADER}) but a
 * public API request sent with `{ observe: false }`.
 *
 * An answer of a sandbox the page no longer shows (it switched meanwhile, or the session ended:
 * `session_not_found`) is a {@link SandboxLeftError}, thrown instead of drawn; a session's end also
 * calls `onSessionEnded` once, with its id.
 *
 * @example
 * const client = createApiClient(askToken, (id) => announce(`Session ${id} ended`))
 * const { keys } = await client.admin<{ keys: KeyRecord[] }>('GET', 'keys')
 */
export function createApiClient(askToken: (refused: boolean) => Promise<string>, onSessionEnded: (id: string) => void = () => undefined) {
  let asking: Promise<string> | undefined
  /** The session shown; `undefined` for the process's own sandbox. */
  let shown: string | undefined

  /** Throws when `envelope` answered a request to `asked` that the page no longer shows. */
  function checkStillShown(asked: string | undefined, status: number, envelope: Envelope<unknown> | AdminEnvelope<unknown>): void {
    if (asked !== undefined && sessionGone(status, envelope)) {
      if (shown === asked) onSessionEnded(asked)
      throw new SandboxLeftError(asked)
    }
    if (shown !== asked) throw new SandboxLeftError(asked)
  }

  /** An admin request to the process's own sandbox (`atRoot`) or to the one shown. */
  async function request<T>(atRoot: boolean, method: string, path: string, body?: unknown): Promise<T> {
    const asked = atRoot ? undefined : shown
    for (;;) {
      const token = sessionStorage.getItem(TOKEN_STORAGE_KEY)
      const headers: Record<string, string> = { accept: 'application/json', [OBSERVER_HEADER.name]: OBSERVER_HEADER.value }
      if (token !== null) headers['x-sandbox-admin-token'] = token
      if (body !== undefined) headers['content-type'] = 'application/json'
      const init: RequestInit = { method, headers, cache: 'no-store' }
      if (body !== undefined) init.body = JSON.stringify(body)
      const response = await fetch(`${basesOf(asked).admin}${path}`, init)
      const envelope = (await response.json()) as AdminEnvelope<T>
      if (!atRoot) checkStillShown(asked, response.status, envelope)
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
    const asked = shown
    const headers: Record<string, string> = { accept: 'application/json', ...headersOf(request) }
    if (options.observe !== false) headers[OBSERVER_HEADER.name] = OBSERVER_HEADER.value
    const response = await fetch(pathOf(request, basesOf(asked).api), { headers, cache: 'no-store' })
    const envelope = (await response.json()) as Envelope<T>
    checkStillShown(asked, response.status, envelope)
    return { status: response.status, envelope, curl: curlOf(request, asked) }
  }

  return {
    /** An admin request to the sandbox shown. */
    admin: <T>(method: string, path: string, body?: unknown) => request<T>(false, method, path, body),
    /** An admin request to the process's own sandbox, whichever is shown: the sessions live there only. */
    adminAtRoot: <T>(method: string, path: string, body?: unknown) => request<T>(true, method, path, body),
    api,
    /** `request` as curl, to the sandbox shown. */
    curlOf: (request: ApiRequest) => curlOf(request, shown),
    /** Shows the session `id` from now on, or the process's own sandbox (`undefined`). */
    show(id: string | undefined): void {
      shown = id
    },
    /** The session shown; `undefined` for the process's own sandbox. */
    get shown(): string | undefined {
      return shown
    },
  }
}

/** What {@link createApiClient} gives. */
export type ApiClient = ReturnType<typeof createApiClient>
