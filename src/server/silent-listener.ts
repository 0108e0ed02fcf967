import { createServer, type Server, type Socket } from 'node:net'
import { SESSION_PREFIX } from '../core/admin/admin-paths.js'

/** Connections a silent listener holds at most; past it the system refuses more (`maxConnections`). */
export const MAX_SILENT_CONNECTIONS = 10_000

/** Bytes read of a connection at most to find its session in the request line; then it is read no more. */
const MAX_HEAD_BYTES = 8 * 1024

/** The session a request line names: `GET /sessions/<id>/…`. */
const SESSION_IN_LINE = new RegExp(`^[A-Z]+ ${SESSION_PREFIX.replaceAll('/', '\\/')}([A-Za-z0-9_-]+)\\/`)

/**
 * An address that accepts connections and never answers (a session's `silent_url`), shared by a
 * server's sessions: each connection is read only as far as its request line, to know the session
 * it is for, then paused, so it costs its socket and nothing more; ending the session closes its
 * connections. At most {@link MAX_SILENT_CONNECTIONS} are held.
 *
 * @example
 * const silent = await startSilentListener('127.0.0.1')
 * const url = `${silent.origin}/sessions/${id}/api/v1/` // a client's request there waits for ever
 * silent.release(id) // the session ended: its connections close
 */
export interface SilentListener {
  /** `http://host:port`. */
  readonly origin: string
  /** Connections held now. */
  readonly connections: number
  /** Closes the connections made for session `id`. */
  release(id: string): void
  /** Closes every connection and the listener. */
  close(): Promise<void>
}

/**
 * Starts a {@link SilentListener} on `host`, on a free port.
 *
 * @example
 * const silent = await startSilentListener('127.0.0.1')
 */
export async function startSilentListener(host: string): Promise<SilentListener> {
  const bySession = new Map<string, Set<Socket>>()
  const all = new Set<Socket>()
  const server: Server = createServer({ pauseOnConnect: false }, (socket) => {
    all.add(socket)
    // A client that resets its side is no error of the sandbox's.
    socket.on('error', () => socket.destroy())
    let head = ''
    const read = (chunk: Buffer) => {
      head += chunk.toString('latin1')
      const line = head.indexOf('\r\n')
      if (line < 0 && head.length < MAX_HEAD_BYTES) return
      // Read no further: what the client sends next waits in the system's buffers, then its own.
      socket.off('data', read)
      socket.pause()
      const id = SESSION_IN_LINE.exec(head.slice(0, line < 0 ? head.length : line))?.[1]
      head = ''
      if (id === undefined) return
      let held = bySession.get(id)
      if (held === undefined) bySession.set(id, (held = new Set()))
      held.add(socket)
      socket.once('close', () => {
        held.delete(socket)
        if (held.size === 0 && bySession.get(id) === held) bySession.delete(id)
      })
    }
    socket.on('data', read)
    socket.once('close', () => all.delete(socket))
  })
  server.maxConnections = MAX_SILENT_CONNECTIONS
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, host, () => resolve())
  })
  const { port } = server.address() as { port: number }
  return {
    origin: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    get connections() {
      return all.size
    },
    release(id) {
      const held = bySession.get(id)
      if (held === undefined) return
      bySession.delete(id)
      for (const socket of held) socket.destroy()
    },
    async close() {
      for (const socket of all) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/**
 * An address where nothing listens (a session's `refused_url`): a port found free, then let go, so
 * a connection there is refused. Another program could take the port meanwhile; on a test machine
 * a freshly freed ephemeral port stays free for long.
 *
 * @example
 * const refused = await findRefusedOrigin('127.0.0.1') // 'http://127.0.0.1:39517'
 */
export async function findRefusedOrigin(host: string): Promise<string> {
  const probe = createServer()
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject)
    probe.listen(0, host, () => resolve())
  })
  const { port } = probe.address() as { port: number }
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`
}
