import type { EndpointName } from '../vocabulary/endpoint-rules.js'
import { fail } from './envelope.js'
import { ERRORS, type ErrorTemplate } from '../vocabulary/errors.js'
import { ERROR_CONDITIONS } from './error-conditions.js'
import { errorComponentId, errorKeyOf } from './error-component-id.js'
import { ENDPOINT_CONTRACTS, errorTemplatesSent, namedOnlyByRules } from './endpoint-contracts.js'
import { exampleDetail } from './example-detail.js'
import { schemaRef } from './create-schema-components.js'
import type { OpenApiHeader, OpenApiResponse } from './openapi-document.js'

/** Every error status of the catalogue, ascending. */
const STATUSES = [...new Set(Object.values(ERRORS).map((template: ErrorTemplate) => template.status))].sort((a, b) => a - b)

const wholeNumber = { type: 'integer', minimum: 0 } as const

/**
 * Headers a sandbox scenario adds: `Retry-After` on its 429 and 503, and a rate-limit scenario's
 * counters on every answer it counts.
 *
 * @example
 * RATE_LIMIT_HEADERS['X-RateLimit-Remaining']?.schema // { type: 'integer', minimum: 0 }
 */
export const RATE_LIMIT_HEADERS: Readonly<Record<string, OpenApiHeader>> = {
  'X-RateLimit-Limit': { description: 'Sandbox extension (rate-limit scenarios): requests allowed per window', schema: wholeNumber },
  'X-RateLimit-Remaining': { description: 'Sandbox extension (rate-limit scenarios): requests left in the window', schema: wholeNumber },
  'X-RateLimit-Reset': { description: 'Sandbox extension (rate-limit scenarios): seconds until the window ends', schema: wholeNumber },
}

const RETRY_AFTER: Readonly<Record<string, OpenApiHeader>> = {
  'Retry-After': {
    description: 'Seconds to wait before retrying (a scenario’s `retryAfter`, default 30; a rate limit: until its window ends)',
    schema: wholeNumber,
  },
}

/**
 * The error templates `GET <endpoint>` answers with by itself ({@link errorTemplatesSent}), by
 * status, ascending; statuses it never answers are left out.
 *
 * @example
 * errorTemplatesByStatus('projects').map(([status]) => status) // [400, 401, 403, 404, 408, 429, 431, 500, 503]
 */
export function errorTemplatesByStatus(name: EndpointName): [number, readonly ErrorTemplate[]][] {
  return STATUSES.map((status): [number, readonly ErrorTemplate[]] => [status, errorTemplatesSent(name, status)]).filter(
    ([, templates]) => templates.length > 0,
  )
}

/** One line per template: its code and when it is answered. */
function describeTemplates(templates: readonly ErrorTemplate[]): string {
  return templates
    .map(
      (template) =>
        `- ${template.error === undefined ? '(no `errors.error`)' : `\`${template.error}\``}: ${ERROR_CONDITIONS[errorKeyOf(template)]}`,
    )
    .join('\n')
}

/**
 * The heading of the errors only the sandbox answers, in every error response's description.
 *
 * @example
 * response.description.split(SANDBOX_ONLY_HEADING)[0] // the API's own errors
 */
export const SANDBOX_ONLY_HEADING = 'Only from the sandbox (a scenario, X-Sandbox-Scenario, strict mode) or the transport:'

/** What a 400's description says of the API 400s a scenario rule may name, where the endpoint sends none of them itself. */
function describeNamedByRules(name: EndpointName): string[] {
  const named = namedOnlyByRules(name)
  if (named.length === 0) return []
  const codes = named.map((template) => `\`${template.error}\``).join(', ')
  return [
    `Never answered by this endpoint unless a scenario rule names the code (\`"fail": { "status": 400, "error": "<code>" }\`): ${codes}; ` +
      'such an answer is the component `Error_<code>`.',
  ]
}

/** The description of one status: the API's own errors first, then those only the sandbox produces. */
function describeStatus(name: EndpointName, status: number, templates: readonly ErrorTemplate[]): string {
  const contract = ENDPOINT_CONTRACTS[name]
  const ownTemplates = new Set<ErrorTemplate>([...contract.errors, ERRORS.unauthorized, contract.failure])
  const own = templates.filter((template) => ownTemplates.has(template))
  const sandbox = templates.filter((template) => !ownTemplates.has(template))
  const coded = templates.some((template) => template.error !== undefined)
  const parts = [
    coded
      ? 'The error envelope; `errors.error` is one of these codes.'
      : 'The error envelope, with `errors` empty; `message` is the endpoint’s own.',
  ]
  if (own.length > 0) parts.push(`Answered by the API for this endpoint:\n${describeTemplates(own)}`)
  if (sandbox.length > 0) parts.push(`${SANDBOX_ONLY_HEADING}\n${describeTemplates(sandbox)}`)
  if (status === 400) parts.push(...describeNamedByRules(name))
  return parts.join('\n\n')
}

/**
 * The error responses of `GET <endpoint>`, by status: each a `oneOf` of the exact envelopes of the
 * templates it answers with by itself (a plain `$ref` when there is one), an example of each as the
 * sandbox answers it, a description telling the endpoint's own errors from the sandbox's, and
 * `Retry-After` on 429 and 503.
 *
 * @example
 * createErrorResponses('validate')['403']?.content['application/json'].schema
 * // { $ref: '#/components/schemas/Error_forbidden' }
 */
export function createErrorResponses(name: EndpointName): Record<string, OpenApiResponse> {
  const responses: Record<string, OpenApiResponse> = {}
  for (const [status, templates] of errorTemplatesByStatus(name)) {
    const refs = templates.map((template) => schemaRef(errorComponentId(template)))
    const examples = Object.fromEntries(
      templates.map((template) => [
        errorComponentId(template).replace(/^Error_/, ''),
        { summary: ERROR_CONDITIONS[errorKeyOf(template)], value: fail(template, exampleDetail(template, ENDPOINT_CONTRACTS[name])) },
      ]),
    )
    const headers = status === 429 ? { ...RETRY_AFTER, ...RATE_LIMIT_HEADERS } : status === 503 ? RETRY_AFTER : undefined
    responses[String(status)] = {
      description: describeStatus(name, status, templates),
      ...(headers === undefined ? {} : { headers }),
      content: { 'application/json': { schema: refs.length === 1 ? refs[0]! : { oneOf: refs }, examples } },
    }
  }
  return responses
}
