import { Validator } from '@seriousme/openapi-schema-validator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createOpenApiDocument } from '../../src/contract/create-openapi-document.js'
import { OPERATION_IDS } from '../../src/contract/create-operation.js'
import { SANDBOX_ONLY_HEADING } from '../../src/contract/create-error-responses.js'
import { ENDPOINT_CONTRACTS, errorTemplatesFor, errorTemplatesSent } from '../../src/contract/endpoint-contracts.js'
import { ERROR_CONDITIONS } from '../../src/contract/error-conditions.js'
import { errorComponentId, errorKeyOf } from '../../src/contract/error-component-id.js'
import type { JsonSchema, OpenApiResponse } from '../../src/contract/openapi-document.js'
import { analyticsQuerySchema } from '../../src/contract/request-schemas.js'
import type { EndpointName } from '../../src/vocabulary/endpoint-rules.js'
import { fail } from '../../src/contract/envelope.js'
import { exampleDetail } from '../../src/contract/example-detail.js'
import { ERRORS, type ErrorTemplate } from '../../src/vocabulary/errors.js'
import { startSandbox, type RunningSandbox } from '../../src/server/start-sandbox.js'
import { TODAY, USER, USER_101 } from '../api/contract/fixtures.js'
import { createAjv as createOpenAjv, refsOf } from '../support/openapi-ajv.js'

const document = createOpenApiDocument()
const ENDPOINTS = Object.keys(ENDPOINT_CONTRACTS) as EndpointName[]
const STATUSES = [...new Set(Object.values(ERRORS).map((template: ErrorTemplate) => template.status))].sort((a, b) => a - b)
const COMPONENTS = '#/components/schemas/'

const operation = (name: EndpointName) => document.paths[`/${name}`]!.get
const jsonSchemaOf = (response: OpenApiResponse | undefined) => response!.content['application/json'].schema

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

/** ajv with this file's document loaded as `openapi.json`. */
const createAjv = () => createOpenAjv(document)

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
      expect(parameter.schema, parameter.name).toHaveProperty('type', parameter.name === 'X-Project-ID' ? 'integer' : 'string')
    }
    const projectHeader = operation('monitoring').parameters.find((parameter) => parameter.name === 'X-Project-ID')
    expect(projectHeader?.description).toContain(`\`${ERRORS.missingProjectId.error}\``)
  })

  it.each(ENDPOINTS)(
    'gives GET /%s a 200 with its success envelope and, per status, one schema, example and line per error template',
    (name) => {
      const { responses } = operation(name)
      expect(refsOf(jsonSchemaOf(responses['200']))).toEqual([`${COMPONENTS}${String(ENDPOINT_CONTRACTS[name].success.meta()?.id)}`])
      const statuses = STATUSES.filter((status) => errorTemplatesSent(name, status).length > 0)
      expect(Object.keys(responses)).toEqual(['200', ...statuses.map(String)])
      for (const status of statuses) {
        const templates = errorTemplatesSent(name, status)
        const response = responses[String(status)]!
        expect(refsOf(jsonSchemaOf(response)), `${status}`).toEqual(
          templates.map((template) => `${COMPONENTS}${errorComponentId(template)}`),
        )
        const examples = Object.values(response.content['application/json'].examples ?? {}).map((example) => example.value)
        expect(examples, `${status}`).toEqual(
          templates.map((template) => fail(template, exampleDetail(template, ENDPOINT_CONTRACTS[name]))),
        )
        for (const template of templates) {
          if (template.error !== undefined) expect(response.description).toContain(`\`${template.error}\``)
          expect(response.description).toContain(ERROR_CONDITIONS[errorKeyOf(template)])
        }
        if (status === 429 || status === 503) expect(Object.keys(response.headers ?? {}), `${status}`).toContain('Retry-After')
      }
    },
  )

  it('tells the errors an endpoint answers itself from those only a sandbox scenario, strict mode or the transport produces', () => {
    const [own, sandboxOnly] = operation('validate').responses['400']!.description.split(SANDBOX_ONLY_HEADING) as [string, string]
    expect(own).toContain(`\`${ERRORS.invalidProjectId.error}\``)
    expect(own).not.toContain(`\`${ERRORS.badRequest.error}\``)
    expect(sandboxOnly).toContain(`\`${ERRORS.badRequest.error}\``)
    expect(sandboxOnly).toContain(`\`${ERRORS.unknownParameter.error}\``)
    expect(operation('monitoring').responses['400']!.description.split(SANDBOX_ONLY_HEADING)[0]).toContain(
      `\`${ERRORS.missingProjectId.error}\``,
    )
    expect(operation('projects').responses['401']!.description).not.toContain(SANDBOX_ONLY_HEADING)
    expect(operation('projects').responses['429']!.description.split(SANDBOX_ONLY_HEADING)[0]).not.toContain(
      `\`${ERRORS.rateLimited.error}\``,
    )
  })

  it.each([
    [
      'validate',
      [
        ERRORS.invalidProjectId,
        ERRORS.badRequest,
        ERRORS.unknownScenario,
        ERRORS.unknownParameter,
        ERRORS.ignoredParameter,
        ERRORS.bodyOnGet,
        ERRORS.keyInQuery,
      ],
    ],
    [
      'projects',
      [
        ERRORS.badRequest,
        ERRORS.unknownScenario,
        ERRORS.unknownParameter,
        ERRORS.ignoredParameter,
        ERRORS.ignoredProjectId,
        ERRORS.bodyOnGet,
        ERRORS.keyInQuery,
      ],
    ],
    [
      'monitoring',
      [
        ERRORS.missingProjectId,
        ERRORS.invalidProjectId,
        ERRORS.invalidDate,
        ERRORS.invalidDateRange,
        ERRORS.dateRangeTooLarge,
        ERRORS.invalidProvider,
        ERRORS.invalidRegion,
        ERRORS.badRequest,
        ERRORS.unknownScenario,
        ERRORS.unknownParameter,
        ERRORS.bodyOnGet,
        ERRORS.keyInQuery,
      ],
    ],
  ] as const)('lists in the 400 of GET /%s only the codes it answers with itself, no code another endpoint sends', (name, expected) => {
    const codes = refsOf(jsonSchemaOf(operation(name).responses['400'])).map((ref) => ref.slice(`${COMPONENTS}Error_`.length))
    expect(codes).toEqual(expected.map((template) => template.error))
  })

  it('gives /overview the 400s of /monitoring, and every endpoint the same statuses, each the same component but its own 500', () => {
    expect(jsonSchemaOf(operation('overview').responses['400'])).toEqual(jsonSchemaOf(operation('monitoring').responses['400']))
    for (const name of ENDPOINTS) {
      expect(Object.keys(operation(name).responses), name).toEqual(['200', '400', '401', '403', '404', '408', '429', '431', '500', '503'])
      expect(refsOf(jsonSchemaOf(operation(name).responses['500'])), name).toEqual([
        `${COMPONENTS}${errorComponentId(ENDPOINT_CONTRACTS[name].failure)}`,
      ])
    }
  })

  it('lists only what checkResponse accepts too, and says in the 400 which other API codes only a scenario rule naming them brings', () => {
    for (const name of ENDPOINTS) {
      for (const status of STATUSES) {
        const accepted = new Set(errorTemplatesFor(name, status))
        expect(
          errorTemplatesSent(name, status).filter((template) => !accepted.has(template)),
          `${name} ${status}`,
        ).toEqual([])
      }
    }
    const validate400 = operation('validate').responses['400']!.description
    const [, namedByRules] = validate400.split('unless a scenario rule names the code') as [string, string]
    for (const template of [ERRORS.missingProjectId, ERRORS.invalidDate, ERRORS.invalidRegion]) {
      expect(namedByRules).toContain(`\`${template.error}\``)
    }
    expect(operation('monitoring').responses['400']!.description).not.toContain('unless a scenario rule names the code')
  })

  it('lists repeated_parameter nowhere: strict mode answers a request’s first warning, and it always follows another of the same parameter', () => {
    const refs = collectRefs(document.paths)
    expect(refs).not.toContain(`${COMPONENTS}${errorComponentId(ERRORS.repeatedParameter)}`)
    expect(Object.keys(document.components.schemas)).not.toContain(errorComponentId(ERRORS.repeatedParameter))
  })

  it('requires errors.error in every error with a code and leaves errors.detail optional ("present in some error responses only"; variant-sparse sends none), and keeps a 500’s errors empty', () => {
    const errorComponents = Object.entries(document.components.schemas).filter(([id]) => id.startsWith('Error_'))
    expect(errorComponents.length).toBeGreaterThan(20)
    for (const [id, schema] of errorComponents) {
      const errors = (schema.properties as Record<string, JsonSchema>).errors!
      const code = ((schema.properties as Record<string, JsonSchema>).code as { const: number }).const
      expect(errors.required ?? [], id).toEqual(code === 500 ? [] : ['error'])
      if (code !== 500) expect(Object.keys(errors.properties as object), id).toEqual(['error', 'detail'])
    }
  })

  it('keeps the envelope exactly its six fields and opens every object below it to fields it does not name (additive change)', () => {
    const { schemas } = document.components
    expect(schemas.ProjectsResponse!.additionalProperties).toBe(false)
    expect(schemas.Project!.additionalProperties).toBeUndefined()
    expect(schemas.MonitoringData!.additionalProperties).toBeUndefined()
    expect(JSON.stringify(schemas.OverviewData)).not.toContain('"additionalProperties":false')
  })

  it('types X-Project-ID as the integer the spec defines, the schema of Project.id, on every endpoint that reads it', () => {
    const projectProperties = document.components.schemas.Project!.properties as Record<string, JsonSchema>
    const { description: _description, ...idSchema } = projectProperties.id!
    for (const name of ['validate', 'monitoring', 'overview'] as const) {
      const parameter = operation(name).parameters.find((item) => item.name === 'X-Project-ID')
      const { examples: _examples, ...schema } = parameter!.schema as Record<string, unknown>
      expect(schema, name).toEqual({ type: 'integer', exclusiveMinimum: 0, maximum: Number.MAX_SAFE_INTEGER })
      expect(schema, name).toEqual(idSchema)
    }
  })

  it('types region and provider as strings of any case, with a pattern and no enum, as the server matches them', () => {
    for (const name of ['region', 'provider']) {
      const schema = operation('monitoring').parameters.find((item) => item.name === name)!.schema
      expect(schema, name).toMatchObject({ type: 'string', pattern: expect.any(String) })
      expect(schema, name).not.toHaveProperty('enum')
      const pattern = new RegExp(String(schema.pattern))
      for (const value of name === 'region' ? ['US', 'us', 'uS', 'DE', 'gb'] : ['chatgpt', 'ChatGPT', 'GOOGLE_AI_MODE']) {
        expect(pattern.test(value), `${name}=${value}`).toBe(true)
      }
      for (const value of name === 'region' ? ['XX', 'usa', 'U S', ''] : ['openai', 'chat gpt', 'google-ai-mode', '']) {
        expect(pattern.test(value), `${name}=${value}`).toBe(false)
      }
    }
  })

  it('says what <n> counts on /overview, which has no history of its own: the count /monitoring shows as its history’s length', () => {
    const messageOf = (id: string) =>
      String(((document.components.schemas[id]!.properties as Record<string, JsonSchema>).message as JsonSchema).description)
    const overviewData = document.components.schemas.OverviewData!.properties as Record<string, JsonSchema>
    expect((overviewData.visibility_score!.properties as Record<string, JsonSchema>).history).toBeUndefined()
    expect(messageOf('MonitoringResponse')).toContain('the length of `data.visibility_score.history`')
    expect(messageOf('OverviewResponse')).toContain('/overview itself has no history')
    expect(messageOf('OverviewResponse')).toContain('as on /monitoring for the same query')
  })

  it('gives every error response examples its schema accepts', () => {
    const ajv = createAjv()
    for (const name of ENDPOINTS) {
      for (const [status, response] of Object.entries(operation(name).responses)) {
        const refs = refsOf(jsonSchemaOf(response))
        const validate = ajv.compile(
          refs.length === 1 ? { $ref: `openapi.json${refs[0]}` } : { oneOf: refs.map((ref) => ({ $ref: `openapi.json${ref}` })) },
        )
        for (const [id, example] of Object.entries(response.content['application/json'].examples ?? {})) {
          expect(validate(example.value), `${name} ${status} ${id}: ${JSON.stringify(validate.errors)}`).toBe(true)
        }
      }
    }
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
    ['an unknown scenario', 'validate', { ...USER, 'X-Sandbox-Scenario': 'flakey' }, '', ERRORS.unknownScenario],
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
