import type { ErrorTemplate } from './errors.js'

/**
 * A success answer: `success` true, `code` 200, the endpoint's `data`, empty `errors`.
 *
 * @example
 * const body: SuccessEnvelope<ProjectsData> = await response.json()
 */
export interface SuccessEnvelope<Data> {
  success: true
  message: string
  code: 200
  data: Data
  errors: Record<string, never>
  meta_data: Record<string, never>
}

/**
 * An error answer: `success` false, `code` = the HTTP status, empty `data`; `errors` holds `error`
 * and `detail` (both absent on a 500).
 *
 * @example
 * if (!body.success) console.log(body.errors.error) // 'missing_project_id'
 */
export interface ErrorEnvelope {
  success: false
  message: string
  code: number
  data: Record<string, never>
  errors: { error?: string; detail?: string }
  meta_data: Record<string, never>
}

/**
 * The one response body shape of the API, fields in this order; `success` tells the two apart.
 *
 * @example
 * const body: Envelope<ProjectsData> = await response.json()
 * if (body.success) body.data.projects.forEach((project) => console.log(project.domain))
 */
export type Envelope<Data = Record<string, unknown>> = SuccessEnvelope<Data> | ErrorEnvelope

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
