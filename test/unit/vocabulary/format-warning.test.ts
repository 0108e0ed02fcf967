import { describe, expect, it } from 'vitest'
import { formatWarning } from '../../../src/vocabulary/warnings.js'

describe('formatWarning', () => {
  it('writes the code and the detail as one header line', () => {
    expect(formatWarning({ code: 'body_on_get', detail: 'this GET request carries a body' })).toBe(
      'body_on_get: this GET request carries a body',
    )
  })

  it('keeps the line printable ASCII whatever the detail holds, since node throws on any other header character', () => {
    const line = formatWarning({ code: 'unknown_parameter', detail: '"q" is not read by /sbx_us…ha\r\n: did you mean 🔑?' })
    expect(line).toMatch(/^[\x20-\x7e]+$/)
    expect(line).toContain('/sbx_us\\u2026ha')
  })
})
