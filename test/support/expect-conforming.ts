/**
 * The test suite's self-check: every answer a test receives from the sandbox (over HTTP, through msw,
 * on a raw socket, from the core's dispatch) goes through {@link expectConforming}, which compares it
 * with the contract in `src/contract/` (the schemas the OpenAPI document and `verify` use). A test that
 * asserts less than the contract, or nothing at all about an answer, still fails on an answer that
 * drifted from the contract.
 */
import { checkResponse, toContractIssues, type ContractIssue } from '../../src/contract/check-response.js'
import { endpointOfPath } from '../../src/contract/endpoint-of-path.js'
import { adminErrorEnvelopeSchema, adminSuccessSchema } from '../../src/contract/admin-contracts.js'
import { findAdminOperation } from '../../src/contract/admin-operations.js'
import { ADMIN_BASE_PATH } from '../../src/core/admin/admin-paths.js'

/** One answer as a test received it, with the request it answers. */
export interface ReceivedAnswer {
  /** The request's method as sent; `undefined` when the request could not be read (bytes that are not HTTP). */
  readonly method: string | undefined
  /** The request's absolute URL (fetch, msw). The path checked is the URL's, as fetch sends it. */
  readonly url?: string | undefined
  /**
   * Instead of `url`: the request target exactly as the server (or the core) received it, `path?query`,
   * not normalised (raw sockets, node:http, `dispatch`). `undefined` with `url` also absent: not known.
   */
  readonly target?: string | undefined
  /** Instead of `url` or `target`: the path exactly as the core's `dispatch` received it (its query apart). */
  readonly path?: string | undefined
  /** Where the API is mounted, when not at `/api/v1/` (an msw sandbox without a base URL answers anywhere). */
  readonly basePath?: string | undefined
  readonly status: number
  /** The raw body. */
  readonly text: string
  /** The body as JSON, when the caller has already parsed it (`undefined`: parsed here from `text`). */
  readonly body?: unknown
}

let checked = 0
let skipped = 0

/**
 * How many answers the self-check compared with the contract so far, in this module graph: the
 * files of a worker share it, so a file counts its own as the difference from where it started.
 *
 * @example
 * const before = conformanceChecks(); await transport.request('projects'); conformanceChecks() - before // 1
 */
export function conformanceChecks(): number {
  return checked
}

/**
 * How many answers the self-check let through unchecked so far: preflights, HEAD, 204s and the admin
 * API's successes, which the contract does not describe.
 *
 * @example
 * conformanceSkips() // 0
 */
export function conformanceSkips(): number {
  return skipped
}

/** The request path of `answer`: as given, the URL's path, or the target up to its `?` (as the server splits it). */
function pathOf(answer: ReceivedAnswer): string | undefined {
  if (answer.path !== undefined) return answer.path
  if (answer.url !== undefined) return new URL(answer.url).pathname
  if (answer.target === undefined) return undefined
  const mark = answer.target.indexOf('?')
  return mark === -1 ? answer.target : answer.target.slice(0, mark)
}

function describeRequest(answer: ReceivedAnswer): string {
  const where = answer.url ?? answer.target ?? answer.path
  return `${answer.method ?? '(unreadable request)'} ${where === undefined ? '(unknown target)' : JSON.stringify(where).slice(0, 300)}`
}

function formatIssues(answer: ReceivedAnswer, issues: readonly ContractIssue[]): string {
  const lines = issues.map((issue) => `  ${issue.path}: expected ${issue.expected}, received ${issue.received}`)
  return `${describeRequest(answer)} was answered ${answer.status}, which does not conform to the contract:\n${lines.join('\n')}\nbody: ${answer.text.slice(0, 500)}`
}

/**
 * What is wrong with `answer` by the contract, as a readable message; `undefined` when it conforms or
 * is not the contract's to judge. For callers that collect problems instead of failing at once (the
 * soak test); everyone else calls {@link expectConforming}.
 *
 * @example
 * const problem = conformanceProblem({ method: 'GET', target: '/api/v1/projects', status, text })
 */
export function conformanceProblem(answer: ReceivedAnswer): string | undefined {
  const method = answer.method
  // No body to judge: a preflight, HEAD (node drops the body), or a 204.
  if (method === 'OPTIONS' || method === 'HEAD' || answer.status === 204) {
    skipped++
    return undefined
  }
  const path = pathOf(answer)
  const admin = path?.startsWith(ADMIN_BASE_PATH) === true
  const operation = admin ? findAdminOperation(method ?? '', path!.slice(ADMIN_BASE_PATH.length)) : undefined
  // The OpenAPI documents are not in the envelope.
  if (admin && answer.status < 400 && operation?.data === undefined) {
    skipped++
    return undefined
  }
  checked++
  let body = answer.body
  if (body === undefined) {
    try {
      body = JSON.parse(answer.text)
    } catch {
      return `${describeRequest(answer)} was answered ${answer.status} with a body that is not JSON: ${JSON.stringify(answer.text.slice(0, 300))}`
    }
  }
  let issues: ContractIssue[]
  if (admin) {
    // The admin API's own contract (admin-openapi.json): its operation's success, or its error envelope.
    const shape = (answer.status < 400 ? adminSuccessSchema(operation!) : adminErrorEnvelopeSchema).safeParse(body)
    issues = toContractIssues(shape.error, body)
    if (shape.success && shape.data.code !== answer.status)
      issues.push({ path: 'code', expected: `${answer.status} (the HTTP status)`, received: String(shape.data.code) })
  } else {
    const endpoint = path === undefined ? undefined : endpointOfPath(path, answer.basePath)
    issues = checkResponse({ method: method ?? '(unreadable request)', endpoint }, answer.status, body)
  }
  return issues.length === 0 ? undefined : formatIssues(answer, issues)
}

/**
 * Fails the test unless `answer` conforms to the contract: the exact envelope, the endpoint's `data`
 * on a 200, and on an error a template the endpoint may answer with (status, `errors.error`, message).
 * An unknown path is checked as one (404 and the errors the server answers before routing). The admin
 * API's errors must be error envelopes; its successes, preflights, HEAD and 204s are not checked.
 *
 * @example
 * expectConforming({ method: 'GET', url, status: response.status, text: await response.text() })
 */
export function expectConforming(answer: ReceivedAnswer): void {
  const problem = conformanceProblem(answer)
  if (problem !== undefined) throw new Error(problem)
}
