/** What {@link formatIssuePath} writes for the value itself (an empty path). */
export const ROOT_ISSUE_PATH = '(root)'

/**
 * Formats a validation issue's path the way a user would write it: `projects[2].topics[0].name`.
 *
 * @example
 * formatIssuePath(['projects', 2, 'region']) // 'projects[2].region'
 */
export function formatIssuePath(path: ReadonlyArray<PropertyKey>): string {
  let text = ''
  for (const segment of path) {
    if (typeof segment === 'number') text += `[${segment}]`
    else text += text === '' ? String(segment) : `.${String(segment)}`
  }
  return text === '' ? ROOT_ISSUE_PATH : text
}
