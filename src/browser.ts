/**
 * analytics-sandbox for browsers: everything but `startSandbox` (which needs node:http), so the
 * handlers can run in `setupWorker`. Bundlers pick this file through the `browser` export condition.
 * A browser cannot load the input schemas on demand, as Node does, so this entry brings them.
 *
 * @example
 * import { setupWorker } from 'msw/browser'
 * import { createSandbox } from 'analytics-sandbox'
 *
 * await setupWorker(...createSandbox().handlers).start()
 */
import * as inputSchemas from './contract/input-schemas.js'
import { provideInputSchemas } from './contract/load-input-schemas.js'

provideInputSchemas(inputSchemas)

export * from './library.js'
