import { z } from 'zod'
import type { EndpointName } from '../vocabulary/endpoint-rules.js'
import { ERRORS } from '../vocabulary/errors.js'
import { createErrorResponses, RATE_LIMIT_HEADERS } from './create-error-responses.js'
import { createParameters } from './create-parameters.js'
import { schemaRef } from './create-schema-components.js'
import { ENDPOINT_CONTRACTS } from './endpoint-contracts.js'
import type { OpenApiOperation } from './openapi-document.js'

/**
 * The `operationId` of each endpoint's GET: the method name a generated client gives it.
 *
 * @example
 * OPERATION_IDS.projects // 'listProjects'
 */
export const OPERATION_IDS: Readonly<Record<EndpointName, string>> = {
  validate: 'validateApiKey',
  projects: 'listProjects',
  monitoring: 'getMonitoring',
  overview: 'getOverview',
}

const OTHER_METHODS =
  `Any other method on this path (HEAD included) answers 405 \`${ERRORS.methodNotAllowed.error}\` with \`Allow: GET\`, ` +
  'before the key is checked; a preflight (`OPTIONS` with `Access-Control-Request-Method`) answers 204.'

/**
 * The GET operation of one endpoint, from its contract: summary, description (with its X-Project-ID
 * rule), parameters, the 200 with the endpoint's success envelope, and every error response.
 *
 * @example
 * createOperation('overview').responses['200']?.content['application/json'].schema
 * // { $ref: '#/components/schemas/OverviewResponse' }
 */
export function createOperation(name: EndpointName): OpenApiOperation {
  const contract = ENDPOINT_CONTRACTS[name]
  const successId = z.globalRegistry.get(contract.success)?.id
  if (typeof successId !== 'string') throw new Error(`The success schema of ${name} needs an id in its metadata`)
  return {
    operationId: OPERATION_IDS[name],
    summary: contract.summary,
    description: `${contract.description}\n\nX-Project-ID: ${contract.projectHeader}.\n\n${OTHER_METHODS}`,
    parameters: createParameters(contract),
    responses: {
      '200': {
        description: `The success envelope (\`${successId}\`).`,
        headers: RATE_LIMIT_HEADERS,
        content: { 'application/json': { schema: schemaRef(successId) } },
      },
      ...createErrorResponses(name),
    },
  }
}
