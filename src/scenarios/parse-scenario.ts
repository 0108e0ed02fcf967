import { ConfigError } from '../vocabulary/config-error.js'
import { formatIssuePath } from '../vocabulary/format-issue-path.js'
import { scenarioSchema, type Scenario } from '../contract/scenario-schema.js'

/**
 * Validates a scenario (already parsed from JSON). Throws a {@link ConfigError} naming the scenario,
 * its source and the first invalid field.
 *
 * @example
 * parseScenario(JSON.parse(text), './my-scenario.json')
 * // ConfigError: Failed to load scenario "mine" (./my-scenario.json): rules[0].fail.status: …
 */
export function parseScenario(input: unknown, source: string): Scenario {
  const result = scenarioSchema.safeParse(input)
  if (result.success) return result.data
  const named = typeof input === 'object' && input !== null && typeof (input as { name?: unknown }).name === 'string'
  // JSON quoting keeps a hostile name (a newline, say) from breaking the one-line message.
  const label = named ? ` ${JSON.stringify((input as { name: string }).name.slice(0, 80))}` : ''
  const issue = result.error.issues[0]
  const where = issue === undefined ? '' : `${formatIssuePath(issue.path)}: `
  throw new ConfigError(`Failed to load scenario${label} (${source}): ${where}${issue?.message ?? 'invalid'}`)
}
