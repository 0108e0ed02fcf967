/**
 * analytics-sandbox: the sandbox of the Analytics Public API, for Node. Browser bundles get
 * `./browser.js` instead (the same exports but `startSandbox`), through the `browser` export condition.
 * The zod schemas, the OpenAPI documents and `verifyContract` are in `analytics-sandbox/contract`.
 *
 * @example
 * import { createSandbox, startSandbox } from 'analytics-sandbox'
 */
import { warnOfOldNode } from './server/warn-of-old-node.js'
import { listenForRun } from './server/run-report.js'

// Said as the package is imported, before a test's first request can fail inside msw 3 on Node 20.
warnOfOldNode(process.versions.node, (line) => void process.stderr.write(line))
// Under a mutate or report run (ANALYTICS_SANDBOX_REPORT_DIR), every sandbox of this process joins the run's report.
listenForRun(process.env)

export * from './library.js'
export { startSandbox, type RunningSandbox, type RunningSession, type StartSandboxOptions } from './server/start-sandbox.js'
export type { SessionInput } from './contract/session-schemas.js'
