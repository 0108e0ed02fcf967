import type { ErrorEnvelope, SuccessEnvelope } from './envelope-schemas.js'
import type { ErrorTemplate } from '../vocabulary/errors.js'
import { errorBody } from '../vocabulary/sandbox-error.js'

export type { Envelope, ErrorEnvelope, SuccessEnvelope } from './envelope-schemas.js'

/**
 * A success envelope.
 *
 * @example
 * ok({ projects: [], total: 0 }, MESSAGES.projects)
 */
export function ok<Data>(data: Data, message: string): SuccessEnvelope<Data> {
  return { success: true, message, code: 200, data, errors: {}, meta_data: {} }
}

/**
 * An error envelope from a template; `detail` replaces the template's default detail.
 * 500 templates carry no `error`, so their `errors` is an empty object, as the spec shows.
 *
 * @example
 * fail(ERRORS.invalidDate, 'start_date must be a calendar date in YYYY-MM-DD format')
 */
export function fail(template: ErrorTemplate, detail?: string): ErrorEnvelope {
  return errorBody(template, detail)
}
