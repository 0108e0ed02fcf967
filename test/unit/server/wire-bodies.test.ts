import { describe, expect, it } from 'vitest'
import { createWireBodies, TEXT_BODY_BYTES } from '../../../src/server/wire-bodies.js'

const HEADERS = { 'content-type': 'application/json; charset=utf-8', 'x-sandbox-warning': ['a: one', 'b: two'] }
const utf8 = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'))

describe('createWireBodies', () => {
  it('hands a short body as its text, whose UTF-8 bytes are the body, non-ASCII characters and a leading BOM included', () => {
    const wire = createWireBodies()
    for (const text of ['{"name":"Café Ünïcødé ☕ 𝄞"}', '\uFEFF{"bom":true}', '']) {
      const handed = wire(utf8(text), HEADERS)
      expect(typeof handed).toBe('string')
      expect(Buffer.from(handed as string, 'utf8')).toEqual(Buffer.from(text, 'utf8'))
    }
  })

  it(`hands a body over ${TEXT_BODY_BYTES} bytes as its bytes, the same object`, () => {
    const body = utf8('x'.repeat(TEXT_BODY_BYTES + 1))
    expect(createWireBodies()(body, HEADERS)).toBe(body)
    const exact = utf8('x'.repeat(TEXT_BODY_BYTES))
    expect(createWireBodies()(exact, HEADERS)).toBe('x'.repeat(TEXT_BODY_BYTES))
  })

  it('hands bytes that are not valid UTF-8 as they are, so what is sent is what the answer holds', () => {
    for (const bytes of [[0xff], [0xc3], [0xed, 0xa0, 0x80], [0x7b, 0x80, 0x7d]]) {
      const body = new Uint8Array(bytes)
      expect(createWireBodies()(body, HEADERS)).toBe(body)
    }
  })

  it('hands the bytes where a header value is not printable ASCII: node would write such a header as UTF-8 with a text body, as Latin-1 with bytes', () => {
    const body = utf8('{"ok":true}')
    expect(createWireBodies()(body, { 'x-sandbox-warning': ['a: café'] })).toBe(body)
    expect(createWireBodies()(body, { 'x-note': 'caf\u00e9' })).toBe(body)
  })

  it('decodes a repeated answer once: the same body and headers objects give the same text; other headers decide again', () => {
    const wire = createWireBodies()
    const body = utf8('{"ok":true}')
    const first = wire(body, HEADERS)
    expect(wire(body, HEADERS)).toBe(first)
    expect(wire(body, { 'x-note': 'caf\u00e9' })).toBe(body)
    expect(wire(body, HEADERS)).toBe('{"ok":true}')
  })
})
