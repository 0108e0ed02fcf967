/**
 * analytics-sandbox: the sandbox of the Analytics Public API, for Node. Browser bundles get
 * `./browser.js` instead (the same exports but `startSandbox`), through the `browser` export condition.
 * The zod schemas, the OpenAPI documents and `verifyContract` are in `analytics-sandbox/contract`.
 *
 * @example
 * import { createSandbox, startSandbox } from 'analytics-sandbox'
 */
export * from './library.js'
export { startSandbox, type RunningSandbox, type RunningSession, type StartSandboxOptions } from './server/start-sandbox.js'
export type { SessionInput } from './contract/session-schemas.js'
