/**
 * analytics-sandbox for browsers: everything but `startSandbox` (which needs node:http), so the
 * handlers can run in `setupWorker`. Bundlers pick this file through the `browser` export condition.
 *
 * @example
 * import { setupWorker } from 'msw/browser'
 * import { createSandbox } from 'analytics-sandbox'
 *
 * await setupWorker(...createSandbox().handlers).start()
 */
export { createSandbox, type Sandbox } from './msw/create-sandbox.js'
export type { SandboxControls, AccountControls, ProjectControls, KeyControls, ClockControls } from './sandbox/sandbox-controls.js'
export { PortalError, type FieldIssue } from './vocabulary/portal-error.js'
export type {
  AccountInput,
  AccountView,
  ClockInput,
  ClockView,
  KeyInput,
  KeyPatch,
  KeyRecord,
  KeyState,
  ProjectInput,
  ProjectPatch,
  ProjectRecord,
} from './contract/portal-schemas.js'
export type { SandboxOptions } from './sandbox/sandbox-options.js'
export { ConfigError } from './vocabulary/config-error.js'
export { DOCUMENTED_KEYS } from './model/documented-keys.js'
export { ERRORS, type ErrorTemplate } from './vocabulary/errors.js'
export { MESSAGES } from './vocabulary/messages.js'
export { PROVIDERS, type Provider } from './vocabulary/providers.js'
export type { Envelope, ErrorEnvelope, SuccessEnvelope } from './contract/envelope-schemas.js'
export { errorEnvelopeSchema, errorTemplateSchema, successEnvelopeSchema } from './contract/envelope-schemas.js'
export {
  apiKeyDetailsSchema,
  monitoringDataSchema,
  overviewDataSchema,
  periodSummarySchema,
  projectSchema,
  projectsDataSchema,
  trendSchema,
} from './contract/resource-schemas.js'
export { analyticsQuerySchema, apiKeyHeaderSchema, projectIdHeaderSchema } from './contract/request-schemas.js'
export { ENDPOINT_CONTRACTS, type EndpointContract } from './contract/endpoint-contracts.js'
export { checkResponse, type CheckedRequest, type ContractIssue } from './contract/check-response.js'
export { verifyContract, VerifyError, type VerifyOptions, type VerifyReport } from './verify/verify-contract.js'
export type { VerifyCheck, CheckBasis, CheckResult } from './verify/create-verify-run.js'
export { formatVerifyTable } from './verify/format-verify-table.js'
export type { JournalEntry } from './core/journal.js'
export type {
  ApiKeyDetails,
  MonitoringData,
  OverviewData,
  PeriodSummary,
  ProjectResource,
  ProjectsData,
  Trend,
} from './contract/resource-schemas.js'
export type { FixturesInput, Fixtures } from './contract/fixtures-schema.js'
export type { ScenarioInput, Scenario } from './contract/scenario-schema.js'
