import { ERRORS, type ErrorTemplate } from './errors.js'
import { LIMITS } from './limits.js'
import { SandboxError, type FieldIssue } from './sandbox-error.js'

export type { FieldIssue } from './sandbox-error.js'

/**
 * The message of a field a body does not take.
 *
 * @example
 * ({ field: 'extra', message: NOT_A_FIELD })
 */
export const NOT_A_FIELD = 'is not a field here'

/** How many mistakes one error lists; the rest are counted. */
export const MAX_LISTED_ISSUES = LIMITS.listedIssues

/**
 * A portal or clock operation refused: 400 `invalid_body` (every mistake listed with its field) or
 * 404 `not_found` (the id or key in the path does not exist). The state is unchanged.
 * The library throws it; the admin API answers it in the envelope, `errors.fields` listing `issues`.
 *
 * @example
 * try { await sandbox.keys.create({ level: 'USER', user_id: 99 }) } catch (error) {
 *   if (error instanceof PortalError) error.issues // [{ field: 'user_id', message: 'user 99 does not exist' }]
 * }
 */
export class PortalError extends SandboxError {
  override readonly name: string = 'PortalError'

  /** `template` is what the admin API answers: `ERRORS.invalidBody` (400), `ERRORS.notFound` (404)…; `message` its detail. */
  constructor(template: ErrorTemplate, message: string, issues: readonly FieldIssue[] = []) {
    super(template, message, {}, issues)
  }

  /**
   * The 400 for these mistakes, its message listing them all on one line.
   *
   * @example
   * throw PortalError.invalid([{ field: 'expiry', message: 'must be an ISO 8601 UTC date-time' }])
   */
  static invalid(issues: readonly FieldIssue[]): PortalError {
    const listed = issues.slice(0, MAX_LISTED_ISSUES).map((issue) => `${issue.field}: ${issue.message}`)
    const more = issues.length > MAX_LISTED_ISSUES ? `; and ${issues.length - MAX_LISTED_ISSUES} more` : ''
    const count = issues.length === 1 ? '1 mistake' : `${issues.length} mistakes`
    return new PortalError(ERRORS.invalidBody, `${count}: ${listed.join('; ')}${more}`, issues.slice(0, MAX_LISTED_ISSUES))
  }

  /**
   * The 409 for an operation that would make more records than the sandbox keeps between resets.
   *
   * @example
   * throw PortalError.full()
   */
  static full(): PortalError {
    return new PortalError(ERRORS.portalFull, ERRORS.portalFull.detail!)
  }

  /**
   * The 409 for an operation that would take the process's sandboxes together past their memory
   * budget (every session's portal, journal and definitions draw on one).
   *
   * @example
   * throw PortalError.memoryFull()
   */
  static memoryFull(): PortalError {
    return new PortalError(ERRORS.memoryFull, ERRORS.memoryFull.detail)
  }

  /**
   * The 409 for a key text another key has: the caller chose it, so it is no mistake in the body's shape.
   *
   * @example
   * throw PortalError.keyTaken()
   */
  static keyTaken(): PortalError {
    return new PortalError(ERRORS.keyTaken, ERRORS.keyTaken.detail!, [{ field: 'key', message: 'is taken' }])
  }

  /**
   * The 404 for a path naming what does not exist.
   *
   * @example
   * throw PortalError.notFound('No project 999')
   */
  static notFound(message: string): PortalError {
    return new PortalError(ERRORS.notFound, message)
  }
}
