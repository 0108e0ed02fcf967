// Writes src/model/default-fixtures.ts from fixtures/default.json, the one source of the default data.
// A module (not a JSON import) so the embedded default loads the same way in Node, bundlers, jest and browsers.
// `npm run build` runs this; a test fails when the committed module and the JSON file disagree.
import { readFileSync, writeFileSync } from 'node:fs'

const source = new URL('../fixtures/default.json', import.meta.url)
const target = new URL('../src/model/default-fixtures.ts', import.meta.url)
const fixtures = JSON.parse(readFileSync(source, 'utf8'))
const text = `// Generated from fixtures/default.json by scripts/embed-fixtures.mjs: edit the JSON file, then run \`npm run build\`.
import type { FixturesInput } from './fixtures-schema.js'

/**
 * The default data: the documented keys (stable forever) and their projects, as in \`fixtures/default.json\`.
 *
 * @example
 * defaultFixtures.api_keys.map((apiKey) => apiKey.key) // ['sbx_user_alpha', 'sbx_project_101', …]
 */
export const defaultFixtures: FixturesInput = ${JSON.stringify(fixtures, null, 2)}
`
writeFileSync(target, text)
