import type { Server } from 'node:http'
import { findRefusedOrigin, startSilentListener, type SilentListener } from './silent-listener.js'
import { endSandbox } from '../core/end-sandbox.js'
import type { SandboxCore } from '../core/sandbox-core.js'
import type { DocumentName, ServerSettings } from '../core/server-settings.js'
import { dispatch } from '../core/dispatch.js'
import { carriesBody, isHeavy } from '../core/admin/admin-request-kind.js'
import { openSandbox, type OpenedSandbox, type SandboxConfig } from '../sandbox/open-sandbox.js'
import { openSession } from '../sandbox/open-session.js'
import type { ProcessWide } from '../core/process-wide.js'
import { ConfigError } from '../vocabulary/config-error.js'
import { isLoopback } from '../vocabulary/is-loopback.js'
import { maskKeysIn } from '../vocabulary/mask-key.js'
import { ADMIN_TOKEN_RULE, isSendableToken } from '../vocabulary/admin-token-rule.js'
import { dashboardAnswer } from './dashboard-answer.js'
import { type SessionAddresses, SessionStore, type SessionLimits } from './session-store.js'
import { startServer, type TransportOptions } from './start-server.js'

export { isLoopback } from '../vocabulary/is-loopback.js'
export { ADMIN_TOKEN_RULE } from '../vocabulary/admin-token-rule.js'

/** Where and how to serve: the transport's options, and the admin API's token and health figures. */
export interface ServerOptions extends Pick<TransportOptions, 'host' | 'port' | 'log' | 'timeouts'> {
  /**
   * Token the admin API requires (header `X-Sandbox-Admin-Token`). Bound to an address other than
   * loopback without one, the server makes one up: the admin API is never open to other machines.
   */
  readonly adminToken?: string
  /** What the request log has written and dropped, for `GET /__sandbox/health`. */
  readonly logStats?: ServerSettings['logStats']
}

/** A listening standalone sandbox. */
export interface RunningServer {
  /** The API's base address, e.g. `http://127.0.0.1:4010/api/v1/`. */
  readonly url: string
  readonly host: string
  readonly port: number
  readonly server: Server
  /** The token the admin API requires, if any; `generated` when the server made it up. */
  readonly admin: { readonly token: string | undefined; readonly generated: boolean }
  /** The sessions it holds. */
  readonly sessions: SessionStore
}

/** A sandbox served over node:http: its controls, its core, and the server. */
export interface ServedSandbox {
  readonly opened: OpenedSandbox
  readonly core: SandboxCore
  readonly running: RunningServer
  /** Stops the server (in-flight requests may finish within its grace) and ends the sandbox: its budget and keys given back. */
  close(graceMs?: number): Promise<void>
}

/** The OpenAPI documents' texts, built from the contract's schemas (zod) on their first request only. */
async function loadDocument(name: DocumentName): Promise<string> {
  if (name === 'openapi') return (await import('../contract/openapi-json.js')).openApiJson()
  return (await import('../contract/admin-openapi-json.js')).adminOpenApiJson()
}

/**
 * The one way a standalone sandbox is built, for the command line and `startSandbox` alike: the
 * sandbox (drawing on the process's memory budget, its keys masked process-wide), the server's
 * settings (the admin token, the loopback rule, the OpenAPI documents, the dashboard), its sessions
 * (made from the same configuration and records, swept when unused), the node:http transport that
 * carries requests to `dispatch`, and an end that gives all of it back. A port it cannot listen on
 * (or a bad token) rejects with the ConfigError and leaves nothing behind.
 *
 * @example
 * const served = await serveSandbox(resolveSandboxConfig({ now: '2026-01-15' }), THIS_PROCESS, { host: '127.0.0.1', port: 0 }, { max: 1000, ttlMs: 1_800_000 })
 * await served.close()
 */
export async function serveSandbox(
  resolved: SandboxConfig,
  process: ProcessWide,
  server: ServerOptions,
  limits: SessionLimits,
): Promise<ServedSandbox> {
  if (server.adminToken !== undefined && !isSendableToken(server.adminToken)) throw new ConfigError(ADMIN_TOKEN_RULE)
  const loopback = isLoopback(server.host)
  const generated = server.adminToken === undefined && !loopback
  // node:crypto loads only when a token is made up (docs/benchmarks.md, "Tuning measurements").
  const adminToken = generated ? (await import('node:crypto')).randomBytes(18).toString('base64url') : server.adminToken
  // A server's sandboxes, its sessions' too, draw on the process's one budget and mask its servers' keys.
  const config: SandboxConfig = { ...resolved, budget: process.serverBudget, knownKeys: process.serverKeys }
  const opened = openSandbox(config, process)
  const core = await opened.core
  let origin = ''
  // The addresses a session's client can be pointed at to meet a refused or a silent connection.
  let silent: SilentListener | undefined
  let addresses: SessionAddresses | undefined
  if (limits.max > 0) {
    try {
      silent = await startSilentListener(server.host)
      addresses = { refused: await findRefusedOrigin(server.host), silent: silent.origin, release: (id) => silent!.release(id) }
    } catch (error) {
      endSandbox(core)
      await silent?.close()
      throw error
    }
  }
  const sessions = new SessionStore(
    (body) => openSession(config, process, core.fixtures, body),
    limits,
    () => origin,
    addresses,
  )
  /** The server's settings: the root's; its sessions answer under the same, without sessions or dashboard of their own. */
  const settings: ServerSettings = {
    adminToken,
    loopbackOnly: loopback,
    document: loadDocument,
    dashboard: dashboardAnswer,
    logStats: server.logStats,
    sessions,
  }
  let listening: Awaited<ReturnType<typeof startServer>>
  try {
    listening = await startServer((request) => dispatch(core, request, settings), {
      ...server,
      // Read before the request is answered, while a key it names (DELETE keys/{key}) is still known.
      shown: (url) => maskKeysIn(url, core.model.index.knownKeys),
      carriesBody,
      isHeavy,
    })
  } catch (error) {
    // A port in use must not leave this sandbox's share of the process's budget and keys behind.
    endSandbox(core)
    await silent?.close()
    throw error
  }
  origin = listening.origin
  const sweeper = setInterval(() => sessions.sweep(), Math.min(60_000, Math.max(1_000, limits.ttlMs / 2)))
  sweeper.unref()
  return {
    opened,
    core,
    running: {
      url: `${origin}${core.basePath}`,
      host: listening.host,
      port: listening.port,
      server: listening.server,
      admin: { token: adminToken, generated },
      sessions,
    },
    async close(graceMs) {
      clearInterval(sweeper)
      sessions.clear()
      await silent?.close()
      await listening.close(graceMs)
      endSandbox(core)
    },
  }
}
