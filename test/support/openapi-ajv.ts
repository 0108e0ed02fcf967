import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import { createOpenApiDocument } from '../../src/contract/create-openapi-document.js'
import type { JsonSchema, OpenApiResponse } from '../../src/contract/openapi-document.js'
import type { EndpointName } from '../../src/vocabulary/endpoint-rules.js'

const addFormats = addFormatsModule.default

/**
 * ajv for JSON Schema 2020-12 (OpenAPI 3.1's dialect), strict, with `document` (the served
 * `openapi.json` by default) loaded as `openapi.json`.
 */
export function createAjv(document = createOpenApiDocument()): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, allErrors: true })
  addFormats(ajv)
  ajv.addVocabulary(['openapi', 'info', 'servers', 'security', 'paths', 'components'])
  ajv.addSchema(structuredClone(document), 'openapi.json')
  return ajv
}

/** The component references of a response schema: a plain `$ref`, or each of a `oneOf`. */
export const refsOf = (schema: JsonSchema) => ((schema.oneOf as JsonSchema[] | undefined) ?? [schema]).map((entry) => String(entry.$ref))

/** A validator of `openapi.json` for the answers of `GET /<name>` at `status`, as the document gives them. */
export function responseValidator(ajv: Ajv2020, name: EndpointName, status: number, document = createOpenApiDocument()): ValidateFunction {
  const response: OpenApiResponse | undefined = document.paths[`/${name}`]!.get.responses[String(status)]
  const refs = refsOf(response!.content['application/json'].schema)
  return ajv.compile(
    refs.length === 1 ? { $ref: `openapi.json${refs[0]}` } : { oneOf: refs.map((ref) => ({ $ref: `openapi.json${ref}` })) },
  )
}
