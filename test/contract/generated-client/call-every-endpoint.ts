/**
 * A client of the API as a user would write it: types generated from the sandbox's OpenAPI
 * document by openapi-typescript, calls made with openapi-fetch. It calls every endpoint and every
 * error the document lists for it, with nothing but the document's types to go by.
 *
 * It is type-checked strictly and run by `test/contract/generated-client.test.ts`, which generates
 * `./openapi-types.ts` into a temporary folder first; the repository's own type check leaves this
 * file out (tsconfig.test.json), as that file is not there. Two kinds of check:
 * - the compiler's: `DocumentPromises` and the `code` each call expects fail `tsc` when the
 *   document drifts from what a client meets;
 * - the run's: each call returns what it met, for the test to compare with what it expected and
 *   with the document's schemas.
 */
import { request as httpRequest } from 'node:http'
import createClient from 'openapi-fetch'
import type { components, paths } from './openapi-types.js'
import type { ApiPath, CallOutcome, ClientBases } from './outcome.js'

// ---------------------------------------------------------------------------------------------
// What the document promises, checked by the compiler
// ---------------------------------------------------------------------------------------------

/** `true` when `A` and `B` are the same type. */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false
type Expect<T extends true> = T

type Responses<P extends ApiPath> = paths[P]['get']['responses']
/** The JSON bodies the document gives `GET <P>` at `S` (a union of statuses: the union of their bodies). */
type Body<P extends ApiPath, S> = S extends keyof Responses<P>
  ? Responses<P>[S] extends { content: { 'application/json': infer B } }
    ? B
    : never
  : never
/** The `errors.error` codes of those bodies. */
type Codes<P extends ApiPath, S> = Body<P, S> extends infer B ? (B extends { errors: { error: infer C } } ? C : never) : never
/** The codes the document gives at `S` on every path of `P`: the intersection of each one's. */
type CodesOnEvery<P extends ApiPath, S> = (P extends ApiPath ? (codes: Codes<P, S>) => void : never) extends (codes: infer C) => void
  ? C
  : never
/** The `errors.error` a call to every path of `P` may expect at `S`: one of the document's codes, or `null` where it has none. */
type ExpectedCode<P extends ApiPath, S> = S extends 200 ? null : [CodesOnEvery<P, S>] extends [never] ? null : CodesOnEvery<P, S> & string

type HeaderParameters<P extends ApiPath> = NonNullable<paths[P]['get']['parameters']['header']>
type AnalyticsQuery = NonNullable<paths['/monitoring']['get']['parameters']['query']>
/** Every status but 200 and 500 the document gives `GET <P>`: each an error with a code. */
type CodedStatus<P extends ApiPath> = Exclude<keyof Responses<P>, 200 | 500>

type Analytics400 =
  | 'missing_project_id'
  | 'invalid_project_id'
  | 'invalid_date'
  | 'invalid_date_range'
  | 'date_range_too_large'
  | 'invalid_provider'
  | 'invalid_region'
/** The 400s only the sandbox answers, on every endpoint: a forced 400, an unknown scenario, strict mode's. */
type Sandbox400 = 'bad_request' | 'unknown_scenario' | 'unknown_parameter' | 'body_on_get' | 'key_in_query'

/** What the document promises a generated client; `tsc` fails on the first it breaks. */
export type DocumentPromises = [
  // X-Project-ID takes the `id` of a project as /projects lists it: an integer.
  Expect<Equal<HeaderParameters<'/monitoring'>['X-Project-ID'], components['schemas']['Project']['id'] | undefined>>,
  Expect<Equal<HeaderParameters<'/overview'>['X-Project-ID'], number | undefined>>,
  Expect<Equal<HeaderParameters<'/validate'>['X-Project-ID'], number | undefined>>,
  // region and provider take any case, as the server matches them.
  Expect<Equal<AnalyticsQuery['region'], string | undefined>>,
  Expect<Equal<AnalyticsQuery['provider'], string | undefined>>,
  // Every error with a code may have its detail (the spec: "present in some error responses only"); a 500's errors is empty.
  Expect<Equal<Body<'/validate', CodedStatus<'/validate'>>['errors']['detail'], string | undefined>>,
  Expect<Equal<Body<'/projects', CodedStatus<'/projects'>>['errors']['detail'], string | undefined>>,
  Expect<Equal<Body<'/monitoring', CodedStatus<'/monitoring'>>['errors']['detail'], string | undefined>>,
  Expect<Equal<Body<'/overview', CodedStatus<'/overview'>>['errors']['detail'], string | undefined>>,
  Expect<Equal<Body<'/monitoring', 500>['errors'], Record<string, never>>>,
  // Each endpoint's 400 lists the codes it answers with, and no other.
  Expect<
    Equal<
      Codes<'/validate', 400>,
      'invalid_project_id' | 'bad_request' | 'unknown_scenario' | 'unknown_parameter' | 'ignored_parameter' | 'body_on_get' | 'key_in_query'
    >
  >,
  Expect<Equal<Codes<'/projects', 400>, Sandbox400 | 'ignored_parameter' | 'ignored_project_id'>>,
  Expect<Equal<Codes<'/monitoring', 400>, Analytics400 | Sandbox400>>,
  Expect<Equal<Codes<'/overview', 400>, Analytics400 | Sandbox400>>,
]

// ---------------------------------------------------------------------------------------------
// The calls
// ---------------------------------------------------------------------------------------------

/** A documented key of the sandbox's default data: USER level, account 1 (projects 101 to 103). */
const USER_KEY = 'sbx_user_alpha'
/** A project of account 2, which account 1's key may not read. */
const OTHER_ACCOUNTS_PROJECT = 201
const PATHS: readonly ApiPath[] = ['/validate', '/projects', '/monitoring', '/overview']

/** What openapi-fetch answers, as far as these checks read it. */
interface CallResult {
  readonly data?: unknown
  readonly error?: { [P in ApiPath]: Body<P, Exclude<keyof Responses<P>, 200>> }[ApiPath]
  readonly response: Response
}

/**
 * A `fetch` for a GET with a body, which `fetch` itself refuses to send: the request as given, and
 * a body of 2 bytes.
 */
function fetchWithBody(request: Request): Promise<Response> {
  return new Promise((resolve, reject) => {
    const headers = { ...Object.fromEntries(request.headers), 'content-length': '2' }
    const outgoing = httpRequest(request.url, { method: request.method, headers }, (incoming) => {
      const chunks: Buffer[] = []
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
      incoming.on('error', reject)
      incoming.on('end', () =>
        resolve(
          new Response(new Uint8Array(Buffer.concat(chunks)), {
            status: incoming.statusCode ?? 0,
            headers: { 'content-type': String(incoming.headers['content-type']) },
          }),
        ),
      )
    })
    outgoing.on('error', reject)
    outgoing.end('{}')
  })
}

/** What a call to any path may add: the typed parameters every path shares, and what a typed client cannot say. */
interface CallOptions {
  /** X-Project-ID, where the path takes it. */
  readonly projectId?: number
  readonly scenario?: string
  /** Raw headers on top of the client's (`null` removes one). */
  readonly headers?: Readonly<Record<string, string | null>>
  /** A raw query string: parameters the document does not give the path. */
  readonly query?: string
  readonly baseUrl?: string
  readonly fetch?: (request: Request) => Promise<Response>
}

/**
 * Calls every endpoint and each error the document lists for it, with the typed client, and returns
 * what each call met. 408 is left out: only a request that arrives too slowly gets it, which
 * `fetch` cannot send.
 *
 * @example
 * const outcomes = await callEveryEndpoint({ api: sandbox.url, strict: strict.url, forbidden: …, notFound: … })
 */
export async function callEveryEndpoint(bases: ClientBases): Promise<CallOutcome[]> {
  const client = createClient<paths>({ baseUrl: bases.api, headers: { 'X-API-Key': USER_KEY } })
  const calls: (() => Promise<CallOutcome>)[] = []

  /** Adds a call that expects `status` and, the compiler checks, one of the codes the document gives there on every path of `path`. */
  function expectCall<P extends ApiPath, S extends 200 | (keyof Responses<P> & number)>(
    path: P,
    status: S,
    code: ExpectedCode<P, S>,
    call: string,
    send: () => Promise<CallResult>,
  ): void {
    calls.push(async () => {
      const result = await send()
      const { error, response } = result
      let received: string | null = null
      if (error !== undefined && error.code !== 500) {
        // The sandbox's default answers carry a detail with every error that has a code.
        const detail = error.errors.detail
        if (detail === undefined || detail.length === 0) throw new Error(`GET ${path}, ${call}: no errors.detail`)
        received = error.errors.error
      }
      return { path, call, expected: { status, code }, status: response.status, code: received, body: error ?? result.data }
    })
  }

  /** A call to any path, with the typed parameters it takes. */
  function get(path: ApiPath, options: CallOptions = {}): Promise<CallResult> {
    const { query, projectId, scenario } = options
    const init = {
      ...(options.headers === undefined ? {} : { headers: options.headers }),
      ...(options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl }),
      ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
      ...(query === undefined ? {} : { querySerializer: () => query }),
    }
    switch (path) {
      case '/validate':
        return client.GET('/validate', { ...init, params: { header: { 'X-Project-ID': projectId, 'X-Sandbox-Scenario': scenario } } })
      case '/projects':
        return client.GET('/projects', { ...init, params: { header: { 'X-Sandbox-Scenario': scenario } } })
      case '/monitoring':
        return client.GET('/monitoring', { ...init, params: { header: { 'X-Project-ID': projectId, 'X-Sandbox-Scenario': scenario } } })
      case '/overview':
        return client.GET('/overview', { ...init, params: { header: { 'X-Project-ID': projectId, 'X-Sandbox-Scenario': scenario } } })
    }
  }

  /** An analytics call with a typed query. */
  function getAnalytics(path: '/monitoring' | '/overview', query: AnalyticsQuery, projectId?: number): Promise<CallResult> {
    const init = { params: { header: { 'X-Project-ID': projectId }, query } }
    return path === '/monitoring' ? client.GET('/monitoring', init) : client.GET('/overview', init)
  }

  // A project's id as /projects lists it goes into X-Project-ID as it is: both are integers.
  const listed = await client.GET('/projects')
  const projectId = listed.data?.data.projects[0]?.id
  if (projectId === undefined) throw new Error(`GET /projects listed no project: ${JSON.stringify(listed.error)}`)

  expectCall('/validate', 200, null, "the key's details", () => client.GET('/validate'))
  expectCall('/validate', 200, null, 'a project of the account', () =>
    client.GET('/validate', { params: { header: { 'X-Project-ID': projectId } } }),
  )
  expectCall('/validate', 400, 'invalid_project_id', 'X-Project-ID 0', () =>
    client.GET('/validate', { params: { header: { 'X-Project-ID': 0 } } }),
  )
  expectCall('/validate', 403, 'forbidden', 'a project of another account', () =>
    client.GET('/validate', { params: { header: { 'X-Project-ID': OTHER_ACCOUNTS_PROJECT } } }),
  )
  expectCall('/validate', 400, 'ignored_parameter', 'strict mode, start_date', () =>
    get('/validate', { baseUrl: bases.strict, query: 'start_date=2026-02-01' }),
  )
  expectCall('/projects', 200, null, "the account's projects", () => client.GET('/projects'))
  expectCall('/projects', 400, 'ignored_parameter', 'strict mode, start_date', () =>
    get('/projects', { baseUrl: bases.strict, query: 'start_date=2026-02-01' }),
  )
  expectCall('/projects', 400, 'ignored_project_id', 'strict mode, X-Project-ID', () =>
    get('/projects', { baseUrl: bases.strict, headers: { 'X-Project-ID': String(projectId) } }),
  )

  for (const path of ['/monitoring', '/overview'] as const) {
    expectCall(path, 200, null, 'region and provider in another case', () =>
      getAnalytics(path, { region: 'us', provider: 'ChatGPT' }, projectId),
    )
    expectCall(path, 200, null, 'a range', () => getAnalytics(path, { start_date: '2026-02-01', end_date: '2026-02-07' }, projectId))
    expectCall(path, 400, 'missing_project_id', 'a USER key without X-Project-ID', () => getAnalytics(path, {}))
    expectCall(path, 400, 'invalid_project_id', 'X-Project-ID 0', () => getAnalytics(path, {}, 0))
    expectCall(path, 403, 'forbidden', 'a project of another account', () => getAnalytics(path, {}, OTHER_ACCOUNTS_PROJECT))
    expectCall(path, 400, 'invalid_date', 'an impossible start_date', () => getAnalytics(path, { start_date: '2026-02-30' }, projectId))
    expectCall(path, 400, 'invalid_date_range', 'end_date before start_date', () =>
      getAnalytics(path, { start_date: '2026-02-10', end_date: '2026-02-01' }, projectId),
    )
    expectCall(path, 400, 'date_range_too_large', 'two years', () =>
      getAnalytics(path, { start_date: '2024-01-01', end_date: '2026-01-01' }, projectId),
    )
    expectCall(path, 400, 'invalid_provider', 'an unknown provider', () => getAnalytics(path, { provider: 'openai' }, projectId))
    expectCall(path, 400, 'invalid_region', 'an unknown region', () => getAnalytics(path, { region: 'XX' }, projectId))
  }

  for (const path of PATHS) {
    // /projects takes no X-Project-ID; the others read project 101, so each call gets past the project check.
    const project = { projectId }
    expectCall(path, 401, 'unauthorized', 'no API key', () => get(path, { ...project, headers: { 'X-API-Key': null } }))
    expectCall(path, 400, 'bad_request', 'the bad-request scenario', () => get(path, { ...project, scenario: 'bad-request' }))
    expectCall(path, 400, 'unknown_scenario', 'an unknown scenario', () => get(path, { ...project, scenario: 'flakey' }))
    expectCall(path, 400, 'unknown_parameter', 'strict mode, startDate', () =>
      get(path, { ...project, baseUrl: bases.strict, query: 'startDate=2026-02-01' }),
    )
    expectCall(path, 400, 'body_on_get', 'strict mode, a body', () =>
      get(path, { ...project, baseUrl: bases.strict, fetch: fetchWithBody }),
    )
    expectCall(path, 400, 'key_in_query', 'strict mode, the key in the query', () =>
      get(path, { ...project, baseUrl: bases.strict, query: `api_key=${USER_KEY}` }),
    )
    expectCall(path, 403, 'forbidden', 'a scenario forcing 403', () => get(path, { ...project, baseUrl: bases.forbidden }))
    expectCall(path, 404, 'not_found', 'a scenario forcing 404', () => get(path, { ...project, baseUrl: bases.notFound }))
    expectCall(path, 429, 'rate_limited', 'the rate-limited scenario', () => get(path, { ...project, scenario: 'rate-limited' }))
    expectCall(path, 431, 'request_header_fields_too_large', 'headers over 16 KiB', () =>
      get(path, { ...project, headers: { 'X-Padding': 'x'.repeat(17_000) } }),
    )
    expectCall(path, 500, null, 'the server-error scenario', () => get(path, { ...project, scenario: 'server-error' }))
    expectCall(path, 503, 'service_unavailable', 'the service-unavailable scenario', () =>
      get(path, { ...project, scenario: 'service-unavailable' }),
    )
  }

  const outcomes: CallOutcome[] = []
  for (const call of calls) outcomes.push(await call())
  return outcomes
}
