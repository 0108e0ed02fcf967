import { readFile } from 'node:fs/promises'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize, sep } from 'node:path'

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
}

/** A folder served over HTTP on loopback. */
export interface StaticServer {
  /** `http://127.0.0.1:<port>/` */
  readonly url: string
  /** The path of every request received, in order. */
  readonly requested: readonly string[]
  close(): Promise<void>
}

function send(response: ServerResponse, status: number, type: string, body: string | Buffer): void {
  response.writeHead(status, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(body), 'Cache-Control': 'no-store' })
  response.end(body)
}

async function answer(folder: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return send(response, 405, 'text/plain; charset=utf-8', 'Method Not Allowed')
  const pathname = new URL(request.url ?? '/', 'http://127.0.0.1').pathname
  const file = join(folder, normalize(pathname === '/' ? '/index.html' : decodeURIComponent(pathname)))
  const type = CONTENT_TYPES[extname(file)]
  if (type === undefined || !file.startsWith(`${folder}${sep}`)) return send(response, 404, 'text/plain; charset=utf-8', 'Not Found')
  let body: Buffer
  try {
    body = await readFile(file)
  } catch {
    return send(response, 404, 'text/plain; charset=utf-8', 'Not Found')
  }
  send(response, 200, type, request.method === 'HEAD' ? '' : body)
}

/**
 * Serves the files of `folder` (HTML and JavaScript only; `/` is `index.html`) on 127.0.0.1, on a
 * free port, and records the requested paths. Anything else is 404.
 *
 * @example
 * const server = await serveFolder('/tmp/page')
 * await fetch(server.url) // index.html
 * await server.close()
 */
export async function serveFolder(folder: string): Promise<StaticServer> {
  const requested: string[] = []
  const server = createServer((request, response) => {
    requested.push(new URL(request.url ?? '/', 'http://127.0.0.1').pathname)
    answer(folder, request, response).catch(() => {
      if (!response.headersSent) send(response, 500, 'text/plain; charset=utf-8', 'Internal Server Error')
      else response.destroy()
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/`,
    requested,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
