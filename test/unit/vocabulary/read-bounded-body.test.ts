import { describe, expect, it } from 'vitest'
import { readBoundedBody } from '../../../src/vocabulary/read-bounded-body.js'

/** A response streaming `chunks` chunks of `size` bytes, counting what was pulled and whether it was cancelled. */
function streaming(chunks: number, size: number, headers: Record<string, string> = {}) {
  const seen = { pulled: 0, cancelled: false }
  const chunk = new Uint8Array(size).fill(0x61)
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (seen.pulled === chunks) return controller.close()
        seen.pulled++
        controller.enqueue(chunk)
      },
      cancel() {
        seen.cancelled = true
      },
    },
    { highWaterMark: 0 },
  )
  return { response: new Response(body, { headers }), seen }
}

describe('readBoundedBody', () => {
  it('reads a body up to the limit whole, as UTF-8 text', async () => {
    expect(await readBoundedBody(new Response('{"é":"😀"}'), 16)).toBe('{"é":"😀"}')
    const { response } = streaming(4, 1024)
    expect(await readBoundedBody(response, 4096)).toBe('a'.repeat(4096))
    expect(await readBoundedBody(new Response(null), 0)).toBe('')
  })

  it('stops at the first chunk past the limit and cancels the body, instead of reading a body without end', async () => {
    const { response, seen } = streaming(Number.POSITIVE_INFINITY, 1024)
    expect(await readBoundedBody(response, 10 * 1024)).toBeUndefined()
    expect(seen).toEqual({ pulled: 11, cancelled: true })
  })

  it('cancels the body before reading any of it when its Content-Length is past the limit', async () => {
    const { response, seen } = streaming(Number.POSITIVE_INFINITY, 1024, { 'content-length': String(2_000 * 1024 * 1024) })
    expect(await readBoundedBody(response, 8 * 1024 * 1024)).toBeUndefined()
    expect(seen).toEqual({ pulled: 0, cancelled: true })
  })
})
