import type { z } from 'zod'
import { formatIssuePath } from '../vocabulary/format-issue-path.js'
import { NOT_A_FIELD, PortalError, type FieldIssue } from '../vocabulary/portal-error.js'
import { refuseOversizedBody } from './refuse-oversized-body.js'
import { inputMessage, unionMessage } from '../vocabulary/input-message.js'

/** zod's message for a union none of whose forms took the value, when the schema gave none. */
const ZOD_UNION_DEFAULT = 'Invalid input'

/**
 * The mistakes zod found in a body, each with its field as a user writes it.
 *
 * @example
 * issuesOf(result.error) // [{ field: 'projects[0].region', message: '…' }]
 */
export function issuesOf(error: z.ZodError, prefix: ReadonlyArray<PropertyKey> = []): FieldIssue[] {
  return error.issues.flatMap((issue) => {
    const path = [...prefix, ...issue.path]
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ field: formatIssuePath([...path, key]), message: NOT_A_FIELD }))
    }
    if (issue.code === 'invalid_union') {
      // The mistakes of the branch the value's type chose (an array, not a number), not "invalid input".
      // A branch whose only mistakes are about the value itself (a literal it is not) says less than the union's own message.
      const branch = issue.errors.find(
        (issues) =>
          issues.some((inner) => inner.path.length > 0) &&
          !issues.some((inner) => inner.code === 'invalid_type' && inner.path.length === 0),
      )
      if (branch !== undefined) return issuesOf({ issues: branch } as z.ZodError, path)
      // Every form refused the value's type: name the forms rather than zod's "Invalid input" (a
      // union with words of its own keeps them).
      const forms = issue.errors.map((issues) =>
        issues.length === 1 && issues[0]!.code === 'invalid_type' && issues[0]!.path.length === 0 ? issues[0]!.expected : undefined,
      )
      const message = issue.message === ZOD_UNION_DEFAULT ? unionMessage(forms) : undefined
      if (message !== undefined) return [{ field: formatIssuePath(path), message }]
    }
    return [{ field: formatIssuePath(path), message: issue.message }]
  })
}

/**
 * `issues` with each (field, message) once: two checks of one field can say the same thing (a seed
 * past 2^53 is neither a safe integer nor below the maximum).
 *
 * @example
 * distinctIssues([a, a, b]) // [a, b]
 */
export function distinctIssues(issues: readonly FieldIssue[]): FieldIssue[] {
  const seen = new Set<string>()
  return issues.filter((issue) => {
    const key = `${issue.field}\n${issue.message}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/**
 * `body` parsed by `schema`, or the {@link PortalError} (400) listing every mistake: the one way an
 * admin body is checked, for the portal, the clock and sessions.
 */
export function parse<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  // Work on a body stays bounded: a list longer than any the schemas take is refused before its items are checked.
  refuseOversizedBody(body)
  const result = schema.safeParse(body, { error: inputMessage })
  if (!result.success) throw PortalError.invalid(distinctIssues(issuesOf(result.error)))
  return result.data
}
