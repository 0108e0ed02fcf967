import { describe, expect, it } from 'vitest'
import { ownAnswer, toAnswer } from '../../../src/core/answer.js'
import { ok } from '../../../src/contract/envelope.js'

describe('toAnswer and ownAnswer', () => {
  it('encodes the envelope as UTF-8 bytes with a content-length that counts bytes, not characters', () => {
    const answer = toAnswer(ok({ name: 'Zürich ☂' }, 'Fetched'))
    const text = JSON.stringify(ok({ name: 'Zürich ☂' }, 'Fetched'))
    expect(new TextDecoder().decode(answer.body)).toBe(text)
    expect(answer.headers['content-length']).toBe(String(new TextEncoder().encode(text).byteLength))
  })

  it('under Node, gives a body that is a Buffer, so node writes it without wrapping it again', () => {
    expect(Buffer.isBuffer(toAnswer(ok({}, 'Fetched')).body)).toBe(true)
  })

  it('gives a kept answer a body that owns exactly its bytes, so a cached answer keeps no shared pool alive', () => {
    const answer = toAnswer(ok({ projects: [1, 2, 3] }, 'Fetched'))
    const kept = ownAnswer(answer)
    expect(kept.body.byteOffset).toBe(0)
    expect(kept.body.buffer.byteLength).toBe(kept.body.byteLength)
    expect(Buffer.isBuffer(kept.body)).toBe(true)
    expect(Buffer.from(kept.body).equals(Buffer.from(answer.body))).toBe(true)
    expect(kept.headers).toBe(answer.headers)
    expect(kept.status).toBe(answer.status)
  })

  it('returns an answer that already owns its bytes as it is', () => {
    const owned = { status: 200, headers: {}, body: new Uint8Array([123, 125]) }
    expect(ownAnswer(owned)).toBe(owned)
  })
})
