import { ANALYTICS_PARAMETERS, type EndpointRules } from '../vocabulary/endpoint-rules.js'
import { ERRORS, type ErrorTemplate } from '../vocabulary/errors.js'

/**
 * Strict mode's 400s a request to `endpoint` can be answered with. Strict mode answers with a
 * request's first warning (`findWarnings`, src/core/report/), so the list follows its rules:
 * `unknown_parameter`, `body_on_get` and `key_in_query` anywhere; `ignored_parameter` where the
 * endpoint does not read every query parameter another one reads; `ignored_project_id` where
 * X-Project-ID is ignored. Never `repeated_parameter`: it comes right after the
 * `unknown_parameter` or `ignored_parameter` of the same name (a parameter the endpoint reads,
 * given twice, is the query guard's 400), so it is never first; it goes out in `X-Sandbox-Warning`
 * only.
 *
 * @example
 * strictModeErrors(ENDPOINT_RULES.monitoring).map((template) => template.error) // ['unknown_parameter', 'body_on_get', 'key_in_query']
 */
export function strictModeErrors(endpoint: EndpointRules): readonly ErrorTemplate[] {
  const ignoresSome = ANALYTICS_PARAMETERS.some((name) => !endpoint.parameters.includes(name))
  return [
    ERRORS.unknownParameter,
    ...(ignoresSome ? [ERRORS.ignoredParameter] : []),
    ...(endpoint.projectHeader === 'ignored' ? [ERRORS.ignoredProjectId] : []),
    ERRORS.bodyOnGet,
    ERRORS.keyInQuery,
  ]
}
