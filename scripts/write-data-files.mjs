// Writes the data users read and pass to --fixtures and --scenario from the modules that define it
// (build output, never into src/):
//   src/model/default-fixtures.ts    → fixtures/default.json
//   src/scenarios/builtin-scenarios.ts → scenarios/<name>.json
// `npm run build` runs this after tsc; a test fails when a committed file and its module disagree.
// The library reads both modules without a schema (zod stays off its import path), so the build
// checks them here: each must parse, unchanged, with the schema a user's own file is checked by.
import { isDeepStrictEqual } from 'node:util'
import { readdirSync, rmSync, writeFileSync } from 'node:fs'
import { fixturesSchema } from '../dist/contract/fixtures-schema.js'
import { scenarioSchema } from '../dist/contract/scenario-schema.js'
import { defaultFixtures } from '../dist/model/default-fixtures.js'
import { builtinScenarios } from '../dist/scenarios/builtin-scenarios.js'
import { formatJson } from './format-json.mjs'

for (const [what, schema, value] of [
  ['src/model/default-fixtures.ts', fixturesSchema, defaultFixtures],
  ...builtinScenarios.map((scenario) => [`the built-in scenario ${scenario.name}`, scenarioSchema, scenario]),
]) {
  const parsed = schema.safeParse(value)
  if (!parsed.success) throw new Error(`${what} does not match its schema: ${parsed.error.message}`)
  if (!isDeepStrictEqual(parsed.data, value)) throw new Error(`${what} is not in its checked form (parsing changes it)`)
}

const root = new URL('../', import.meta.url)
writeFileSync(new URL('fixtures/default.json', root), formatJson(defaultFixtures))
const names = new Set(builtinScenarios.map((scenario) => `${scenario.name}.json`))
for (const stale of readdirSync(new URL('scenarios/', root)).filter((name) => name.endsWith('.json') && !names.has(name))) {
  rmSync(new URL(`scenarios/${stale}`, root))
}
for (const scenario of builtinScenarios) {
  writeFileSync(new URL(`scenarios/${scenario.name}.json`, root), formatJson({ $schema: '../scenario.schema.json', ...scenario }))
}
