import { createCollections, type Collections } from './create-collections.js'
import type { Fixtures } from '../contract/fixtures-schema.js'
import { createModelIndex, type ModelIndex } from './model-index.js'

/**
 * The in-memory data of one sandbox: @msw/data collections (`db`) and the index the request path
 * reads. Both are seeded from validated fixtures.
 *
 * @example
 * const model = await createModel(parseFixtures(defaultFixtures, 'default'))
 * model.index.findProject(101)?.project.domain // 'northwind-outdoor.example'
 */
export interface Model {
  readonly db: Collections
  readonly index: ModelIndex
  /** Whether a record changed since the last seeding. */
  readonly changed: boolean
  /** Restores the seeded records; does nothing when no record changed since the last seeding. */
  reseed(): Promise<void>
}

/**
 * Creates collections, indexes them and seeds them from `fixtures`.
 *
 * @example
 * const model = await createModel(fixtures)
 */
export async function createModel(fixtures: Fixtures): Promise<Model> {
  const db = createCollections()
  const index = createModelIndex(db)
  let seededAt = -1
  const changed = () => index.changes !== seededAt
  const seed = async () => {
    db.users.deleteMany((q) => q.where({}))
    db.apiKeys.deleteMany((q) => q.where({}))
    db.projects.deleteMany((q) => q.where({}))
    for (const user of fixtures.users) await db.users.create(user)
    for (const project of fixtures.projects) await db.projects.create(project)
    for (const apiKey of fixtures.api_keys) await db.apiKeys.create(apiKey)
    seededAt = index.changes
  }
  await seed()
  return {
    db,
    index,
    get changed() {
      return changed()
    },
    async reseed() {
      if (changed()) await seed()
    },
  }
}
