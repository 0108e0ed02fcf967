// Writes the data users read and pass to --fixtures and --scenario from the modules that define it
// (build output, never into src/):
//   src/model/default-fixtures.ts    → fixtures/default.json
//   src/scenarios/builtin-scenarios.ts → scenarios/<name>.json
// `npm run build` runs this after tsc; a test fails when a committed file and its module disagree.
import { readdirSync, rmSync, writeFileSync } from 'node:fs'
import { defaultFixtures } from '../dist/model/default-fixtures.js'
import { builtinScenarios } from '../dist/scenarios/builtin-scenarios.js'
import { formatJson } from './format-json.mjs'

const root = new URL('../', import.meta.url)
writeFileSync(new URL('fixtures/default.json', root), formatJson(defaultFixtures))
const names = new Set(builtinScenarios.map((scenario) => `${scenario.name}.json`))
for (const stale of readdirSync(new URL('scenarios/', root)).filter((name) => name.endsWith('.json') && !names.has(name))) {
  rmSync(new URL(`scenarios/${stale}`, root))
}
for (const scenario of builtinScenarios) {
  writeFileSync(new URL(`scenarios/${scenario.name}.json`, root), formatJson({ $schema: '../scenario.schema.json', ...scenario }))
}
