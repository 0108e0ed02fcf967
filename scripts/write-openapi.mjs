// Writes openapi.json (the OpenAPI 3.1 document of the API) from the contract's zod schemas in
// dist/, so the shipped document, the one the admin API serves and the sandbox never disagree.
// `npm run build` runs this after tsc; a test compares the committed file with the schemas.
import { writeFileSync } from 'node:fs'
import { openApiJson } from '../dist/contract/openapi-json.js'
import { adminOpenApiJson } from '../dist/contract/admin-openapi-json.js'

writeFileSync(new URL('../openapi.json', import.meta.url), openApiJson())
writeFileSync(new URL('../admin-openapi.json', import.meta.url), adminOpenApiJson())
