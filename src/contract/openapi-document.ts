/**
 * The parts of an OpenAPI 3.1 document that `createOpenApiDocument` writes: enough to type what it
 * builds, not the whole specification. Schemas are JSON Schema 2020-12, as OpenAPI 3.1 takes them.
 */

/**
 * A JSON Schema (2020-12) object, as `z.toJSONSchema` gives it.
 *
 * @example
 * const schema: JsonSchema = { $ref: '#/components/schemas/ProjectsResponse' }
 */
export type JsonSchema = { readonly [keyword: string]: unknown }

/**
 * A header or query parameter of an operation.
 *
 * @example
 * const parameter: OpenApiParameter = { name: 'X-Project-ID', in: 'header', required: false, description: '…', schema: { type: 'string' } }
 */
export interface OpenApiParameter {
  readonly name: string
  readonly in: 'header' | 'query'
  readonly required: boolean
  readonly description: string
  readonly schema: JsonSchema
}

/**
 * A response header.
 *
 * @example
 * const header: OpenApiHeader = { description: 'Seconds to wait', schema: { type: 'integer', minimum: 0 } }
 */
export interface OpenApiHeader {
  readonly description: string
  readonly schema: JsonSchema
}

/**
 * One response of an operation: always JSON, the envelope.
 *
 * @example
 * const response: OpenApiResponse = { description: 'OK', content: { 'application/json': { schema: { $ref: '#/components/schemas/ProjectsResponse' } } } }
 */
export interface OpenApiResponse {
  readonly description: string
  readonly headers?: Readonly<Record<string, OpenApiHeader>>
  readonly content: {
    readonly 'application/json': {
      readonly schema: JsonSchema
      readonly examples?: Readonly<Record<string, { readonly summary: string; readonly value: unknown }>>
    }
  }
}

/**
 * The GET operation of one endpoint.
 *
 * @example
 * document.paths['/projects']?.get.operationId // 'listProjects'
 */
export interface OpenApiOperation {
  readonly operationId: string
  readonly summary: string
  readonly description: string
  readonly parameters: readonly OpenApiParameter[]
  /** By status code, as a string (`'200'`, `'400'`, …). */
  readonly responses: Readonly<Record<string, OpenApiResponse>>
}

/**
 * The OpenAPI 3.1 document of the API, as `createOpenApiDocument` builds it and `openapi.json` holds it.
 *
 * @example
 * const document: OpenApiDocument = createOpenApiDocument()
 * document.components.schemas.ProjectsResponse
 */
export interface OpenApiDocument {
  readonly openapi: '3.1.0'
  readonly info: { readonly title: string; readonly version: string; readonly description: string }
  readonly servers: readonly { readonly url: string; readonly description: string }[]
  readonly security: readonly Readonly<Record<string, readonly string[]>>[]
  readonly paths: Readonly<Record<string, { readonly get: OpenApiOperation }>>
  readonly components: {
    readonly securitySchemes: Readonly<
      Record<string, { readonly type: 'apiKey'; readonly in: 'header'; readonly name: string; readonly description: string }>
    >
    readonly schemas: Readonly<Record<string, JsonSchema>>
  }
}
