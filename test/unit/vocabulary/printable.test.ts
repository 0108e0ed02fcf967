import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { printable } from '../../../src/vocabulary/printable.js'
import { stringifyPrintable } from '../../../src/vocabulary/stringify-printable.js'

/** Code points a terminal may act on: C0 (newline and tab included), DEL, C1. */
const isControl = (code: number) => code < 0x20 || (code >= 0x7f && code <= 0x9f)
const controlsIn = (text: string) => [...text].filter((character) => isControl(character.codePointAt(0) ?? 0))

describe('printable', () => {
  it('replaces each escape sequence whole by one U+FFFD: a window title, a screen clear, a reset, an 8-bit CSI, a hyperlink', () => {
    expect(printable('\u001b]0;owned\u0007title')).toBe('\uFFFDtitle')
    expect(printable('a\u001b[2Jb\u001b[?25lc')).toBe('a\uFFFDb\uFFFDc')
    expect(printable('\u001bcreset')).toBe('\uFFFDreset')
    expect(printable('\u009b31mred')).toBe('\uFFFDred')
    expect(printable('\u001b]8;;http://x\u001b\\link\u001b]8;;\u001b\\')).toBe('\uFFFDlink\uFFFD')
  })

  it('replaces every other control character, newline and tab included, so a value never starts a line of its own', () => {
    expect(printable('one\ntwo\tthree\rfour\u0000\u007f\u0085\u001b')).toBe('one\uFFFDtwo\uFFFDthree\uFFFDfour\uFFFD\uFFFD\uFFFD\uFFFD')
    expect(printable('\u001b]0;unterminated')).toBe('\uFFFD0;unterminated')
  })

  it('keeps every other character, a character past U+FFFF too, and prints what is not a string as String does', () => {
    expect(printable('résumé 😀 <&> "\' ]]>')).toBe('résumé 😀 <&> "\' ]]>')
    expect(printable(12.5)).toBe('12.5')
    expect(printable(null)).toBe('null')
  })

  it('takes time linear in the text, also for one of unterminated introducers (each of which once scanned to the end for its ST)', () => {
    const length = 1 << 17
    const started = performance.now()
    expect(printable('\u009d'.repeat(length))).toBe('\uFFFD'.repeat(length))
    expect(printable(`\u001b]${'a'.repeat(length)}`)).toBe(`\uFFFD${'a'.repeat(length)}`)
    // Linear, both take a few tens of milliseconds; the quadratic form took about 20 s for the first.
    expect(performance.now() - started).toBeLessThan(2_000)
  })

  it('leaves no control character in any text, and changes none that has none', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(controlsIn(printable(text))).toEqual([])
        if (controlsIn(text).length === 0) expect(printable(text)).toBe(text)
      }),
    )
  })
})

describe('stringifyPrintable', () => {
  it('writes DEL and C1 controls as escapes, as JSON.stringify does C0 ones, so the JSON reads back as the same value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.string({ unit: 'binary' }), (value, text) => {
        const written = stringifyPrintable({ value, text })
        expect(controlsIn(written.replaceAll('\n', ''))).toEqual([])
        expect(JSON.parse(written)).toEqual(JSON.parse(JSON.stringify({ value, text })))
      }),
    )
    expect(stringifyPrintable({ detail: '\u001b[2J\u009b2J' })).toBe('{\n  "detail": "\\u001b[2J\\u009b2J"\n}')
  })
})
