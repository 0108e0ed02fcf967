import { describe, expect, it } from 'vitest'
import { readPositiveId } from '../../../src/vocabulary/read-positive-id.js'

describe('readPositiveId', () => {
  it.each(['1', '7', '101', '9007199254740991', '1000000000000000'])('reads %j as the id it writes', (text) => {
    expect(readPositiveId(text)).toBe(Number(text))
  })

  it.each([
    '',
    '0',
    '0101',
    '-1',
    '+1',
    '1.0',
    '1e2',
    ' 1',
    '1 ',
    '0x10',
    '१२',
    '9007199254740992',
    '9999999999999999',
    '12345678901234567',
  ])('reads %j as no id', (text) => {
    expect(readPositiveId(text)).toBeUndefined()
  })

  it('agrees with the plain reading (digits, no leading zero, at most 2^53 - 1) on every text of up to three characters from a small alphabet', () => {
    const alphabet = ['0', '1', '9', '-', 'a', ' ', '.']
    const texts = [''].concat(alphabet)
    for (const a of alphabet) for (const b of alphabet) texts.push(a + b, ...alphabet.map((c) => a + b + c))
    for (const text of texts) {
      const plain = /^[1-9][0-9]{0,15}$/.test(text) && Number.isSafeInteger(Number(text)) ? Number(text) : undefined
      expect(readPositiveId(text), text).toBe(plain)
    }
  })
})
