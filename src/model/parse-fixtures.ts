import { ConfigError } from '../vocabulary/config-error.js'
import { fixturesSchema, type Fixtures } from '../contract/fixtures-schema.js'
import { formatIssuePath } from '../vocabulary/format-issue-path.js'

/**
 * Validates fixtures (already parsed from JSON) and returns them with defaults applied.
 * Throws a {@link ConfigError} naming the source and the first offending field.
 *
 * @example
 * parseFixtures(JSON.parse(text), 'fixtures/mine.json')
 * // ConfigError: Failed to load fixtures (fixtures/mine.json): projects[0].region: must be an ISO 3166-1 alpha-2 code …
 */
export function parseFixtures(input: unknown, source: string): Fixtures {
  const result = fixturesSchema.safeParse(input)
  if (result.success) return result.data
  const issue = result.error.issues[0]
  const where = issue === undefined ? '' : `${formatIssuePath(issue.path)}: `
  throw new ConfigError(`Failed to load fixtures (${source}): ${where}${issue?.message ?? 'invalid'}`)
}
