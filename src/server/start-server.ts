import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { ConfigError } from '../config/config-error.js'
import { dispatch } from '../core/dispatch.js'
import type { SandboxCore } from '../core/sandbox-core.js'
import type { RequestLogger } from './request-logger.js'
import { toCoreRequest } from './to-core-request.js'

/** Where and how to listen. */
export interface ServerOptions {
  readonly host: string
  readonly port: number
  readonly log?: RequestLogger
}

/** A listening standalone sandbox. */
export interface RunningServer {
  /** The API's base address, e.g. `http://127.0.0.1:4010/api/v1/`. */
  readonly url: string
  readonly host: string
  readonly port: number
  readonly server: Server
  /** Stops accepting connections, lets in-flight requests finish (at most `graceMs`), frees the port. */
  close(graceMs?: number): Promise<void>
}

/** The one-line reason a listen failed, naming the host and port. */
function describeListenError(error: NodeJS.ErrnoException, host: string, port: number): string {
  switch (error.code) {
    case 'EADDRINUSE':
      return `Port ${port} on ${host} is already in use: stop what holds it, or choose another with --port (0 picks a free one)`
    case 'EACCES':
      return `Not allowed to listen on port ${port} on ${host}: choose a port above 1023 with --port`
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
      return `Cannot listen on host ${host}: it is not an address of this machine (--host)`
    default:
      return `Cannot listen on ${host}:${port}: ${error.message}`
  }
}

function formatHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host
}

/**
 * Serves `sandbox` over node:http: each request goes straight to the core's `dispatch`, with no
 * framework and no msw in between. Rejects with a {@link ConfigError} when it cannot listen.
 *
 * @example
 * const running = await startServer(sandbox, { host: '127.0.0.1', port: 0 })
 * await fetch(`${running.url}projects`, { headers: { 'X-API-Key': 'sbx_user_alpha' } })
 * await running.close()
 */
export async function startServer(sandbox: SandboxCore, options: ServerOptions): Promise<RunningServer> {
  const { log } = options
  const server = createServer({ keepAliveTimeout: 5_000, headersTimeout: 10_000, requestTimeout: 30_000 }, (request, response) => {
    const started = log === undefined ? 0 : performance.now()
    const coreRequest = toCoreRequest(request)
    const answer = dispatch(sandbox, coreRequest)
    const send = () => {
      response.writeHead(answer.status, answer.headers)
      response.end(answer.body)
      log?.({
        method: coreRequest.method,
        path: request.url ?? '/',
        status: answer.status,
        ms: performance.now() - started,
        key: coreRequest.header('x-api-key'),
      })
    }
    if (answer.delayMs > 0) setTimeout(send, answer.delayMs)
    else send()
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => reject(new ConfigError(describeListenError(error, options.host, options.port))))
    server.listen(options.port, options.host, () => resolve())
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://${formatHost(options.host)}:${port}${sandbox.basePath}`,
    host: options.host,
    port,
    server,
    close(graceMs = 5_000) {
      return new Promise<void>((resolve) => {
        const force = setTimeout(() => server.closeAllConnections(), graceMs)
        server.close(() => {
          clearTimeout(force)
          resolve()
        })
        server.closeIdleConnections()
      })
    },
  }
}
