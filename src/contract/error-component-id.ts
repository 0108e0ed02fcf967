import { ERRORS, type ErrorTemplate } from '../vocabulary/errors.js'

/** The name of each template in {@link ERRORS}, by the template itself. */
const KEYS = new Map<ErrorTemplate, keyof typeof ERRORS>(
  Object.entries(ERRORS).map(([key, template]) => [template, key as keyof typeof ERRORS]),
)

/**
 * The name of a template in {@link ERRORS}; throws for a template that is not one of them.
 *
 * @example
 * errorKeyOf(ERRORS.missingProjectId) // 'missingProjectId'
 */
export function errorKeyOf(template: ErrorTemplate): keyof typeof ERRORS {
  const key = KEYS.get(template)
  if (key === undefined) throw new Error(`Not a template of ERRORS: ${JSON.stringify(template)}`)
  return key
}

/**
 * The name of a template's schema in the OpenAPI document's components: `Error_` and its
 * `errors.error` code, or, for a 500 (which has none), its name in {@link ERRORS} in snake case.
 * Unique, because the codes and names are.
 *
 * @example
 * errorComponentId(ERRORS.missingProjectId) // 'Error_missing_project_id'
 * errorComponentId(ERRORS.validateFailed) // 'Error_validate_failed'
 */
export function errorComponentId(template: ErrorTemplate): string {
  const name = template.error ?? errorKeyOf(template).replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)
  return `Error_${name}`
}
