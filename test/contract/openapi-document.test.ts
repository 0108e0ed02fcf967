import { Validator } from '@seriousme/openapi-schema-validator'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createOpenApiDocument } from '../../src/contract/create-openapi-document.js'
import { OPERATION_IDS } from '../../src/contract/create-operation.js'
import { ENDPOINT_CONTRACTS, errorTemplatesFor } from '../../src/contract/endpoint-contracts.js'
import { ERROR_CONDITIONS } from '../../src/contract/error-conditions.js'
import { errorComponentId, errorKeyOf } from '../../src/contract/error-component-id.js'
import type { JsonSchema, OpenApiResponse } from '../../src/contract/openapi-document.js'
import { analyticsQuerySchema } from '../../src/contract/request-schemas.js'
import type { EndpointName } from '../../src/vocabulary/endpoint-names.js'
import { fail } from '../../src/contract/envelope.js'
import { ERRORS, type ErrorTemplate } from '../../src/vocabulary/errors.js'
import { startSandbox, type RunningSandbox } from '../../src/server/start-sandbox.js'
import { TODAY, USER, USER_101 } from '../api/contract/fixtures.js'

const addFormats = addFormatsModule.default
const document = createOpenApiDocument()
const ENDPOINTS = Object.keys(ENDPOINT_CONTRACTS) as EndpointName[]
const STATUSES = [...new Set(Object.values(ERRORS).map((template: ErrorTemplate) => template.status))].sort((a, b) => a - b)
const SANDBOX_ONLY_HEADING = 'Only when a sandbox scenario forces it'
const COMPONENTS = '#/components/schemas/'

const operation = (name: EndpointName) => document.paths[`/${name}`]!.get
const jsonSchemaOf = (response: OpenApiResponse | undefined) => response!.content['application/json'].schema
/** The component references of a response schema: a plain `$ref`, or each of a `oneOf`. */
const refsOf = (schema: JsonSchema) => ((schema.oneOf as JsonSchema[] | undefined) ?? [schema]).map((entry) => String(entry.$ref))

/** Every `$ref` anywhere in a value. */
function collectRefs(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) collectRefs(item, found)
  else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string') found.push(item)
      else collectRefs(item, found)
    }
  }
  return found
}

/** ajv for JSON Schema 2020-12 (OpenAPI 3.1's dialect), strict, with the document loaded as `openapi.json`. */
function createAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, allErrors: true })
  addFormats(ajv)
  ajv.addVocabulary(['openapi', 'info', 'servers', 'security', 'paths', 'components'])
  ajv.addSchema(structuredClone(document), 'openapi.json')
  return ajv
}

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1 according to @seriousme/openapi-schema-validator', async () => {
    const validator = new Validator()
    const result = await validator.validate(structuredClone(document) as unknown as Record<string, unknown>)
    expect(result.errors).toBeUndefined()
    expect(result.valid).toBe(true)
    expect(validator.version).toBe('3.1')
  })

  it('is the same on every call: no dates, no randomness', () => {
    expect(JSON.stringify(createOpenApiDocument())).toBe(JSON.stringify(document))
  })

  it('has component schemas that compile as JSON Schema 2020-12 under ajv strict mode, without $schema or $id inside', () => {
    const ajv = createAjv()
    for (const [id, schema] of Object.entries(document.components.schemas)) {
      expect(schema, id).not.toHaveProperty('$schema')
      expect(schema, id).not.toHaveProperty('$id')
      expect(() => ajv.compile({ $ref: `openapi.json${COMPONENTS}${id}` }), id).not.toThrow()
    }
  })

  it('resolves every $ref to a component schema of the document', () => {
    const refs = new Set(collectRefs(document))
    expect(refs.size).toBeGreaterThan(20)
    for (const ref of refs) {
      expect(ref.startsWith(COMPONENTS), ref).toBe(true)
      expect(Object.hasOwn(document.components.schemas, ref.slice(COMPONENTS.length)), ref).toBe(true)
    }
  })

  it('authenticates every operation with the X-API-Key header, and nothing else', () => {
    expect(document.components.securitySchemes).toEqual({
      ApiKeyAuth: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-API-Key' }),
    })
    expect(document.security).toEqual([{ ApiKeyAuth: [] }])
    for (const name of ENDPOINTS) expect(operation(name).parameters.map((parameter) => parameter.name)).not.toContain('X-API-Key')
  })

  it('describes exactly the four endpoints, each a GET with its operationId, summary, X-Project-ID rule and the 405 of other methods', () => {
    expect(Object.keys(document.paths)).toEqual(ENDPOINTS.map((name) => `/${name}`))
    for (const name of ENDPOINTS) {
      expect(Object.keys(document.paths[`/${name}`]!)).toEqual(['get'])
      expect(operation(name)).toMatchObject({ operationId: OPERATION_IDS[name], summary: ENDPOINT_CONTRACTS[name].summary })
      expect(operation(name).description).toContain(ENDPOINT_CONTRACTS[name].description)
      expect(operation(name).description).toContain(`X-Project-ID: ${ENDPOINT_CONTRACTS[name].projectHeader}`)
      expect(operation(name).description).toContain(`405 \`${ERRORS.methodNotAllowed.error}\``)
    }
  })

  it('takes X-Project-ID (except where ignored), X-Sandbox-Scenario and the analytics query from the request schemas', () => {
    const names = (name: EndpointName) => operation(name).parameters.map((parameter) => `${parameter.in} ${parameter.name}`)
    const query = Object.keys(analyticsQuerySchema.shape).map((name) => `query ${name}`)
    expect(names('validate')).toEqual(['header X-Project-ID', 'header X-Sandbox-Scenario'])
    expect(names('projects')).toEqual(['header X-Sandbox-Scenario'])
    expect(names('monitoring')).toEqual(['header X-Project-ID', 'header X-Sandbox-Scenario', ...query])
    expect(names('overview')).toEqual(names('monitoring'))
    for (const parameter of operation('monitoring').parameters) {
      expect(parameter.required, parameter.name).toBe(false)
      expect(parameter.description.length, parameter.name).toBeGreaterThan(20)
      expect(parameter.schema, parameter.name).toHaveProperty('type', 'string')
    }
    const projectHeader = operation('monitoring').parameters.find((parameter) => parameter.name === 'X-Project-ID')
    expect(projectHeader?.description).toContain(`\`${ERRORS.missingProjectId.error}\``)
  })

  it.each(ENDPOINTS)(
    'gives GET /%s a 200 with its success envelope and, per status, one schema, example and line per error template',
    (name) => {
      const { responses } = operation(name)
      expect(refsOf(jsonSchemaOf(responses['200']))).toEqual([`${COMPONENTS}${String(ENDPOINT_CONTRACTS[name].success.meta()?.id)}`])
      const statuses = STATUSES.filter((status) => errorTemplatesFor(name, status).length > 0)
      expect(Object.keys(responses)).toEqual(['200', ...statuses.map(String)])
      for (const status of statuses) {
        const templates = errorTemplatesFor(name, status)
        const response = responses[String(status)]!
        expect(refsOf(jsonSchemaOf(response)), `${status}`).toEqual(
          templates.map((template) => `${COMPONENTS}${errorComponentId(template)}`),
        )
        const examples = Object.values(response.content['application/json'].examples ?? {}).map((example) => example.value)
        expect(examples, `${status}`).toEqual(templates.map((template) => fail(template)))
        for (const template of templates) {
          if (template.error !== undefined) expect(response.description).toContain(`\`${template.error}\``)
          expect(response.description).toContain(ERROR_CONDITIONS[errorKeyOf(template)])
        }
        if (status === 429 || status === 503) expect(Object.keys(response.headers ?? {}), `${status}`).toContain('Retry-After')
      }
    },
  )

  it('tells the errors an endpoint answers itself from those only a sandbox scenario or the transport produces', () => {
    const [own, sandboxOnly] = operation('validate').responses['400']!.description.split(SANDBOX_ONLY_HEADING) as [string, string]
    expect(own).toContain(`\`${ERRORS.invalidProjectId.error}\``)
    expect(own).not.toContain(`\`${ERRORS.badRequest.error}\``)
    expect(sandboxOnly).toContain(`\`${ERRORS.badRequest.error}\``)
    expect(sandboxOnly).toContain(`\`${ERRORS.missingProjectId.error}\``)
    expect(operation('monitoring').responses['400']!.description.split(SANDBOX_ONLY_HEADING)[0]).toContain(
      `\`${ERRORS.missingProjectId.error}\``,
    )
    expect(operation('projects').responses['401']!.description).not.toContain(SANDBOX_ONLY_HEADING)
    expect(operation('projects').responses['429']!.description.split(SANDBOX_ONLY_HEADING)[0]).not.toContain(
      `\`${ERRORS.rateLimited.error}\``,
    )
  })

  it('names one component per error template, uniquely, after its code or (for a 500) its name, and describes when it is answered', () => {
    const ids = Object.values(ERRORS).map((template: ErrorTemplate) => errorComponentId(template))
    expect(new Set(ids).size).toBe(ids.length)
    expect(errorComponentId(ERRORS.missingProjectId)).toBe(`Error_${ERRORS.missingProjectId.error}`)
    expect(errorComponentId(ERRORS.validateFailed)).toBe('Error_validate_failed')
    expect(document.components.schemas[errorComponentId(ERRORS.forbidden)]?.description).toContain(ERROR_CONDITIONS.forbidden)
  })
})

describe('the OpenAPI document against the running sandbox', () => {
  let sandbox: RunningSandbox
  const ajv = createAjv()
  const compileRefs = (refs: readonly string[]) =>
    ajv.compile(refs.length === 1 ? { $ref: `openapi.json${refs[0]}` } : { oneOf: refs.map((ref) => ({ $ref: `openapi.json${ref}` })) })
  /** A validator for the schema the document gives a response of `GET <name>` at `status`. */
  const validatorFor = (name: EndpointName, status: number) => compileRefs(refsOf(jsonSchemaOf(operation(name).responses[String(status)])))
  const get = async (name: EndpointName, headers: Record<string, string>, query = '') => {
    const response = await fetch(`${sandbox.url}${name}${query}`, { headers })
    return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> }
  }

  beforeAll(async () => {
    sandbox = await startSandbox({ now: TODAY })
  })
  afterAll(async () => {
    await sandbox.close()
  })

  it.each(ENDPOINTS)(
    'accepts the sandbox’s 200 answer of GET /%s with the 200 schema, and rejects it with a field renamed',
    async (name) => {
      const answer = await get(name, USER_101)
      expect(answer.status).toBe(200)
      const validate = validatorFor(name, 200)
      expect(validate(answer.body), JSON.stringify(validate.errors)).toBe(true)
      const { message, ...rest } = answer.body
      expect(validate({ ...rest, msg: message })).toBe(false)
    },
  )

  const errorCases: readonly [string, EndpointName, Record<string, string>, string, ErrorTemplate][] = [
    ['a USER key without X-Project-ID', 'monitoring', USER, '', ERRORS.missingProjectId],
    ['an impossible start_date', 'overview', USER_101, '?start_date=2026-02-30', ERRORS.invalidDate],
    ['a project of another account', 'validate', { ...USER, 'X-Project-ID': '201' }, '', ERRORS.forbidden],
    ['no API key', 'projects', {}, '', ERRORS.unauthorized],
    ['the server-error scenario', 'monitoring', { ...USER_101, 'X-Sandbox-Scenario': 'server-error' }, '', ERRORS.monitoringFailed],
    ['the rate-limited scenario', 'projects', { ...USER, 'X-Sandbox-Scenario': 'rate-limited' }, '', ERRORS.rateLimited],
  ]

  it.each(errorCases)(
    'accepts the answer to %s with its status’s schema and its template’s component, and rejects a renamed field',
    async (_case, name, headers, query, template) => {
      const answer = await get(name, headers, query)
      expect(answer.status).toBe(template.status)
      const byStatus = validatorFor(name, template.status)
      expect(byStatus(answer.body), JSON.stringify(byStatus.errors)).toBe(true)
      const component = compileRefs([`${COMPONENTS}${errorComponentId(template)}`])
      expect(component(answer.body), JSON.stringify(component.errors)).toBe(true)
      // A renamed field: errors.error → errors.code, or, on a 500 (whose errors is empty), errors → error.
      const { errors, ...rest } = answer.body as { errors: Record<string, unknown> }
      const renamed =
        template.error === undefined ? { ...rest, error: errors } : { ...rest, errors: { code: errors.error, detail: errors.detail } }
      expect(byStatus(renamed)).toBe(false)
      expect(component(renamed)).toBe(false)
      if (template.status === 429 || template.status === 503) expect(answer.headers.get('retry-after')).toMatch(/^\d+$/)
    },
  )
})
