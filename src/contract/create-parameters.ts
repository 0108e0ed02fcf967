import { z } from 'zod'
import type { EndpointContract, ProjectHeaderRule } from './endpoint-contracts.js'
import type { JsonSchema, OpenApiParameter } from './openapi-document.js'
import { projectIdParameterSchema, scenarioHeaderSchema } from './request-schemas.js'

/** What each X-Project-ID rule means for a client, ahead of the header's own description. */
const PROJECT_HEADER_RULES: Readonly<Record<Exclude<ProjectHeaderRule, 'ignored'>, string>> = {
  optional: 'Optional for every key level; when sent, access to that project is checked.',
  'required for USER keys':
    'Required for USER-level keys (400 `missing_project_id` without it; a blank header counts as missing); optional for PROJECT-level keys, which read their own project.',
}

/** One parameter from a zod schema: its description moves from the schema to the parameter. */
function parameterOf(name: string, where: OpenApiParameter['in'], schema: z.ZodType, rule?: string): OpenApiParameter {
  const inner = schema instanceof z.ZodOptional ? (schema.unwrap() as z.ZodType) : schema
  const { $schema: _schema, description, ...json } = z.toJSONSchema(inner, { io: 'input', unrepresentable: 'throw' }) as JsonSchema
  const text = typeof description === 'string' ? description : ''
  return { name, in: where, required: false, description: rule === undefined ? text : `${rule} ${text}`, schema: json }
}

/**
 * The parameters of an endpoint's GET: X-Project-ID with the endpoint's rule (left out where the
 * API ignores it) as the integer the spec defines, the sandbox's X-Sandbox-Scenario, and the query
 * parameters, from the contract's zod schemas. X-API-Key is the document's security scheme, not a parameter.
 *
 * @example
 * createParameters(ENDPOINT_CONTRACTS.monitoring).map((parameter) => parameter.name)
 * // ['X-Project-ID', 'X-Sandbox-Scenario', 'start_date', 'end_date', 'region', 'provider']
 */
export function createParameters(contract: EndpointContract): OpenApiParameter[] {
  const parameters: OpenApiParameter[] = []
  if (contract.projectHeader !== 'ignored') {
    parameters.push(parameterOf('X-Project-ID', 'header', projectIdParameterSchema, PROJECT_HEADER_RULES[contract.projectHeader]))
  }
  parameters.push(parameterOf('X-Sandbox-Scenario', 'header', scenarioHeaderSchema))
  for (const [name, schema] of Object.entries(contract.query?.shape ?? {})) parameters.push(parameterOf(name, 'query', schema))
  return parameters
}
