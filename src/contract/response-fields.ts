import { z } from 'zod'
import { ENDPOINT_NAMES, type EndpointName } from '../vocabulary/endpoint-rules.js'
import type { ResponseField } from '../vocabulary/response-fields.js'
import { ENDPOINT_CONTRACTS } from './endpoint-contracts.js'
import type { JsonSchema } from './openapi-document.js'

/** The kind of a leaf's value, from its JSON Schema: a string, a number (or integer), a boolean; else not a leaf. */
function leafOf(schema: JsonSchema): ResponseField['leaf'] {
  const types = [schema.type].flat().filter((type) => type !== 'null')
  const constant = schema.const ?? (Array.isArray(schema.enum) ? schema.enum[0] : undefined)
  const type = types[0] ?? (constant === undefined ? undefined : typeof constant)
  if (type === 'string') return 'string'
  if (type === 'number' || type === 'integer') return 'number'
  if (type === 'boolean') return 'boolean'
  return null
}

/** The schemas a generated JSON Schema names in `$defs`, which `$ref`s point to. */
type Definitions = Readonly<Record<string, JsonSchema>>

/** `schema` itself: a `$ref` followed, a `null` alternative left out (`anyOf: [X, {type: null}]` is X). */
function resolve(schema: JsonSchema, definitions: Definitions): JsonSchema {
  const ref = schema.$ref as string | undefined
  if (ref !== undefined) return resolve(definitions[ref.slice(ref.lastIndexOf('/') + 1)]!, definitions)
  const options = schema.anyOf as JsonSchema[] | undefined
  if (options === undefined) return schema
  const kept = options.filter((option) => option.type !== 'null')
  return kept.length === 1 ? resolve(kept[0]!, definitions) : schema
}

function walk(schema: JsonSchema, path: string, fields: ResponseField[], definitions: Definitions): void {
  const shown = resolve(schema, definitions)
  fields.push({ path, leaf: leafOf(shown) })
  const properties = shown.properties as Record<string, JsonSchema> | undefined
  // A map keyed by topic or provider name (additionalProperties, no properties) is one field, not one per key.
  if (properties !== undefined) for (const [name, inner] of Object.entries(properties)) walk(inner, `${path}.${name}`, fields, definitions)
  const items = shown.items === undefined ? undefined : resolve(shown.items as JsonSchema, definitions)
  const itemProperties = items?.properties as Record<string, JsonSchema> | undefined
  if (shown.type === 'array' && itemProperties !== undefined) {
    for (const [name, inner] of Object.entries(itemProperties)) walk(inner, `${path}[].${name}`, fields, definitions)
  }
}

/**
 * Every documented field of a success answer of `endpoint`, from its zod schema through JSON Schema:
 * the envelope's fields, every nested object and its fields, each field of the objects of a list as
 * `data.projects[].domain`; a map keyed by name is one field. Each says whether it is a leaf (a
 * string, number or boolean) a mutation can retype. In the schema's order, depth first.
 *
 * @example
 * responseFieldsOf('monitoring').map((field) => field.path) // ['success', 'message', …, 'data.visibility_score.history[].score', …]
 */
export function responseFieldsOf(endpoint: EndpointName): ResponseField[] {
  const generated = z.toJSONSchema(ENDPOINT_CONTRACTS[endpoint].success, { io: 'output', unrepresentable: 'any' }) as JsonSchema
  const definitions = (generated.$defs ?? {}) as Definitions
  const schema = resolve(generated, definitions)
  const fields: ResponseField[] = []
  for (const [name, inner] of Object.entries(schema.properties as Record<string, JsonSchema>)) walk(inner, name, fields, definitions)
  return fields
}

/**
 * {@link responseFieldsOf} for every endpoint: what `src/vocabulary/response-fields.ts` holds,
 * written from this by the build (a test compares them).
 *
 * @example
 * allResponseFields().projects.length
 */
export function allResponseFields(): Record<EndpointName, ResponseField[]> {
  return Object.fromEntries(ENDPOINT_NAMES.map((name) => [name, responseFieldsOf(name)])) as Record<EndpointName, ResponseField[]>
}

/**
 * The text of `src/vocabulary/response-field-list.ts`: {@link allResponseFields} as a constant
 * the sandbox imports without zod, in the form the formatter keeps.
 *
 * @example
 * writeFileSync('src/vocabulary/response-field-list.ts', formatResponseFieldList())
 */
export function formatResponseFieldList(): string {
  const lines = [
    '// Written by `npm run build` from the contract (src/contract/response-fields.ts): edit that, not this.',
    "import type { EndpointName } from './endpoint-rules.js'",
    "import type { ResponseField } from './response-fields.js'",
    '',
    '/**',
    ' * Every documented field of each endpoint’s success answer, derived from the contract’s response',
    ' * schemas: what `mutate`’s mutations are made from.',
    ' *',
    ' * @example',
    " * RESPONSE_FIELD_LIST.overview.find((field) => field.path === 'data.visibility_score.trend')?.leaf // 'string'",
    ' */',
    'export const RESPONSE_FIELD_LIST: Readonly<Record<EndpointName, readonly ResponseField[]>> = {',
  ]
  for (const [endpoint, fields] of Object.entries(allResponseFields())) {
    lines.push(`  ${endpoint}: [`)
    for (const { path, leaf } of fields) lines.push(`    { path: '${path}', leaf: ${leaf === null ? 'null' : `'${leaf}'`} },`)
    lines.push('  ],')
  }
  lines.push('}', '')
  return lines.join('\n')
}
