import { fail, type ErrorEnvelope } from '../contract/envelope.js'
import type { ErrorTemplate } from '../vocabulary/errors.js'
import type { Refusal } from '../vocabulary/refusal.js'

/**
 * Thrown by guards to end a request early with an error envelope, instead of nesting `if`s:
 * the dispatcher turns it into the response.
 *
 * @example
 * if (header === null) throw new EnvelopeError(ERRORS.missingProjectId)
 */
export class EnvelopeError extends Error {
  override readonly name = 'EnvelopeError'
  readonly envelope: ErrorEnvelope

  constructor(
    readonly template: ErrorTemplate,
    detail?: string,
    /** Extra response headers, such as `Allow` on a 405. */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(template.message)
    this.envelope = fail(template, detail)
  }

  /**
   * The error that ends a request with `refusal`, a scenario's decision.
   *
   * @example
   * const refusal = active.checkKey(scope)
   * if (refusal !== undefined) throw EnvelopeError.from(refusal)
   */
  static from(refusal: Refusal): EnvelopeError {
    return new EnvelopeError(refusal.template, refusal.detail, refusal.headers)
  }
}
