import type { IncomingMessage } from 'node:http'

/**
 * Reads a request body as UTF-8, at most `maxBytes`; `undefined` when it is larger (the rest is
 * not read) or the client goes away before it ends.
 */
export function readBody(request: IncomingMessage, maxBytes: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    let size = 0
    request.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > maxBytes) {
        request.removeAllListeners('data')
        request.pause()
        resolve(undefined)
        return
      }
      chunks.push(chunk)
    })
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    request.on('error', () => resolve(undefined))
    // After 'end' this changes nothing; before it, the client went away mid-body.
    request.on('close', () => resolve(undefined))
  })
}
