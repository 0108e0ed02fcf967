// Writes src/vocabulary/response-field-list.ts (every documented field of every success answer, the
// ground `mutate`'s mutations are derived from) from the contract's zod schemas in dist/, so the
// sandbox reads them without loading zod. `npm run build` runs this after tsc, and writes the
// compiled module in dist/ too, so this build has the list it just derived; a test compares them.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { allResponseFields, formatResponseFieldList } from '../dist/contract/response-fields.js'

// The source is written only when it changes: a source newer than dist/ after every build made
// `npm start` build again every time (scripts/needs-build.mjs).
const source = new URL('../src/vocabulary/response-field-list.ts', import.meta.url)
const list = formatResponseFieldList()
if (!existsSync(source) || readFileSync(source, 'utf8') !== list) writeFileSync(source, list)
writeFileSync(
  new URL('../dist/vocabulary/response-field-list.js', import.meta.url),
  `// Written by scripts/write-response-fields.mjs from the contract.\nexport const RESPONSE_FIELD_LIST = ${JSON.stringify(allResponseFields())}\n`,
)
