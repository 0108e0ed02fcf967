import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createOpenApiDocument } from '../src/contract/create-openapi-document.js'
import { openApiJson } from '../src/contract/openapi-json.js'
import { adminOpenApiJson } from '../src/contract/admin-openapi-json.js'
import { builtinScenarios } from '../src/scenarios/builtin-scenarios.js'
import { scenarioSchema } from '../src/contract/scenario-schema.js'
import { formatOutcomesDoc } from '../src/cli/format-outcomes-doc.js'
import { OUTCOMES } from '../src/core/report/outcome-catalogue.js'

const root = new URL('../', import.meta.url)
const readJson = (path: string) => JSON.parse(readFileSync(new URL(path, root), 'utf8'))

describe('generated files', () => {
  it('embed exactly the built-in scenario files of scenarios/ (run npm run build after editing one)', () => {
    const files = readdirSync(new URL('scenarios/', root))
      .filter((name) => name.endsWith('.json'))
      .sort()
    const fromFiles = files.map((name) => {
      const { $schema: _schema, ...scenario } = readJson(`scenarios/${name}`)
      return scenario
    })
    expect(builtinScenarios).toEqual(fromFiles)
  })

  it('name every built-in scenario file after its scenario and point it at the JSON Schema', () => {
    for (const name of readdirSync(new URL('scenarios/', root)).filter((file) => file.endsWith('.json'))) {
      const scenario = readJson(`scenarios/${name}`)
      expect(`${scenario.name}.json`).toBe(name)
      expect(scenario.$schema).toBe('../scenario.schema.json')
    }
  })

  it('ship a scenario.schema.json generated from the zod schema (run npm run build after changing it)', () => {
    const generated = z.toJSONSchema(scenarioSchema, { io: 'input', unrepresentable: 'any' })
    expect(readJson('scenario.schema.json')).toEqual({ ...generated, title: 'analytics-sandbox scenario' })
  })

  it('ship an openapi.json generated from the contract’s zod schemas, byte for byte (run npm run build after changing them)', () => {
    const message = 'openapi.json is stale: run npm run build and commit it'
    expect(readJson('openapi.json'), message).toEqual(createOpenApiDocument())
    expect(readFileSync(new URL('openapi.json', root), 'utf8'), message).toBe(openApiJson())
  })

  it('ship a docs/outcomes.md generated from the outcome catalogue, byte for byte (run npm run build after changing it)', () => {
    expect(readFileSync(new URL('docs/outcomes.md', root), 'utf8'), 'docs/outcomes.md is stale: run npm run build and commit it').toBe(
      formatOutcomesDoc(OUTCOMES),
    )
  })

  it('ship an admin-openapi.json generated from the admin API’s zod schemas, byte for byte', () => {
    expect(readFileSync(new URL('admin-openapi.json', root), 'utf8'), 'admin-openapi.json is stale: run npm run build and commit it').toBe(
      adminOpenApiJson(),
    )
  })
})
