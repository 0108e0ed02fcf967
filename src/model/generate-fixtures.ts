import { makeProject } from './make-project.js'
import type { Fixtures, Project } from '../contract/fixtures-schema.js'

/** The key of the generated account (USER level); each generated project also gets `sbx_project_<id>`. */
export const GENERATED_USER_KEY = 'sbx_user_generated'

/**
 * Adds one generated account with `count` projects to `base`, each project made by the portal's own
 * generator ({@link makeProject}, from `seed` and its id, created
 * `MADE_UP_PROJECT_AGE_DAYS` days before `nowMs`), so the same seed and clock always
 * generate the same data, and the first 500 of 501 projects are those of 500. The account's user id
 * follows the highest in `base`; project ids start after the highest in `base` (and after 1000).
 *
 * @example
 * const fixtures = generateFixtures(defaults, { seed: 7, count: 500, nowMs: Date.parse('2026-03-01T00:00:00Z') })
 * // key sbx_user_generated sees 500 more projects
 */
export function generateFixtures(base: Fixtures, options: { seed: number; count: number; nowMs: number }): Fixtures {
  const userId = Math.max(0, ...base.users.map((user) => user.id)) + 1
  const firstId = Math.max(1000, ...base.projects.map((project) => project.id)) + 1
  const projects: Project[] = []
  for (let index = 0; index < options.count; index++) projects.push(makeProject(options.seed, firstId + index, userId, options.nowMs, {}))
  const expiry = '2099-12-31T23:59:59Z'
  return {
    users: [...base.users, { id: userId, name: 'Generated Account' }],
    api_keys: [
      ...base.api_keys,
      { key: GENERATED_USER_KEY, name: 'Generated account key', level: 'USER', user_id: userId, project_id: null, expiry, revoked: false },
      ...projects.map((project) => ({
        key: `sbx_project_${project.id}`,
        name: `Generated project key ${project.id}`,
        level: 'PROJECT' as const,
        user_id: userId,
        project_id: project.id,
        expiry,
        revoked: false,
      })),
    ],
    projects: [...base.projects, ...projects],
  }
}
