/**
 * analytics-sandbox: the sandbox of the Analytics Public API.
 *
 * @example
 * import { createSandbox, startSandbox } from 'analytics-sandbox'
 */
export { createSandbox, type Sandbox } from './sandbox/create-sandbox.js'
export { startSandbox, type RunningSandbox, type StartSandboxOptions } from './server/start-sandbox.js'
export type { SandboxOptions } from './config/sandbox-options.js'
export { ConfigError } from './config/config-error.js'
export { DOCUMENTED_KEYS } from './model/documented-keys.js'
export { ERRORS, type ErrorTemplate } from './core/errors.js'
export { MESSAGES } from './core/messages.js'
export { PROVIDERS, type Provider } from './core/analytics/providers.js'
export type { Envelope } from './core/envelope.js'
export type {
  ApiKeyDetails,
  MonitoringData,
  OverviewData,
  PeriodSummary,
  ProjectResource,
  ProjectsData,
  Trend,
} from './core/resources.js'
export type { FixturesInput, Fixtures } from './model/fixtures-schema.js'
