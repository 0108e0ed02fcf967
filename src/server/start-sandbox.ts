import { createSandboxCore, resolveSandboxConfig } from '../config/create-sandbox-core.js'
import type { SandboxOptions } from '../config/sandbox-options.js'
import type { SandboxCore } from '../core/sandbox-core.js'
import { DOCUMENTED_KEYS } from '../model/documented-keys.js'
import { startServer, type RunningServer } from './start-server.js'

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
}

/**
 * A real HTTP sandbox running inside the current process.
 *
 * @example
 * const sandbox: RunningSandbox = await startSandbox()
 * await fetch(`${sandbox.url}projects`, { headers: { 'X-API-Key': sandbox.keys.user } })
 */
export interface RunningSandbox {
  /** The API's base address, ending in `/api/v1/`. */
  readonly url: string
  readonly port: number
  readonly keys: typeof DOCUMENTED_KEYS
  /** The state behind the server (for the library's own helpers). */
  readonly core: SandboxCore
  /** Stops the server and frees the port. */
  close(): Promise<void>
}

/**
 * Starts the standalone sandbox inside this process, on a free port unless told otherwise.
 *
 * @example
 * const sandbox = await startSandbox()
 * const response = await fetch(`${sandbox.url}validate`, { headers: { 'X-API-Key': sandbox.keys.user } })
 * await sandbox.close()
 */
export async function startSandbox(options: StartSandboxOptions = {}): Promise<RunningSandbox> {
  const core = await createSandboxCore(resolveSandboxConfig(options))
  const running: RunningServer = await startServer(core, { host: options.host ?? '127.0.0.1', port: options.port ?? 0 })
  return { url: running.url, port: running.port, keys: DOCUMENTED_KEYS, core, close: () => running.close() }
}
