import { describe, expect, it } from 'vitest'
import { createAdminOpenApiDocument } from '../../../src/contract/create-admin-openapi-document.js'

interface Parameter {
  readonly name: string
  readonly in: string
  readonly schema?: { readonly type?: string }
}

/** Every path parameter of the admin document, by route. */
function pathParameters(): Array<{ route: string; parameter: Parameter }> {
  const document = createAdminOpenApiDocument()
  return Object.entries(document.paths).flatMap(([route, operations]) =>
    Object.values(operations).flatMap((operation) =>
      ((operation as { parameters?: Parameter[] }).parameters ?? [])
        .filter((parameter) => parameter.in === 'path')
        .map((parameter) => ({ route, parameter })),
    ),
  )
}

describe('the admin OpenAPI document’s path parameters', () => {
  it('types each as the route takes it: a key and a session id as strings, a project id as an integer', () => {
    const types = Object.fromEntries(pathParameters().map(({ parameter }) => [parameter.name, parameter.schema?.type]))
    expect(types).toEqual({ key: 'string', session: 'string', id: 'integer' })
  })

  it('gives a generated client the session ids POST /__sandbox/sessions makes (letters, digits, - and _), not a project id', () => {
    const schema = pathParameters().find(({ parameter }) => parameter.name === 'session')?.parameter.schema as
      | { pattern?: string }
      | undefined
    expect(schema).toEqual({ type: 'string', pattern: '^[A-Za-z0-9_-]+$' })
    expect(new RegExp(schema?.pattern ?? '$^').test('5yBKu0O0mICL')).toBe(true)
  })
})
