import { describe, expect, it } from 'vitest'
import { decodeUrlPart } from '../../../src/vocabulary/decode-url-part.js'

describe('decodeUrlPart', () => {
  it('decodes a piece as a server reads it, + as a space in a query only', () => {
    expect(decodeUrlPart('a%20b+c', true)).toBe('a b c')
    expect(decodeUrlPart('a%20b+c', false)).toBe('a b+c')
    expect(decodeUrlPart('caf%C3%A9', false)).toBe('café')
  })

  it('decodes the good escapes of a piece that holds a bad one, and leaves the bad as sent', () => {
    expect(decodeUrlPart('sbx%5Fuser_alpha%ZZ', true)).toBe('sbx_user_alpha%ZZ')
    expect(decodeUrlPart('%E0%A4%A', false)).toBe('%E0%A4%A')
    expect(decodeUrlPart('%', false)).toBe('%')
  })
})
