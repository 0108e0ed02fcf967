/** The Content-Length a response announces, when it announces one that is a number. */
function announcedLength(response: Response): number | undefined {
  const header = response.headers.get('content-length')
  return header !== null && /^\d+$/.test(header.trim()) ? Number(header) : undefined
}

/**
 * The body of `response` as UTF-8 text, read as a stream and never more than `limit` bytes of it;
 * `undefined` once it would pass them: at once when its Content-Length says so, else as soon as
 * the bytes received do. Then the body is cancelled, which aborts the request (fetch closes the
 * connection), so a server that answers without end costs at most `limit` bytes of memory,
 * not its whole answer. The body's own errors (a timeout, a reset) reject.
 *
 * @example
 * const text = await readBoundedBody(await fetch(url), 8 * 1024 * 1024)
 * if (text === undefined) throw new Error(`${url} answered more than 8 MiB`)
 */
export async function readBoundedBody(response: Response, limit: number): Promise<string | undefined> {
  if (response.body === null) return ''
  if ((announcedLength(response) ?? 0) > limit) {
    await response.body.cancel()
    return undefined
  }
  const reader = response.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await reader.cancel()
      return undefined
    }
    chunks.push(value)
  }
  const whole = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    whole.set(chunk, offset)
    offset += chunk.byteLength
  }
  return new TextDecoder().decode(whole)
}
