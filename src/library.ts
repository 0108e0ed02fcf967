/**
 * analytics-sandbox's shared exports, for Node and for browsers: the sandbox, its controls, its
 * errors and the API's types. No zod on this path: the schemas are in `analytics-sandbox/contract`.
 *
 * @example
 * import { createSandbox, ERRORS } from 'analytics-sandbox'
 */
export { createSandbox, type Sandbox } from './msw/create-sandbox.js'
export type { SandboxControls, AccountControls, ProjectControls, KeyControls, ClockControls } from './sandbox/sandbox-controls.js'
export { PortalError, type FieldIssue } from './vocabulary/portal-error.js'
export { SandboxError } from './vocabulary/sandbox-error.js'
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
export { DOCUMENTED_KEYS } from './vocabulary/documented-keys.js'
export { MUTATION_LIST as mutations, type MutationList } from './core/mutation-list.js'
export { underVariant } from './sandbox/under-variant.js'
export type { MutationKind } from './vocabulary/mutations.js'
export { ERRORS, type ErrorTemplate } from './vocabulary/errors.js'
export { MESSAGES } from './vocabulary/endpoint-rules.js'
export { PROVIDERS, type Provider } from './vocabulary/providers.js'
export type { Envelope, ErrorEnvelope, SuccessEnvelope } from './contract/envelope-schemas.js'
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
export type { FixturesInput, Fixtures, FixturesRecordsInput, ExtendingFixturesInput } from './contract/fixtures-schema.js'
export type { ScenarioInput, Scenario } from './contract/scenario-schema.js'
export type { ErrorBody } from './vocabulary/sandbox-error.js'
export type { Warning } from './vocabulary/warnings.js'
export type { LatencyRange } from './vocabulary/latency.js'
export type { EndpointName } from './vocabulary/endpoint-rules.js'
export type { VariantName } from './vocabulary/variants.js'
export type { KeyLevel } from './vocabulary/key-level.js'
export type { CoverageReport, CoverageScope, CoveredOutcome, WarningCount } from './core/report/coverage.js'
export type {
  BehaviourEntry,
  BehaviourFailure,
  BehaviourKeyVerdict,
  BehaviourReport,
  BehaviourRuleVerdict,
  BehaviourScope,
} from './core/behaviour/behaviour-judge.js'
export type { BehaviourRuleName, BehaviourVerdict } from './vocabulary/behaviour-rules.js'
export type { ExpectationInput } from './contract/expect-schemas.js'
export type { ExpectationOutcome } from './core/behaviour/check-expectation.js'
export type { Outcome } from './core/report/outcome-catalogue.js'
export type { DatesKind, OutcomeExample } from './core/report/outcome-examples.js'
export type { Collections } from './model/create-collections.js'
