import { Collection } from '@msw/data'
import { apiKeySchema, projectSchema, userSchema } from '../contract/fixtures-schema.js'

/**
 * The sandbox's records as @msw/data collections, one per resource. Records are validated by the
 * same zod schemas as fixture files; the request path reads them through a {@link ModelIndex}.
 *
 * @example
 * const db = createCollections()
 * await db.projects.create({ id: 301, user_id: 1, … })
 */
export function createCollections() {
  return {
    users: new Collection({ schema: userSchema }),
    apiKeys: new Collection({ schema: apiKeySchema }),
    projects: new Collection({ schema: projectSchema }),
  }
}

/** The collections of one sandbox. */
export type Collections = ReturnType<typeof createCollections>
