import { z } from 'zod'
import type { ErrorTemplate } from '../vocabulary/errors.js'
import { ERROR_CONDITIONS } from './error-conditions.js'
import { errorComponentId, errorKeyOf } from './error-component-id.js'
import { ENDPOINT_CONTRACTS } from './endpoint-contracts.js'
import { errorEnvelopeSchema, errorTemplateSchema } from './envelope-schemas.js'
import type { JsonSchema } from './openapi-document.js'
import { sendsDetail } from './sends-detail.js'
import {
  apiKeyDetailsSchema,
  monitoringDataSchema,
  overviewDataSchema,
  periodSummarySchema,
  projectSchema,
  projectsDataSchema,
  trendSchema,
} from './resource-schemas.js'

/** Every schema of the contract with an `id` in its metadata: each becomes a component of its own. */
const NAMED_SCHEMAS: readonly z.ZodType[] = [
  apiKeyDetailsSchema,
  projectSchema,
  projectsDataSchema,
  trendSchema,
  periodSummarySchema,
  monitoringDataSchema,
  overviewDataSchema,
  ...Object.values(ENDPOINT_CONTRACTS).map((contract) => contract.success),
  errorEnvelopeSchema,
]

/** Where a component's schema lives in the document. */
const componentRef = (id: string) => `#/components/schemas/${id}`

/** The generated schema without the keywords that only a standalone JSON Schema document carries. */
function asComponent(schema: JsonSchema): JsonSchema {
  const { $schema: _schema, $id: _id, ...rest } = schema
  return rest
}

/**
 * The `components.schemas` of the OpenAPI document, from the contract's zod schemas through zod's own
 * `z.toJSONSchema` (JSON Schema 2020-12, the dialect of OpenAPI 3.1): every schema with an `id`, and
 * one exact envelope per error template in `templates`, its `errors.detail` required where every
 * answer carries one ({@link sendsDetail}). References between them point to
 * `#/components/schemas/<id>`.
 *
 * @example
 * createSchemaComponents([ERRORS.forbidden]).Error_forbidden.properties
 */
export function createSchemaComponents(templates: readonly ErrorTemplate[]): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>()
  const ids = new Set<string>()
  const add = (schema: z.ZodType, meta: { id: string }) => {
    if (ids.has(meta.id)) throw new Error(`Two components are named ${meta.id}`)
    ids.add(meta.id)
    registry.add(schema, meta)
  }
  for (const schema of NAMED_SCHEMAS) {
    const id = z.globalRegistry.get(schema)?.id
    if (typeof id !== 'string') throw new Error('Every schema of NAMED_SCHEMAS needs an id in its metadata')
    add(schema, { id })
  }
  for (const template of templates) {
    const code = template.error === undefined ? '`errors` empty' : `\`${template.error}\``
    // The description goes on the schema itself: zod reads metadata other than the id from the global registry.
    // errors.detail is optional, as the spec says ("present in some error responses only"): the
    // sandbox sends one wherever the description says so, and variant-sparse sends none.
    const sent = sendsDetail(template) ? ' The sandbox sends errors.detail with it, except under variant-sparse.' : ''
    add(
      errorTemplateSchema(template).meta({
        description: `${template.status} ${code}: ${ERROR_CONDITIONS[errorKeyOf(template)]}${sent}`,
      }),
      { id: errorComponentId(template) },
    )
  }
  const { schemas } = z.toJSONSchema(registry, { uri: componentRef, unrepresentable: 'throw' })
  // A schema with an id that is not registered above lands in `__shared`, and the refs to it break.
  const stray = Object.keys(schemas).filter((id) => !ids.has(id))
  if (stray.length > 0) throw new Error(`Schemas with an id missing from NAMED_SCHEMAS: ${stray.join(', ')}`)
  return Object.fromEntries(Object.entries(schemas).map(([id, schema]) => [id, openBelowEnvelope(asComponent(schema))]))
}

/** Whether `schema` is an envelope's own object: exactly the six fields, no more, as the spec says. */
const isEnvelope = (schema: JsonSchema): boolean => {
  const properties = schema.properties as Record<string, unknown> | undefined
  return properties !== undefined && 'success' in properties && 'meta_data' in properties
}

/**
 * `schema` with every object below the envelope open to fields the document does not name
 * (`additionalProperties: false` dropped): additive change is how a v1 API grows, and
 * `variant-extra-fields` shows it (docs/decisions/contract.md). The envelope itself stays exactly
 * its six fields.
 */
function openBelowEnvelope(schema: JsonSchema): JsonSchema {
  if (Array.isArray(schema)) return schema.map((item) => openBelowEnvelope(item as JsonSchema)) as unknown as JsonSchema
  if (schema === null || typeof schema !== 'object') return schema
  const open: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(schema)) {
    if (name === 'additionalProperties' && value === false && !isEnvelope(schema)) continue
    open[name] = value !== null && typeof value === 'object' ? openBelowEnvelope(value as JsonSchema) : value
  }
  return open
}

/**
 * A reference to a component's schema.
 *
 * @example
 * schemaRef('ProjectsResponse') // { $ref: '#/components/schemas/ProjectsResponse' }
 */
export function schemaRef(id: string): JsonSchema {
  return { $ref: componentRef(id) }
}
