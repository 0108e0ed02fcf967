/**
 * analytics-sandbox: the sandbox of the Analytics Public API, for Node. Browser bundles get
 * `./browser.js` instead (the same exports but `startSandbox`), through the `browser` export condition.
 *
 * @example
 * import { createSandbox, startSandbox } from 'analytics-sandbox'
 */
export * from './browser.js'
export { startSandbox, type RunningSandbox, type StartSandboxOptions } from './server/start-sandbox.js'
