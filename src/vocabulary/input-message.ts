/**
 * What zod tells an error map of a mistake the schema gave no message of its own: the fields read
 * here (zod's `$ZodRawIssue`, without importing zod into the vocabulary).
 */
export interface RawInputIssue {
  readonly code?: string
  readonly expected?: string
  readonly origin?: string
  readonly maximum?: number | bigint
  readonly minimum?: number | bigint
  readonly inclusive?: boolean
  readonly values?: readonly unknown[]
  readonly input?: unknown
}

/** How a type zod expected reads in a message. */
const EXPECTED: Readonly<Record<string, string>> = {
  string: 'a string',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  record: 'an object',
  null: 'null',
}

/** What a value was, in a message: a number or a word as it is, a string or a structure by its kind. */
function shown(value: unknown): string {
  // "must be a whole number (got 1.5)", "must be a finite number (got Infinity)", "(got null)".
  if (value === null || typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value)
  if (Array.isArray(value)) return 'a list'
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`
}

/** A value of a list of allowed ones, as JSON writes it (a bigint, which JSON cannot, as its digits). */
function quoted(value: unknown): string {
  return typeof value === 'bigint' ? String(value) : (JSON.stringify(value) ?? String(value))
}

/** `must be at most 50`, `must be at most 200 characters long`, `must have at most 50 items`, by what was measured. */
function bound(word: 'most' | 'least', limit: number | bigint, inclusive: boolean | undefined, origin: string | undefined): string {
  const amount = inclusive === false ? `${word === 'most' ? 'fewer than' : 'more than'} ${limit}` : `at ${word} ${limit}`
  if (origin === 'string') return `must be ${amount} characters long`
  if (origin === 'array' || origin === 'set') return `must have ${amount} items`
  return inclusive === false ? `must be ${word === 'most' ? 'below' : 'above'} ${limit}` : `must be ${amount}`
}

/**
 * A mistake in the words of the sandbox's own messages (`must be at most 50`, `must be one of
 * "USER", "PROJECT"`, `must be a whole number (got a string)`), where a schema gave none: zod's
 * defaults (`Too big: expected number to be <=50`) read differently from every other message of a
 * body, file or flag. `undefined` leaves zod's own. Passed to every parse of a user's input.
 *
 * @example
 * schema.safeParse(body, { error: inputMessage })
 * inputMessage({ code: 'too_big', origin: 'number', maximum: 50, inclusive: true }) // 'must be at most 50'
 */
export function inputMessage(issue: RawInputIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return 'is required'
      // JSON's 1e400 is Infinity, which zod takes for no number at all.
      if (typeof issue.input === 'number' && !Number.isFinite(issue.input)) return `must be a finite number (got ${issue.input})`
      const expected = EXPECTED[issue.expected ?? '']
      return expected === undefined ? undefined : `must be ${expected} (got ${shown(issue.input)})`
    }
    case 'too_big':
      return issue.maximum === undefined ? undefined : bound('most', issue.maximum, issue.inclusive, issue.origin)
    case 'too_small':
      if (issue.minimum === undefined) return undefined
      if (issue.minimum === 1 && (issue.origin === 'string' || issue.origin === 'array')) return 'must not be empty'
      return bound('least', issue.minimum, issue.inclusive, issue.origin)
    case 'invalid_value': {
      const values = (issue.values ?? []).map(quoted)
      return values.length === 1 ? `must be ${values[0]}` : `must be one of ${values.join(', ')}`
    }
    default:
      return undefined
  }
}

/**
 * A union's mistake where every form it takes refused the value for its type alone (`5` for a
 * name or a definition): the forms, `must be a string or an object`; `undefined` when a form is
 * one these words do not name.
 *
 * @example
 * unionMessage(['number', 'string', 'object']) // 'must be a number, a string or an object'
 */
export function unionMessage(expected: readonly (string | undefined)[]): string | undefined {
  const forms = [...new Set(expected.map((kind) => EXPECTED[kind ?? '']))]
  if (forms.length === 0 || forms.some((form) => form === undefined)) return undefined
  return `must be ${forms.length === 1 ? forms[0] : `${forms.slice(0, -1).join(', ')} or ${forms.at(-1)}`}`
}
