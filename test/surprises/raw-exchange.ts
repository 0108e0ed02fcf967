import { connect } from 'node:net'

/** What a raw socket met after writing one request: the bytes, when each came, and how the connection ended. */
export interface Exchange {
  readonly bytes: Buffer
  /** Milliseconds after the write at which each chunk arrived. */
  readonly arrivals: readonly number[]
  /** The bytes of each chunk, in the order they arrived. */
  readonly sizes: readonly number[]
  /** `reset` (ECONNRESET), `closed` (a clean end), or `open` (still open when the time was up). */
  readonly ending: 'reset' | 'closed' | 'open'
}

/**
 * Writes a GET of `path` with `headers` on a fresh connection to `port` and reads what comes, until
 * the connection ends, the answer is complete (`Content-Length` read), or `limitMs` passes.
 *
 * @example
 * const exchange = await rawExchange(port, '/api/v1/projects', { 'X-API-Key': 'sbx_user_alpha' })
 */
export function rawExchange(port: number, path: string, headers: Record<string, string>, limitMs = 10_000): Promise<Exchange> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    const chunks: Buffer[] = []
    const arrivals: number[] = []
    const sizes: number[] = []
    let started = 0
    let done = false
    const finish = (ending: Exchange['ending']) => {
      if (done) return
      done = true
      clearTimeout(timer)
      socket.destroy()
      resolve({ bytes: Buffer.concat(chunks), arrivals, sizes, ending })
    }
    const timer = setTimeout(() => finish('open'), limitMs)
    socket.on('connect', () => {
      started = performance.now()
      const lines = Object.entries({ Host: `127.0.0.1:${port}`, ...headers }).map(([name, value]) => `${name}: ${value}`)
      socket.write(`GET ${path} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`)
    })
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk)
      sizes.push(chunk.length)
      arrivals.push(performance.now() - started)
      const all = Buffer.concat(chunks)
      const head = all.indexOf('\r\n\r\n')
      const length = /content-length: (\d+)/i.exec(all.subarray(0, Math.max(0, head)).toString('latin1'))
      if (head >= 0 && length !== null && all.length - head - 4 >= Number(length[1])) finish('open')
    })
    socket.on('error', (error: NodeJS.ErrnoException) => finish(error.code === 'ECONNRESET' ? 'reset' : 'closed'))
    socket.on('end', () => finish('closed'))
  })
}

/** The status line's status, the headers (lower-case names) and the body bytes of an exchange. */
export function splitExchange(exchange: Exchange): { status: number; headers: Record<string, string>; body: Buffer } {
  const head = exchange.bytes.indexOf('\r\n\r\n')
  const lines = exchange.bytes.subarray(0, head).toString('latin1').split('\r\n')
  const headers: Record<string, string> = {}
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':')
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim()
  }
  return { status: Number(lines[0]!.split(' ')[1]), headers, body: exchange.bytes.subarray(head + 4) }
}
