import type { Project } from '../contract/fixtures-schema.js'
import type { ProjectResource } from '../contract/resource-schemas.js'

/**
 * A project record as the API shows it: the Project fields only, in the spec's order.
 */
export function toProjectResource(project: Project): ProjectResource {
  return {
    id: project.id,
    name: project.name,
    display_name: project.display_name,
    domain: project.domain,
    region: project.region,
    language: project.language,
    status: project.status,
    created_at: project.created_at,
  }
}
