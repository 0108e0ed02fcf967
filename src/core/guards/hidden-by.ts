import type { ActiveScenarios } from '../../scenarios/active-scenarios.js'
import type { KeyEntry } from '../../model/model-index.js'
import type { EndpointName } from '../../vocabulary/endpoint-names.js'

/**
 * The project stage's question for one request: does a scenario hide project `id` from this key?
 *
 * @example
 * const hidden = hiddenBy(active, 'projects', key)
 * entries.filter((entry) => !hidden(entry.project.id))
 */
export function hiddenBy(active: ActiveScenarios, endpoint: EndpointName, key: KeyEntry): (id: number) => boolean {
  if (!active.hidesProjects) return NOTHING_HIDDEN
  return (projectId) => active.hidesProject({ endpoint, key: key.apiKey.key, projectId })
}

/** What no scenario hides: one function for every request without hiding rules. */
const NOTHING_HIDDEN = (): boolean => false
