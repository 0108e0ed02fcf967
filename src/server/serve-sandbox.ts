import { endSandbox } from '../core/end-sandbox.js'
import type { SandboxCore } from '../core/sandbox-core.js'
import { PROCESS_KEYS } from '../model/process-keys.js'
import { openSandbox, type OpenedSandbox, type SandboxConfig } from '../sandbox/open-sandbox.js'
import { openSession } from '../sandbox/open-session.js'
import { PROCESS_BUDGET } from '../vocabulary/memory-budget.js'
import type { SessionLimits } from './session-store.js'
import { startServer, type RunningServer, type ServerOptions } from './start-server.js'

/** A sandbox served over node:http: its controls, its core, and the server. */
export interface ServedSandbox {
  readonly opened: OpenedSandbox
  readonly core: SandboxCore
  readonly running: RunningServer
  /** Stops the server (in-flight requests may finish within its grace) and ends the sandbox: its budget and keys given back. */
  close(graceMs?: number): Promise<void>
}

/**
 * The one way a standalone sandbox is built, for the command line and `startSandbox` alike: the
 * sandbox (drawing on the process's memory budget, its keys masked process-wide), a server for it
 * whose sessions are made from the same configuration and records, and an end that gives all of
 * it back. A port it cannot listen on (or a bad token) rejects with the ConfigError and leaves
 * nothing behind.
 *
 * @example
 * const served = await serveSandbox(resolveSandboxConfig({ now: '2026-01-15' }), { host: '127.0.0.1', port: 0 }, { max: 1000, ttlMs: 1_800_000 })
 * await served.close()
 */
export async function serveSandbox(
  resolved: SandboxConfig,
  server: Omit<ServerOptions, 'sessions'>,
  sessions: SessionLimits,
): Promise<ServedSandbox> {
  // A server's sandboxes, its sessions' too, draw on the process's one budget.
  const config: SandboxConfig = { ...resolved, budget: PROCESS_BUDGET, knownKeys: PROCESS_KEYS }
  const opened = openSandbox(config)
  const core = await opened.core
  let running: RunningServer
  try {
    running = await startServer(core, { ...server, sessions: { ...sessions, open: (body) => openSession(config, core.fixtures, body) } })
  } catch (error) {
    // A port in use (or a bad token) must not leave this sandbox's share of the process's budget and keys behind.
    endSandbox(core)
    throw error
  }
  return {
    opened,
    core,
    running,
    async close(graceMs) {
      await running.close(graceMs)
      endSandbox(core)
    },
  }
}
