import { ERRORS, type ErrorTemplate } from '../vocabulary/errors.js'
import { WARNING_TEMPLATES } from '../vocabulary/warnings.js'

/**
 * Errors without a default `detail` whose every answer still carries one, its own: an unknown
 * scenario names what was asked for (src/scenarios/scenario-state.ts), a strict-mode 400 says
 * its warning (src/core/dispatch.ts). No rule may force them (`BAD_REQUEST_CODES`).
 */
const DETAILED_BY_EACH_ANSWER: ReadonlySet<ErrorTemplate> = new Set([ERRORS.unknownScenario, ...Object.values(WARNING_TEMPLATES)])

/**
 * Whether every answer built from `template` carries `errors.detail`, so the OpenAPI document can
 * require it: a template with a default detail (the envelope falls back to it), and those whose
 * every answer writes its own. A 500 has none: its `errors` is empty.
 *
 * @example
 * sendsDetail(ERRORS.invalidRegion) // true
 * sendsDetail(ERRORS.unknownScenario) // true
 * sendsDetail(ERRORS.monitoringFailed) // false
 */
export function sendsDetail(template: ErrorTemplate): boolean {
  return template.error !== undefined && (template.detail !== undefined || DETAILED_BY_EACH_ANSWER.has(template))
}
