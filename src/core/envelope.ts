import type { ErrorTemplate } from './errors.js'

/**
 * The one response body shape of the API, success or error, with its fields in this order.
 *
 * @example
 * const body: Envelope<ProjectsData> = await response.json()
 */
export interface Envelope<Data = Record<string, unknown>> {
  success: boolean
  message: string
  code: number
  data: Data | Record<string, never>
  errors: { error?: string; detail?: string }
  meta_data: Record<string, never>
}

/**
 * A success envelope (`code` 200).
 *
 * @example
 * ok({ projects: [], total: 0 }, MESSAGES.projects)
 */
export function ok<Data>(data: Data, message: string): Envelope<Data> {
  return { success: true, message, code: 200, data, errors: {}, meta_data: {} }
}

/**
 * An error envelope from a template; `detail` replaces the template's default detail.
 * 500 templates carry no `error`, so their `errors` is an empty object, as the spec shows.
 *
 * @example
 * fail(ERRORS.invalidDate, 'start_date must be a calendar date in YYYY-MM-DD format')
 */
export function fail(template: ErrorTemplate, detail?: string): Envelope<never> {
  const errors: Envelope['errors'] = {}
  if (template.error !== undefined) {
    errors.error = template.error
    const text = detail ?? template.detail
    if (text !== undefined) errors.detail = text
  }
  return { success: false, message: template.message, code: template.status, data: {}, errors, meta_data: {} }
}
