import type { EndpointRules } from '../vocabulary/endpoint-rules.js'
import { ERRORS, type ErrorTemplate } from '../vocabulary/errors.js'

/** A typo a client makes: `startDate` for `start_date`. */
const TYPO = '"startDate"'

/**
 * The `errors.detail` an error's example shows in the OpenAPI document, on `GET /<endpoint>`: the
 * template's default detail, or, for the errors whose every answer writes its own (an unknown
 * scenario, strict mode's 400s), the one the sandbox writes for a typical request
 * (`X-Sandbox-Scenario: flakey`, `?startDate=…`, `?api_key=…`, a body of 2 bytes).
 *
 * @example
 * exampleDetail(ERRORS.ignoredProjectId, ENDPOINT_RULES.projects)
 * // 'X-Project-ID is ignored by /projects: it answers for every project the key can reach'
 */
export function exampleDetail(template: ErrorTemplate, endpoint: EndpointRules): string | undefined {
  const path = `/${endpoint.name}`
  switch (template) {
    case ERRORS.unknownScenario:
      return 'X-Sandbox-Scenario: Unknown scenario "flakey". Available scenarios: bad-request, empty-account, expired-keys, fail-once, flaky, …'
    case ERRORS.unknownParameter:
      return endpoint.parameters.length > 0
        ? `${TYPO} is not a query parameter of ${path}, so the API ignores it: did you mean start_date?`
        : `${TYPO} is not a query parameter of ${path}, so the API ignores it: it reads none (start_date is read by /monitoring and /overview only)`
    case ERRORS.ignoredParameter:
      return `"start_date" is read by /monitoring and /overview, not by ${path}: the API ignores it here`
    case ERRORS.repeatedParameter:
      return `"foo" is given 2 times: the API does not refuse it, and reads none of them`
    case ERRORS.ignoredProjectId:
      return `X-Project-ID is ignored by ${path}: it answers for every project the key can reach`
    case ERRORS.bodyOnGet:
      return 'this GET request carries a body (Content-Length: 2): the API reads none; parameters go in the query string'
    case ERRORS.keyInQuery:
      return 'an API key was sent in the query string (in "api_key"): the API reads it only from the X-API-Key header, and URLs end up in logs'
    default:
      return template.detail
  }
}
