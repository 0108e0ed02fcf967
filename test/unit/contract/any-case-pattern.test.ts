import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { anyCasePattern } from '../../../src/contract/any-case-pattern.js'
import { PROVIDERS } from '../../../src/vocabulary/providers.js'
import { REGIONS } from '../../../src/vocabulary/regions.js'

const SEED = Number(process.env.CONTRACT_SEED ?? 20260301)
const runs = (numRuns: number) => ({ seed: SEED, numRuns })

/** ASCII letters folded to upper case, nothing else: what the query guard does before it compares. */
const upperAscii = (text: string) => text.replace(/[a-z]/g, (letter) => letter.toUpperCase())

describe('anyCasePattern', () => {
  it.each([
    ['region codes', REGIONS],
    ['provider ids', PROVIDERS],
  ] as const)('matches the %s in every mix of case, and exactly the strings that fold to one of them', (_name, words) => {
    const pattern = new RegExp(anyCasePattern(words))
    const known = new Set(words.map(upperAscii))
    fc.assert(
      fc.property(fc.mixedCase(fc.constantFrom(...words)), (word) => {
        expect(pattern.test(word), word).toBe(true)
      }),
      runs(500),
    )
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^[A-Za-z_]{1,20}$/)), (text) => {
        expect(pattern.test(text), JSON.stringify(text)).toBe(known.has(upperAscii(text)))
      }),
      runs(500),
    )
  })

  it('matches no look-alike outside ASCII, prefix, suffix or word with spaces around', () => {
    const pattern = new RegExp(anyCasePattern(['US', 'deepseek']))
    for (const text of ['u\u0455', 'ＵＳ', 'USA', 'AUS', ' US', 'US ', 'deepsee\u212a', 'deep seek', '']) {
      expect(pattern.test(text), JSON.stringify(text)).toBe(false)
    }
  })

  it('escapes what a regular expression would read as syntax, and shares one class between words that differ only at the end', () => {
    expect(anyCasePattern(['US', 'UY', 'DE'])).toBe('^(?:[Uu][SYsy]|[Dd][Ee])$')
    const pattern = new RegExp(anyCasePattern(['a.b', 'x-1', 'x-2']))
    expect(['a.b', 'A.B', 'x-1', 'X-2'].every((text) => pattern.test(text))).toBe(true)
    expect(['axb', 'x-3', 'x1'].some((text) => pattern.test(text))).toBe(false)
  })

  it('refuses an empty list, an empty word and a word outside printable ASCII', () => {
    expect(() => anyCasePattern([])).toThrow(/non-empty printable ASCII/)
    expect(() => anyCasePattern([''])).toThrow(/non-empty printable ASCII/)
    expect(() => anyCasePattern(['é'])).toThrow(/non-empty printable ASCII/)
  })
})
