import { z } from 'zod'
import { describe, expect, it } from 'vitest'
import { inputMessage } from '../../../src/vocabulary/input-message.js'

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
      'label: must be a string (got a number)',
    ])
  })

  it('says a missing field is required, and what a whole number is not', () => {
    expect(messages(schema, { count: 1.5, level: 'USER', name: 'a', tags: ['a'] })).toEqual([
      'count: must be a whole number (got a number)',
      'flag: is required',
    ])
  })

  it('leaves a message the schema gave as it is', () => {
    expect(messages(z.strictObject({ seed: z.int().max(9, 'must be a digit') }), { seed: 10 })).toEqual(['seed: must be a digit'])
  })
})
