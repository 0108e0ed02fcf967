import { formatIssuePath } from './format-issue-path.js'
import { MAX_LISTED_ISSUES } from './portal-error.js'

/**
 * Mistakes of a file, all on one line: `projects[0].region: …`, or `2 problems: projects[0].region:
 * …; api_keys[1].key: duplicate key` (at most 20 listed, the rest counted).
 *
 * @example
 * describeIssues([{ path: ['rules', 1, 'latency'], message: 'must be milliseconds …' }]) // 'rules[1].latency: must be milliseconds …'
 */
export function describeIssues(issues: ReadonlyArray<{ readonly path: ReadonlyArray<PropertyKey>; readonly message: string }>): string {
  const listed = issues.slice(0, MAX_LISTED_ISSUES).map((issue) => `${formatIssuePath(issue.path)}: ${issue.message}`)
  if (listed.length === 1) return listed[0]!
  const more = issues.length > MAX_LISTED_ISSUES ? `; and ${issues.length - MAX_LISTED_ISSUES} more` : ''
  return `${issues.length} problems: ${listed.join('; ')}${more}`
}
