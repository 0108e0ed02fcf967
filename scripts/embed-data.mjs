// Embeds the repository's data files as TypeScript modules, so the defaults load the same way in
// Node, bundlers, jest and browsers (no JSON imports, no file system):
//   fixtures/default.json → src/model/default-fixtures.ts
//   scenarios/*.json      → src/scenarios/builtin-scenarios.ts
// `npm run build` runs this; tests fail when a committed module and its files disagree.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'

const root = new URL('../', import.meta.url)
const read = (path) => JSON.parse(readFileSync(new URL(path, root), 'utf8'))
const header = (source) => `// Generated from ${source} by scripts/embed-data.mjs: edit the JSON, then run \`npm run build\`.\n`

writeFileSync(
  new URL('src/model/default-fixtures.ts', root),
  `${header('fixtures/default.json')}import type { Fixtures } from './fixtures-schema.js'

/**
 * The default data: the documented keys (stable forever) and their projects, as in \`fixtures/default.json\`.
 * It is written in its validated form, every default explicit (a test checks that parsing it
 * changes nothing), so a sandbox uses it without parsing it.
 *
 * @example
 * defaultFixtures.api_keys.map((apiKey) => apiKey.key) // ['sbx_user_alpha', 'sbx_project_101', …]
 */
export const defaultFixtures: Fixtures = ${JSON.stringify(read('fixtures/default.json'), null, 2)}
`,
)

const scenarios = readdirSync(new URL('scenarios/', root))
  .filter((name) => name.endsWith('.json'))
  .sort()
  .map((name) => {
    const { $schema: _schema, ...scenario } = read(`scenarios/${name}`)
    return scenario
  })
writeFileSync(
  new URL('src/scenarios/builtin-scenarios.ts', root),
  `${header('scenarios/*.json')}import type { ScenarioInput } from './scenario-schema.js'

/**
 * The built-in scenarios, as in \`scenarios/*.json\` (sorted by file name).
 *
 * @example
 * builtinScenarios.map((scenario) => scenario.name) // ['empty-account', 'expired-keys', …]
 */
export const builtinScenarios: readonly ScenarioInput[] = ${JSON.stringify(scenarios, null, 2)}
`,
)
