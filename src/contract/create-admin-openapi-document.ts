import { LIMITS } from '../vocabulary/limits.js'
import { z } from 'zod'
import { ADMIN_SCHEMAS, adminErrorEnvelopeSchema, adminSuccessSchema } from './admin-contracts.js'
import { ADMIN_OPERATION_LIST, type AdminOperation, type AdminOperationId, type QueryParameter } from './admin-operations.js'
import type { JsonSchema } from './openapi-document.js'

/** The admin API's OpenAPI 3.1 document: a plain JSON object, the same on every call. */
export interface AdminOpenApiDocument {
  readonly openapi: '3.1.0'
  readonly info: { readonly title: string; readonly version: string; readonly description: string }
  readonly servers: readonly { readonly url: string; readonly description: string }[]
  readonly paths: Readonly<Record<string, Readonly<Record<string, unknown>>>>
  readonly components: {
    readonly securitySchemes: Readonly<Record<string, unknown>>
    readonly schemas: Readonly<Record<string, JsonSchema>>
  }
}

const DESCRIPTION = [
  'The admin API of analytics-sandbox, under `/__sandbox/` on the standalone sandbox: scenarios, the request journal, reset, and the portal and the clock (accounts, projects, keys, time).',
  'Generated from the same zod schemas that check fixture files and the bodies these operations take. Every answer is the envelope; an error lists a body’s mistakes in `errors.fields`.',
  'No CORS: a request whose `Origin` is not the sandbox’s own is refused with 403 `forbidden_origin`; bound to loopback, only loopback `Host` names are answered. ' +
    'With an admin token set (`--admin-token`, or made up when bound to another host), every operation but `GET health` needs `X-Sandbox-Admin-Token`.',
  'Sessions: every path here (but the sessions routes) and every path of the public API also answer under `/sessions/{id}/`, for that session alone; an unknown or ended session answers 404 `session_not_found`.',
].join('\n\n')

/** What each path parameter of a route is: a key, a session id (as `POST sessions` makes them), or a project id. */
const PATH_PARAMETER_SCHEMAS: Readonly<Record<string, { readonly schema: JsonSchema; readonly description: string }>> = {
  key: { schema: { type: 'string', minLength: 1 }, description: 'The key, percent-encoded' },
  session: {
    schema: { type: 'string', pattern: '^[A-Za-z0-9_-]+$' },
    description: 'The session id, as POST /__sandbox/sessions answered it',
  },
  id: { schema: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER }, description: 'The project id' },
}

const componentRef = (id: string) => `#/components/schemas/${id}`
const ref = (id: string) => ({ $ref: componentRef(id) })

/** A query parameter's JSON Schema, from the table's description of it. */
function querySchema(parameter: QueryParameter): JsonSchema {
  switch (parameter.kind) {
    case 'whole':
      return { type: 'integer', minimum: parameter.min, maximum: parameter.max }
    case 'text':
      return { type: 'string', minLength: 1, maxLength: parameter.maxChars }
    case 'choice':
      return { type: 'string', enum: [...parameter.values] }
  }
}
const pascal = (text: string) => text.replace(/(^|_)([a-z])/g, (_, __, letter: string) => letter.toUpperCase())

/**
 * The OpenAPI 3.1 document of the admin API, from the table of operations ({@link ADMIN_OPERATION_LIST})
 * and their schemas ({@link ADMIN_SCHEMAS}) through zod's own
 * `z.toJSONSchema`; `admin-openapi.json` is this, written by the build, and `GET
 * /__sandbox/admin-openapi.json` serves the same text.
 *
 * @example
 * createAdminOpenApiDocument().paths['/__sandbox/keys']?.post
 */
export function createAdminOpenApiDocument(): AdminOpenApiDocument {
  const registry = z.registry<{ id: string }>()
  const add = (schema: z.ZodType, id: string) => {
    if (!registry.has(schema)) registry.add(schema, { id })
  }
  add(adminErrorEnvelopeSchema, 'AdminError')
  const ids = new Map<AdminOperationId, { body?: string; answer?: string }>()
  for (const operation of ADMIN_OPERATION_LIST) {
    const name = pascal(operation.id)
    const entry: { body?: string; answer?: string } = {}
    if (operation.body !== undefined) {
      const body = ADMIN_SCHEMAS[operation.body]
      entry.body = z.globalRegistry.get(body)?.id ?? `${name}Body`
      add(body, entry.body)
    }
    if (operation.data !== undefined) {
      entry.answer = `${name}Response`
      add(adminSuccessSchema(operation), entry.answer)
    }
    ids.set(operation.id, entry)
  }
  // Named schemas inside (Project, KeyRecord…) become components of their own, by their ids.
  for (const [schema, meta] of collectNamed(ADMIN_OPERATION_LIST)) add(schema, meta)
  const { schemas } = z.toJSONSchema(registry, { uri: componentRef, unrepresentable: 'any' })
  // A named schema the walk above missed lands in `__shared`, and the refs to it break (#53 found one).
  if ('__shared' in schemas) throw new Error('A named schema of the admin API is not among its components: see collectNamed')
  const paths: Record<string, Record<string, unknown>> = {}
  for (const operation of ADMIN_OPERATION_LIST) {
    const { body, answer } = ids.get(operation.id)!
    const parameter = operation.route.match(/\{(\w+)\}$/)?.[1]
    const parameters = [
      ...(parameter === undefined
        ? []
        : [
            {
              name: parameter,
              in: 'path',
              required: true,
              ...PATH_PARAMETER_SCHEMAS[parameter],
            },
          ]),
      ...Object.entries(operation.query ?? {}).map(([name, parameter]) => ({
        name,
        in: 'query',
        required: false,
        description: parameter.description,
        schema: querySchema(parameter),
      })),
    ]
    const { conflict } = operation
    const success = answer === undefined ? { type: 'object', description: 'An OpenAPI 3.1 document (not in the envelope)' } : ref(answer)
    paths[`/__sandbox/${operation.route}`] ??= {}
    paths[`/__sandbox/${operation.route}`]![operation.method.toLowerCase()] = {
      operationId: operation.id,
      summary: operation.summary,
      ...(parameters.length === 0 ? {} : { parameters }),
      ...(body === undefined
        ? {}
        : { requestBody: { required: operation.bodyOptional !== true, content: { 'application/json': { schema: ref(body) } } } }),
      responses: {
        [String(operation.status)]: { description: 'Done', content: { 'application/json': { schema: success } } },
        '4XX': {
          description: `Refused: a bad body or query (400), no such id or key (404), a foreign origin or a cross-site browser request (403), the admin token (401), a body over ${LIMITS.adminBodyBytes / 1024} KiB (413)`,
          content: { 'application/json': { schema: ref('AdminError') } },
        },
        ...(conflict === undefined
          ? {}
          : { '409': { description: conflict, content: { 'application/json': { schema: ref('AdminError') } } } }),
      },
      ...(operation.open === true ? { security: [] } : {}),
    }
  }
  return {
    openapi: '3.1.0',
    info: { title: 'analytics-sandbox admin API', version: '1.0.0', description: DESCRIPTION },
    servers: [{ url: 'http://127.0.0.1:4010', description: 'The sandbox on its default port' }],
    paths,
    components: {
      securitySchemes: {
        AdminToken: { type: 'apiKey', in: 'header', name: 'X-Sandbox-Admin-Token', description: 'Only when an admin token is set' },
      },
      schemas: Object.fromEntries(Object.entries(schemas).map(([id, schema]) => [id, withoutDocumentKeywords(schema as JsonSchema)])),
    },
  }
}

function withoutDocumentKeywords(schema: JsonSchema): JsonSchema {
  const { $schema: _schema, $id: _id, ...rest } = schema
  return rest
}

/** Every schema with an id in the global registry that the operations' bodies and answers contain. */
function collectNamed(operations: readonly AdminOperation[]): Map<z.ZodType, string> {
  const found = new Map<z.ZodType, string>()
  const visit = (schema: unknown, depth: number): void => {
    if (depth > 12 || typeof schema !== 'object' || schema === null || !('_zod' in schema)) return
    const zod = schema as z.ZodType
    const id = z.globalRegistry.get(zod)?.id
    if (typeof id === 'string') {
      if (found.has(zod)) return
      found.set(zod, id)
    }
    const { def, parent } = (zod as unknown as { _zod: { def: Record<string, unknown>; parent?: unknown } })._zod
    // A schema made by .meta() or .describe() from a named one refers to it as its parent.
    if (parent !== undefined) visit(parent, depth + 1)
    for (const value of Object.values(def)) {
      if (Array.isArray(value)) for (const item of value) visit(item, depth + 1)
      else if (value !== null && typeof value === 'object' && '_zod' in value) visit(value, depth + 1)
      else if (value !== null && typeof value === 'object') for (const inner of Object.values(value)) visit(inner, depth + 1)
    }
  }
  for (const operation of operations) {
    if (operation.body !== undefined) visit(ADMIN_SCHEMAS[operation.body], 0)
    if (operation.data !== undefined) visit(ADMIN_SCHEMAS[operation.data], 0)
  }
  return found
}
