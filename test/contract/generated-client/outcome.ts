/** The four paths of the API, as the OpenAPI document names them. */
export type ApiPath = '/validate' | '/projects' | '/monitoring' | '/overview'

/**
 * Where the generated client sends its calls: the sandbox, a strict-mode session of it, and
 * sessions whose scenario forces 403 and 404 on every request.
 *
 * @example
 * const bases: ClientBases = { api: sandbox.url, strict: strict.url, forbidden: forced403.url, notFound: forced404.url }
 */
export interface ClientBases {
  readonly api: string
  readonly strict: string
  readonly forbidden: string
  readonly notFound: string
}

/**
 * One call of the generated client and what it met: the status and `errors.error` it expected (the
 * compiler held both to the document), the status it got, `errors.error` as the typed client read
 * it (`null` on a 200 or a 500), and the body as received, for the test to check against the
 * document's schema.
 *
 * @example
 * const outcome: CallOutcome = { path: '/validate', call: 'a project of another account', expected: { status: 403, code: 'forbidden' }, status: 403, code: 'forbidden', body }
 */
export interface CallOutcome {
  readonly path: ApiPath
  readonly call: string
  readonly expected: { readonly status: number; readonly code: string | null }
  readonly status: number
  readonly code: string | null
  readonly body: unknown
}
