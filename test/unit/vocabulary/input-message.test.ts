import { z } from 'zod'
import { describe, expect, it } from 'vitest'
import { inputMessage, unionMessage } from '../../../src/vocabulary/input-message.js'

/** The messages of every mistake of `input` against `schema`, parsed as the sandbox parses a user's input. */
function messages(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input, { error: inputMessage })
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
}

describe('the words of a mistake zod found where the schema gave none', () => {
  const schema = z.strictObject({
    count: z.int().min(0).max(50),
    level: z.enum(['USER', 'PROJECT']),
    name: z.string().min(1).max(3),
    tags: z.array(z.string()).min(1).max(2),
    flag: z.boolean(),
    label: z.string().optional(),
    only: z.literal('yes').optional(),
  })

  it('says what a value must be, with the limit, the unit and the values a field takes', () => {
    expect(messages(schema, { count: 51, level: 'ADMIN', name: 'long', tags: ['a', 'b', 'c'], flag: 'no', only: 'no' })).toEqual([
      'count: must be at most 50',
      'level: must be one of "USER", "PROJECT"',
      'name: must be at most 3 characters long',
      'tags: must have at most 2 items',
      'flag: must be true or false (got a string)',
      'only: must be "yes"',
    ])
    expect(messages(schema, { count: -1, level: 'USER', name: '', tags: [], flag: true, label: 5 })).toEqual([
      'count: must be at least 0',
      'name: must not be empty',
      'tags: must not be empty',
      'label: must be a string (got 5)',
    ])
  })

  it('says a missing field is required, and shows the number that is not whole', () => {
    expect(messages(schema, { count: 1.5, level: 'USER', name: 'a', tags: ['a'] })).toEqual([
      'count: must be a whole number (got 1.5)',
      'flag: is required',
    ])
  })

  it('leaves a message the schema gave as it is', () => {
    expect(messages(z.strictObject({ seed: z.int().max(9, 'must be a digit') }), { seed: 10 })).toEqual(['seed: must be a digit'])
  })
})

describe('the words of a value the form of a field refused', () => {
  it('shows a number as it is, and says a number JSON made infinite (1e400) must be finite', () => {
    const schema = z.strictObject({ id: z.int(), rate: z.number() })
    expect(messages(schema, { id: 1.5, rate: Number.POSITIVE_INFINITY })).toEqual([
      'id: must be a whole number (got 1.5)',
      'rate: must be a finite number (got Infinity)',
    ])
  })

  it('names the forms a union takes when each refused the value for its type', () => {
    expect(unionMessage(['string', 'record'])).toBe('must be a string or an object')
    expect(unionMessage(['number', 'string', 'object'])).toBe('must be a number, a string or an object')
    expect(unionMessage(['string', undefined])).toBeUndefined()
    expect(unionMessage([])).toBeUndefined()
  })

  it('writes a bigint among the allowed values as its digits instead of failing', () => {
    expect(messages(z.strictObject({ big: z.literal([1n, 2n]) }), { big: 3n })).toEqual(['big: must be one of 1, 2'])
  })
})
