// Writes docs/outcomes.md (every outcome of the client report with its example) from the catalogue
// in dist/, so the two never disagree. `npm run build` runs this after tsc; a test compares them.
import { writeFileSync } from 'node:fs'
import { formatOutcomesDoc } from '../dist/cli/format-outcomes-doc.js'
import { OUTCOMES } from '../dist/core/report/outcome-catalogue.js'

writeFileSync(new URL('../docs/outcomes.md', import.meta.url), formatOutcomesDoc(OUTCOMES))
