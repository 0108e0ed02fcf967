import { ConfigError } from '../vocabulary/config-error.js'
import { ERRORS } from '../vocabulary/errors.js'
import { ROOT_ISSUE_PATH } from '../vocabulary/format-issue-path.js'
import { describeIssues } from '../vocabulary/describe-issues.js'
import { distinctIssues, issuesOf } from '../model/parse-body.js'
import type { Scenario } from '../contract/scenario-schema.js'
import { loadInputSchemas } from '../contract/load-input-schemas.js'
import { inputMessage } from '../vocabulary/input-message.js'

/**
 * Validates a scenario (already parsed from JSON). Throws a {@link ConfigError} naming the scenario,
 * its source and every mistake, each at its field, with the values a field takes. Where the
 * definition is a field of a request's body (`at`, say `scenarios[0]`), the error's `issues` hold
 * each mistake at its field of that body, for `errors.fields`.
 *
 * @example
 * parseScenario(JSON.parse(text), './my-scenario.json')
 * // ConfigError: Failed to load scenario "mine" (./my-scenario.json): rules[0].fail.status: …
 */
export function parseScenario(input: unknown, source: string, at?: string): Scenario {
  const result = loadInputSchemas().scenarioSchema.safeParse(input, { error: inputMessage })
  if (result.success) return result.data
  const named = typeof input === 'object' && input !== null && typeof (input as { name?: unknown }).name === 'string'
  // JSON quoting keeps a hostile name (a newline, say) from breaking the one-line message.
  const label = named ? ` ${JSON.stringify((input as { name: string }).name.slice(0, 80))}` : ''
  // Every mistake at once, a union's as the branch the value's type chose (not "Invalid input").
  const found = distinctIssues(issuesOf(result.error))
  const issues = found.map((issue) => ({ path: [issue.field], message: issue.message }))
  const fields =
    at === undefined
      ? []
      : found.map((issue) => ({ field: issue.field === ROOT_ISSUE_PATH ? at : `${at}.${issue.field}`, message: issue.message }))
  throw new ConfigError(
    `Failed to load scenario${label} (${source}): ${issues.length === 0 ? 'invalid' : describeIssues(issues)}`,
    ERRORS.invalidBody,
    fields,
  )
}
