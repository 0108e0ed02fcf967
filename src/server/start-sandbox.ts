import { openSandbox, resolveSandboxConfig } from '../sandbox/open-sandbox.js'
import { SANDBOX_OPTION_NAMES, type SandboxOptions } from '../sandbox/sandbox-options.js'
import type { SandboxControls } from '../sandbox/sandbox-controls.js'
import { startServer } from './start-server.js'

/**
 * Options of {@link startSandbox}: the sandbox's, plus where to listen.
 *
 * @example
 * const options: StartSandboxOptions = { port: 4010, now: '2026-01-15' }
 */
export interface StartSandboxOptions extends Omit<SandboxOptions, 'baseUrl'> {
  /** Default 0: any free port. */
  port?: number
  /** Default `127.0.0.1`. */
  host?: string
  /** Token the admin API requires; one is made up when `host` is not loopback (see `adminToken` on the result). */
  adminToken?: string
}

/** Every option of {@link StartSandboxOptions}: the sandbox's but `baseUrl`, and where to listen. */
const START_SANDBOX_OPTION_NAMES: ReadonlySet<string> = new Set(
  [...SANDBOX_OPTION_NAMES].filter((name) => name !== 'baseUrl').concat(['port', 'host', 'adminToken']),
)

/**
 * A real HTTP sandbox running inside the current process, steered like an in-process one.
 *
 * @example
 * const sandbox: RunningSandbox = await startSandbox()
 * await fetch(`${sandbox.url}projects`, { headers: { 'X-API-Key': sandbox.keys.user } })
 */
export interface RunningSandbox extends SandboxControls {
  /** The API's base address, ending in `/api/v1/`. */
  readonly url: string
  readonly port: number
  /** The token the admin API requires, if any. */
  readonly adminToken: string | undefined
  /** Stops the server (in-flight requests finish) and frees the port. */
  close(): Promise<void>
}

/**
 * Starts the standalone sandbox inside this process, on a free port unless told otherwise.
 * Rejects with a ConfigError for a bad option or a port it cannot listen on.
 *
 * @example
 * const sandbox = await startSandbox({ now: '2026-01-15' })
 * const response = await fetch(`${sandbox.url}validate`, { headers: { 'X-API-Key': sandbox.keys.user } })
 * await sandbox.close()
 */
export async function startSandbox(options: StartSandboxOptions = {}): Promise<RunningSandbox> {
  const opened = openSandbox(resolveSandboxConfig(options, {}, START_SANDBOX_OPTION_NAMES))
  const running = await startServer(await opened.core, {
    host: options.host ?? '127.0.0.1',
    port: options.port ?? 0,
    ...(options.adminToken === undefined ? {} : { adminToken: options.adminToken }),
  })
  return {
    url: running.url,
    port: running.port,
    adminToken: running.admin.token,
    get requests() {
      return opened.requests
    },
    coverage: opened.coverage,
    useScenario: opened.useScenario,
    reset: opened.reset,
    accounts: opened.accounts,
    projects: opened.projects,
    keys: opened.keys,
    clock: opened.clock,
    close: () => running.close(),
  }
}
