// Writes scenario.schema.json (the JSON Schema of scenario files, for editors) from the zod schema
// in dist/, so the two never disagree. `npm run build` runs this after tsc; a test compares them.
import { writeFileSync } from 'node:fs'
import { z } from 'zod'
import { scenarioSchema } from '../dist/contract/scenario-schema.js'

const schema = z.toJSONSchema(scenarioSchema, { io: 'input', unrepresentable: 'any' })
schema.title = 'analytics-sandbox scenario'
writeFileSync(new URL('../scenario.schema.json', import.meta.url), `${JSON.stringify(schema, null, 2)}\n`)
