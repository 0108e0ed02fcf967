import { describe, expect, it } from 'vitest'
import { parseJsonText } from '../../../src/vocabulary/parse-json-text.js'

describe('parseJsonText', () => {
  it('reads the JSON after a leading UTF-8 byte order mark, as some editors write it', () => {
    expect(parseJsonText('\uFEFF{"a":1}')).toEqual({ a: 1 })
  })

  it('reads JSON without a byte order mark as JSON.parse does', () => {
    expect(parseJsonText('[1, "two"]')).toEqual([1, 'two'])
  })

  it('refuses a byte order mark anywhere but first, and text that is not JSON, with a SyntaxError', () => {
    expect(() => parseJsonText(' \uFEFF{}')).toThrow(SyntaxError)
    expect(() => parseJsonText('\uFEFF\uFEFF{}')).toThrow(SyntaxError)
    expect(() => parseJsonText('{ "users": [ ')).toThrow(SyntaxError)
  })
})
