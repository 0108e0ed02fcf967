import type { z } from 'zod'
import { ENDPOINT_NAMES, type EndpointName } from '../vocabulary/endpoint-rules.js'
import { ERRORS, type ErrorTemplate } from '../vocabulary/errors.js'
import { formatIssuePath } from '../vocabulary/format-issue-path.js'
import { ENDPOINT_CONTRACTS, errorTemplatesFor } from './endpoint-contracts.js'
import { errorEnvelopeSchema, errorTemplateSchema } from './envelope-schemas.js'

/**
 * One difference between an answer and the contract: where, what the contract expects, what was received.
 *
 * @example
 * const issue: ContractIssue = { path: 'data.total', expected: 'number', received: '"3"' }
 */
export interface ContractIssue {
  /** The field, as a user writes it: `data.projects[0].display_name`; `(status)` for the HTTP status. */
  readonly path: string
  readonly expected: string
  readonly received: string
}

/**
 * The request an answer belongs to: its method, and the endpoint its path names (`undefined`: none).
 *
 * @example
 * const request: CheckedRequest = { method: 'GET', endpoint: endpointOfPath(new URL(url).pathname) }
 */
export interface CheckedRequest {
  /**
   * The HTTP method as sent. HTTP methods are case-sensitive: `get` is another method, which the API
   * answers with 405 (`fetch` upper-cases `get` before sending, so a fetch's method is `GET`).
   */
  readonly method: string
  /** The endpoint's name, the path after `/api/v1/` (`projects`); `undefined` for any other path. */
  readonly endpoint: EndpointName | undefined
}

/**
 * What `checkResponse` throws for an endpoint that is none of the API's.
 *
 * @example
 * unknownEndpointMessage('/projects') // 'checkResponse: endpoint must be one of validate, projects, …'
 */
export function unknownEndpointMessage(given: unknown): string {
  return `checkResponse: endpoint must be one of ${ENDPOINT_NAMES.join(', ')} (the path after /api/v1/), or undefined for any other path; got ${JSON.stringify(given) ?? String(given)}`
}

/** Answers the server gives before it knows the route. */
const TRANSPORT_ERRORS: readonly ErrorTemplate[] = [ERRORS.badRequest, ERRORS.requestTimeout, ERRORS.headersTooLarge]

const MISSING = '(missing)'

/**
 * A short, printable form of a received value: JSON, cut at 60 characters; `(missing)` for none.
 *
 * @example
 * describeValue(undefined) // '(missing)'
 */
export function describeValue(value: unknown): string {
  if (value === undefined) return MISSING
  const text = JSON.stringify(value)
  return text.length > 60 ? `${text.slice(0, 59)}…` : text
}

/**
 * An issue at `path`: what the contract expects, and the value received (shown short).
 *
 * @example
 * contractIssue('data.total', '3 (the count of projects returned)', 4)
 */
export function contractIssue(path: string, expected: string, received: unknown): ContractIssue {
  return { path, expected, received: describeValue(received) }
}

function valueAt(body: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let value = body
  for (const segment of path) {
    if (typeof value !== 'object' || value === null) return undefined
    value = (value as Record<PropertyKey, unknown>)[segment]
  }
  return value
}

/** What an issue's code says the contract expects. */
function expectedOf(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.expected
    case 'invalid_value':
      return issue.values.map((value) => JSON.stringify(value)).join(' | ')
    case 'invalid_format':
      return issue.format === 'regex' && 'pattern' in issue ? `a string matching ${String(issue.pattern)}` : `a ${issue.format} string`
    case 'too_small':
      return `${issue.inclusive === false ? '>' : '>='} ${String(issue.minimum)}`
    case 'too_big':
      return `${issue.inclusive === false ? '<' : '<='} ${String(issue.maximum)}`
    default:
      return issue.message
  }
}

/**
 * The issues of a zod result, one per field: a field the contract does not know is reported at its
 * own path, expected absent.
 */
export function toContractIssues(error: z.ZodError | undefined, body: unknown): ContractIssue[] {
  if (error === undefined) return []
  return error.issues.flatMap((issue): ContractIssue[] => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) =>
        contractIssue(formatIssuePath([...issue.path, key]), 'absent (not in the contract)', valueAt(body, [...issue.path, key])),
      )
    }
    if (issue.code === 'invalid_key') {
      return [contractIssue(formatIssuePath(issue.path), 'a known key', valueAt(body, issue.path))]
    }
    return [contractIssue(formatIssuePath(issue.path), expectedOf(issue), valueAt(body, issue.path))]
  })
}

/** The templates an error answer to `request` may be built from. */
function templatesFor(request: CheckedRequest, status: number): readonly ErrorTemplate[] {
  const routeLevel: ErrorTemplate[] =
    request.endpoint === undefined ? [ERRORS.notFound] : request.method === 'GET' ? [] : [ERRORS.methodNotAllowed]
  // The node:http server is no proxy: it answers CONNECT, whose target is not a path, 405 before any route.
  if (request.method === 'CONNECT') routeLevel.push(ERRORS.methodNotAllowed)
  const own = request.endpoint !== undefined && request.method === 'GET' ? errorTemplatesFor(request.endpoint, status) : []
  return [...routeLevel, ...own, ...TRANSPORT_ERRORS].filter((template) => template.status === status)
}

function checkError(request: CheckedRequest, status: number, body: unknown): ContractIssue[] {
  const shape = errorEnvelopeSchema.safeParse(body)
  if (!shape.success) return toContractIssues(shape.error, body)
  const envelope = shape.data
  if (envelope.code !== status) return [contractIssue('code', `${status} (the HTTP status)`, envelope.code)]
  const templates = templatesFor(request, status)
  if (templates.length === 0) {
    const where = request.endpoint === undefined ? 'an unknown path' : `${request.method} /${request.endpoint}`
    return [{ path: '(status)', expected: `a status the contract gives for ${where}`, received: String(status) }]
  }
  const template = templates.find((candidate) => candidate.error === envelope.errors.error)
  if (template === undefined) {
    const codes = [...new Set(templates.map((candidate) => (candidate.error === undefined ? '(no error: empty errors)' : candidate.error)))]
    return [contractIssue('errors.error', codes.join(' | '), envelope.errors.error)]
  }
  return toContractIssues(errorTemplateSchema(template).safeParse(body).error, body)
}

/**
 * Checks one answer of the API against the contract: the exact envelope, the endpoint's `data` on a
 * 200, and on an error the status, `errors.error` code and `message` of a template the endpoint may
 * answer with. An empty list means it conforms. Preflight (`OPTIONS`) answers carry no body and are
 * not checked.
 *
 * @example
 * checkResponse({ method: 'GET', endpoint: 'projects' }, 200, await response.json()) // []
 */
export function checkResponse(request: CheckedRequest, status: number, body: unknown): ContractIssue[] {
  // A name that is no endpoint is the caller's mistake, not the answer's: said as such, not as drift.
  if (request.endpoint !== undefined && !Object.hasOwn(ENDPOINT_CONTRACTS, request.endpoint))
    throw new TypeError(unknownEndpointMessage(request.endpoint))
  if (request.method === 'OPTIONS') return []
  if (status === 200 && request.endpoint !== undefined && request.method === 'GET') {
    const contract = ENDPOINT_CONTRACTS[request.endpoint]
    return toContractIssues(contract.success.safeParse(body).error, body)
  }
  return checkError(request, status, body)
}
