import { describe, expect, it } from 'vitest'
import { OPTIONS } from '../../../src/vocabulary/options.js'
import { readWholeNumber } from '../../../src/vocabulary/read-whole-number.js'
import { checkWholeOption, readWholeOption, wholeOptionRule, type WholeOption } from '../../../src/vocabulary/whole-option.js'
import { ConfigError } from '../../../src/vocabulary/config-error.js'

const WHOLE = (Object.keys(OPTIONS) as (keyof typeof OPTIONS)[]).filter((name) => OPTIONS[name].kind === 'whole') as WholeOption[]

describe('readWholeNumber', () => {
  it.each(['1e3', '-1', '1.0', ' 5', '0x10', '', '12345678901234567'])('reads %j as no whole number', (text) => {
    expect(readWholeNumber(text, 0, Number.MAX_SAFE_INTEGER)).toBeUndefined()
  })

  it('reads digits within the range, both ends included, and nothing past them', () => {
    expect(readWholeNumber('1', 1, 10)).toBe(1)
    expect(readWholeNumber('10', 1, 10)).toBe(10)
    expect(readWholeNumber('0', 1, 10)).toBeUndefined()
    expect(readWholeNumber('11', 1, 10)).toBeUndefined()
    expect(readWholeNumber('9007199254740991', 0, Number.MAX_SAFE_INTEGER)).toBe(Number.MAX_SAFE_INTEGER)
    expect(readWholeNumber('9007199254740992', 0, Number.MAX_SAFE_INTEGER)).toBeUndefined()
  })
})

describe('a whole-number option, as a flag and as a library option', () => {
  it.each(WHOLE)('takes the same range for %s both ways: its ends, and neither number past them', (name) => {
    const { min, max } = OPTIONS[name]
    for (const value of [min, max]) {
      expect(readWholeOption(name, String(value))).toBe(value)
      expect(checkWholeOption(name, value, -1)).toBe(value)
    }
    for (const value of [min - 1, max + 1]) {
      expect(readWholeOption(name, String(value))).toBeUndefined()
      expect(() => checkWholeOption(name, value, -1)).toThrow(ConfigError)
    }
  })

  it('names the option, its rule and the value given when the library refuses it, and takes the fallback when none is given', () => {
    expect(() => checkWholeOption('maxSessions', 1.5, 0)).toThrow(
      `Invalid option "maxSessions": ${wholeOptionRule('maxSessions')} (got 1.5)`,
    )
    expect(() => checkWholeOption('seed', '7', 0)).toThrow(`Invalid option "seed": ${wholeOptionRule('seed')} (got "7")`)
    expect(checkWholeOption('sessionTtl', undefined, 1800)).toBe(1800)
  })
})
