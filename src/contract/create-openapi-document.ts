import { LIMITS } from '../vocabulary/limits.js'
import type { EndpointName } from '../vocabulary/endpoint-rules.js'
import { ERRORS, type ErrorTemplate } from '../vocabulary/errors.js'
import { errorTemplatesByStatus } from './create-error-responses.js'
import { createOperation } from './create-operation.js'
import { createSchemaComponents } from './create-schema-components.js'
import { ENDPOINT_CONTRACTS } from './endpoint-contracts.js'
import type { OpenApiDocument } from './openapi-document.js'
import { apiKeyHeaderSchema } from './request-schemas.js'

export type { OpenApiDocument } from './openapi-document.js'

/** The version of the API the spec states (not the package's). */
const API_VERSION = '1.0.0'

const DESCRIPTION = [
  'The Analytics Public API as analytics-sandbox reproduces it: a read-only JSON API for SEO analytics and AI-visibility insights.',
  'Generated from the zod schemas of the sandbox’s contract (`src/contract/`): the same schemas its own answers are tested against, so this document and the sandbox agree.',
  'Every answer, success or error, is one envelope: exactly `success`, `message`, `code` (the HTTP status), `data`, `errors`, `meta_data`. ' +
    'Every error but a 500 carries `errors.error` and `errors.detail`; a 500’s `errors` is empty. ' +
    'Each operation lists the errors its endpoint answers by itself; only a scenario rule that names another of the API’s 400 codes brings one more (each 400 says which).',
  'Where the spec says "not shown", the schemas and descriptions carry the sandbox’s decisions (README, "How the sandbox fills the gaps of the spec"), in brief: ' +
    'checks run route → key (401) → X-Project-ID (400/403) → query (400) → data; ' +
    `dates are UTC calendar dates, both ends inclusive, 30 days ending today by default, at most ${LIMITS.rangeDays} days; ` +
    '`provider` and `region` match case-insensitively, and an untracked one answers 200 with 0 dates; ' +
    'scores are 0–100, sentiment shares fractions summing to 1; `trend` is `stable` when |change| < 2 %; ' +
    'a project of another account, or none, is 403 `forbidden` (existence is not revealed).',
  'Sandbox extensions, absent from the real API: the `X-Sandbox-Scenario` header, and the errors only a scenario, strict mode or the transport produces (each response says which). ' +
    'The sandbox’s admin API (`/__sandbox/`, which also serves this document as `/__sandbox/openapi.json`) is not described here.',
].join('\n\n')

/** Paths below the base address, by endpoint. */
const PATHS: readonly EndpointName[] = Object.keys(ENDPOINT_CONTRACTS) as EndpointName[]

/**
 * The OpenAPI 3.1 document of the API, built from the contract's zod schemas with zod's own
 * `z.toJSONSchema`: every endpoint's GET with its parameters, its 200 and each error it may answer
 * (one component schema per error template), and the X-API-Key security scheme. A plain JSON object,
 * the same on every call (no dates, no randomness); `openapi.json` is this, written by the build.
 *
 * @example
 * const document = createOpenApiDocument()
 * document.paths['/projects']?.get.responses['200']
 */
export function createOpenApiDocument(): OpenApiDocument {
  const answered = new Set(PATHS.flatMap((name) => errorTemplatesByStatus(name).flatMap(([, templates]) => templates)))
  // In catalogue order, so the components read like ERRORS.
  const templates = Object.values(ERRORS).filter((template: ErrorTemplate) => answered.has(template))
  return {
    openapi: '3.1.0',
    info: { title: 'Analytics Public API (analytics-sandbox)', version: API_VERSION, description: DESCRIPTION },
    servers: [
      {
        url: 'http://127.0.0.1:4010/api/v1',
        description:
          'The sandbox on its default port (`npx analytics-sandbox`; `--port` changes it). The real API’s base address is `{base_url}`, which ends in `/api/v1/`.',
      },
    ],
    security: [{ ApiKeyAuth: [] }],
    paths: Object.fromEntries(PATHS.map((name) => [`/${name}`, { get: createOperation(name) }])),
    components: {
      securitySchemes: {
        ApiKeyAuth: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: apiKeyHeaderSchema.description ?? 'The API key' },
      },
      schemas: createSchemaComponents(templates),
    },
  }
}
