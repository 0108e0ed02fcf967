// Issue #53 (an independent fuzzer of the admin API): the admin document admitted bodies the server
// refuses. Each is now said in the JSON Schema, and each body below is refused by the document as the
// server refuses it, while its corrected form passes both.
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import { describe, expect, it } from 'vitest'
import { createAdminOpenApiDocument } from '../../src/contract/create-admin-openapi-document.js'

const addFormats = addFormatsModule.default
const ajv = new Ajv2020({ strict: false, allErrors: true })
addFormats(ajv)
ajv.addVocabulary(['openapi', 'info', 'servers', 'security', 'paths', 'components', 'example'])
ajv.addSchema(structuredClone(createAdminOpenApiDocument()), 'admin.json')

/** Whether the admin document's component `name` takes `body`. */
const takes = (name: string, body: unknown) => ajv.validate({ $ref: `admin.json#/components/schemas/${name}` }, body)

const rule = (fields: Record<string, unknown>) => ({ scenarios: [{ name: 'mine', description: 'Mine', rules: [fields] }] })

describe('the admin document refuses what the server refuses', () => {
  it.each([
    ['a USER key with a project_id', 'KeyBody', { level: 'USER', user_id: 1, project_id: 101 }, { level: 'USER', user_id: 1 }],
    ['a PROJECT key without a project_id', 'KeyBody', { level: 'PROJECT', user_id: 1 }, { level: 'PROJECT', project_id: 101 }],
    ['an account project with a user_id', 'AccountBody', { projects: [{ user_id: 2 }] }, { projects: [{ status: 'paused' }] }],
    ['a rule with no effect', 'ScenarioBody', rule({ match: { endpoint: 'projects' } }), rule({ data: 'none' })],
    [
      'a rule with fail and fault',
      'ScenarioBody',
      rule({ fail: { status: 500 }, fault: { type: 'empty-reply' } }),
      rule({ fail: { status: 500 } }),
    ],
    [
      'a fail with rate and nth',
      'ScenarioBody',
      rule({ fail: { status: 500, rate: 0.5, nth: 1 } }),
      rule({ fail: { status: 500, nth: 1 } }),
    ],
    [
      'a fault with rate and nth',
      'ScenarioBody',
      rule({ fault: { type: 'empty-reply', rate: 0.5, nth: 1 } }),
      rule({ fault: { type: 'empty-reply', rate: 0.5 } }),
    ],
    [
      'an error code on a status other than 400',
      'ScenarioBody',
      rule({ fail: { error: 'invalid_date' } }),
      rule({ fail: { status: 400, error: 'invalid_date' } }),
    ],
    [
      'a delay on a fault other than gateway-timeout',
      'ScenarioBody',
      rule({ fault: { type: 'empty-reply', delay: 10 } }),
      rule({ fault: { type: 'gateway-timeout', delay: 10 } }),
    ],
    [
      'a duration on a fault other than slow-body and slow-headers',
      'ScenarioBody',
      rule({ fault: { type: 'bandwidth', duration: 10 } }),
      rule({ fault: { type: 'slow-headers', duration: 10 } }),
    ],
    [
      'bytes_per_second on a fault other than bandwidth',
      'ScenarioBody',
      rule({ fault: { type: 'slow-body', bytes_per_second: 100 } }),
      rule({ fault: { type: 'bandwidth', bytes_per_second: 100 } }),
    ],
    [
      'a bytes_per_second of 0',
      'ScenarioBody',
      rule({ fault: { type: 'bandwidth', bytes_per_second: 0 } }),
      rule({ fault: { type: 'bandwidth', bytes_per_second: 1 } }),
    ],
    [
      'bytes on a fault other than cut-after',
      'ScenarioBody',
      rule({ fault: { type: 'truncated-body', bytes: 10 } }),
      rule({ fault: { type: 'cut-after', bytes: 10 } }),
    ],
    [
      'bytes past their most',
      'ScenarioBody',
      rule({ fault: { type: 'cut-after', bytes: 100_000_001 } }),
      rule({ fault: { type: 'cut-after', bytes: 100_000_000 } }),
    ],
  ])('refuses %s, and takes it corrected', (_, component, refused, taken) => {
    expect(takes(component, refused)).toBe(false)
    expect(takes(component, taken), JSON.stringify(ajv.errors)).toBe(true)
  })
})
