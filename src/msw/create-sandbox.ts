import type { HttpHandler } from 'msw'
import { openSandbox, resolveSandboxConfig } from '../sandbox/open-sandbox.js'
import { THIS_PROCESS } from '../sandbox/this-process.js'
import type { SandboxOptions } from '../sandbox/sandbox-options.js'
import type { Collections } from '../model/create-collections.js'
import { createHandlers } from './create-handlers.js'
import type { SandboxControls } from '../sandbox/sandbox-controls.js'

/**
 * An in-process sandbox: msw handlers and the means to steer them from a test.
 *
 * @example
 * const sandbox: Sandbox = createSandbox()
 * setupServer(...sandbox.handlers).listen()
 */
export interface Sandbox extends SandboxControls {
  /** msw request handlers for `setupServer` (Node) or `setupWorker` (browser). */
  readonly handlers: HttpHandler[]
  /** Resolves once the data is seeded (handlers also wait for it by themselves). */
  ready(): Promise<void>
  /** The @msw/data collections behind the answers: create, update or delete records in a test. */
  db(): Promise<Collections>
}

/**
 * Creates an in-process sandbox. Options are checked at once (a bad one throws a ConfigError here);
 * the data seeds in the background and the handlers wait for it.
 *
 * @example
 * import { setupServer } from 'msw/node'
 * import { createSandbox } from 'analytics-sandbox'
 *
 * const sandbox = createSandbox({ now: '2026-01-15' })
 * const server = setupServer(...sandbox.handlers)
 * beforeAll(() => server.listen())
 * afterEach(() => sandbox.reset())
 * afterAll(() => server.close())
 */
export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const opened = openSandbox(resolveSandboxConfig(options), THIS_PROCESS)
  const { core, config } = opened
  return {
    handlers: createHandlers(() => core, config.base),
    get requests() {
      return opened.requests
    },
    coverage: opened.coverage,
    behaviour: opened.behaviour,
    expect: opened.expect,
    useScenario: opened.useScenario,
    reset: opened.reset,
    accounts: opened.accounts,
    projects: opened.projects,
    keys: opened.keys,
    clock: opened.clock,
    ready: async () => void (await core),
    db: async () => (await core).model.db(),
  }
}
