import { toAnswer } from '../answer.js'
import { CacheKeys } from '../../vocabulary/cache-keys.js'
import type { KeyEntry } from '../../model/model-index.js'
import { ok } from '../../contract/envelope.js'
import { MESSAGES, ENDPOINT_RULES } from '../../vocabulary/endpoint-rules.js'
import type { ProjectsData } from '../../contract/resource-schemas.js'
import { toProjectResource } from '../../model/to-project-resource.js'
import { NO_QUERY, type Endpoint } from './endpoint.js'
import { variantProject } from '../../analytics/variant-project.js'
import { toVariantAnswer } from '../variant-answer.js'
import { isHidden } from '../../scenarios/scenario-decision.js'

/** Its answer depends on the key's record and on the model's changes (projects added or removed). */
const PROJECTS_KEYS = new CacheKeys<KeyEntry>((entry, changes) => `projects|${entry.apiKey.key}|${changes}`)

/**
 * `GET /projects`: a USER key's projects (sorted by id), or a PROJECT key's one project.
 * `X-Project-ID` is ignored here; projects a scenario hides are left out.
 *
 * @example
 * projectsEndpoint.answer(step).status // 200 // { projects: [...], total: 3 }
 */
export const projectsEndpoint: Endpoint = {
  name: 'projects',
  failure: ENDPOINT_RULES.projects.failure,
  readsProjectId: ENDPOINT_RULES.projects.projectHeader !== 'ignored',
  project: () => undefined,
  query: NO_QUERY,
  answer({ sandbox, key, hidden, variants, large }) {
    const { index } = sandbox.model
    const { apiKey } = key
    const build = () => {
      const own = apiKey.project_id === null ? index.listProjects(apiKey.user_id) : [index.findProject(apiKey.project_id)]
      const entries = large === undefined ? own : [...own, ...large.entries]
      const projects = entries.flatMap((entry) =>
        entry === undefined || isHidden(hidden, entry.project.id) ? [] : [toProjectResource(variantProject(entry.project, variants))],
      )
      const data: ProjectsData = { projects, total: projects.length }
      return variants === 0
        ? toAnswer(ok(data, MESSAGES.projects))
        : toVariantAnswer('projects', data, MESSAGES.projects, undefined, variants)
    }
    // Which projects a scenario hides depends on the request, so such answers are built each time.
    if (hidden !== 'none') return build()
    const cacheKey = PROJECTS_KEYS.of(key, index.changes)
    // variant-large's list is made once per change and shared, as every other list.
    return sandbox.shared.answers.getOrCreate(variants === 0 ? cacheKey : `${cacheKey}|${variants}`, build)
  },
}
