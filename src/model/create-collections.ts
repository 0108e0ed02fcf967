import { Collection } from '@msw/data'
import { apiKeyRecordSchema, projectRecordSchema, userRecordSchema } from '../contract/fixtures-schema.js'

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
    users: new Collection({ schema: userRecordSchema }),
    apiKeys: new Collection({ schema: apiKeyRecordSchema }),
    projects: new Collection({ schema: projectRecordSchema }),
  }
}

/** The collections of one sandbox. */
export type Collections = ReturnType<typeof createCollections>
