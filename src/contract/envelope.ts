import type { ErrorEnvelope, SuccessEnvelope } from './envelope-schemas.js'
import type { ErrorTemplate } from '../vocabulary/errors.js'

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
  const errors: ErrorEnvelope['errors'] = {}
  if (template.error !== undefined) {
    errors.error = template.error
    const text = detail ?? template.detail
    if (text !== undefined) errors.detail = text
  }
  return { success: false, message: template.message, code: template.status, data: {}, errors, meta_data: {} }
}
