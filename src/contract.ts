/**
 * analytics-sandbox/contract: the Analytics Public API's contract as zod schemas and OpenAPI
 * documents, to check your own fixtures, scenarios and answers, and `verifyContract` to check a
 * deployment against it. It loads zod and the schemas (50-70 ms here), which `analytics-sandbox`
 * itself does not.
 * The types these schemas give (`ProjectsData`, `Envelope`…) are exported by `analytics-sandbox`.
 *
 * @example
 * import { projectsDataSchema, scenarioSchema } from 'analytics-sandbox/contract'
 *
 * scenarioSchema.parse(JSON.parse(readFileSync('scenarios/slow.json', 'utf8')))
 */
export {
  errorEnvelopeSchema,
  errorTemplateSchema,
  successEnvelopeSchema,
  type ErrorTemplateSchemaOptions,
} from './contract/envelope-schemas.js'
export { analyticsQuerySchema, apiKeyHeaderSchema, projectIdHeaderSchema } from './contract/request-schemas.js'
export { ENDPOINT_CONTRACTS, type EndpointContract } from './contract/endpoint-contracts.js'
export type { EndpointRules, ProjectHeaderRule } from './vocabulary/endpoint-rules.js'
export { checkResponse, type CheckedRequest, type ContractIssue } from './contract/check-response.js'
export { verifyContract, VerifyError, type VerifyOptions, type VerifyReport } from './verify/verify-contract.js'
export type { VerifyCheck, CheckBasis, CheckResult, CheckSpec } from './verify/create-verify-run.js'
export { formatVerifyTable } from './verify/format-verify-table.js'
export {
  apiKeyDetailsSchema,
  monitoringDataSchema,
  overviewDataSchema,
  periodSummarySchema,
  projectSchema,
  projectsDataSchema,
  trendSchema,
} from './contract/resource-schemas.js'
export { fixturesSchema } from './contract/fixtures-schema.js'
export { scenarioSchema } from './contract/scenario-schema.js'
export { createOpenApiDocument, type OpenApiDocument } from './contract/create-openapi-document.js'
export type { JsonSchema, OpenApiHeader, OpenApiOperation, OpenApiParameter, OpenApiResponse } from './contract/openapi-document.js'
export { createAdminOpenApiDocument, type AdminOpenApiDocument } from './contract/create-admin-openapi-document.js'
