import type { Fixtures } from '../contract/fixtures-schema.js'
import type { Collections } from './create-collections.js'
import { createModelIndex, followCollections, type ModelIndex } from './model-index.js'

/**
 * The in-memory data of one sandbox: the index the request path reads, seeded from validated
 * fixtures, and the same records as @msw/data collections (`db()`) for a test to change. The
 * collections, and @msw/data with them, are made on the first `db()`: a test that never changes a
 * record never loads it.
 *
 * @example
 * const model = await createModel(parseFixtures(defaultFixtures, 'default'))
 * model.index.findProject(101)?.project.domain // 'northwind-outdoor.example'
 */
export interface Model {
  /** The records as @msw/data collections; every change through them reaches the index. */
  db(): Promise<Collections>
  readonly index: ModelIndex
  /** Whether a record changed since the last seeding. */
  readonly changed: boolean
  /** Restores the seeded records; does nothing when no record changed since the last seeding. */
  reseed(): Promise<void>
}

/**
 * Indexes the records of `fixtures`; the collections follow on the first `db()`.
 *
 * @example
 * const model = await createModel(fixtures)
 * await (await model.db()).projects.create(project) // indexed at once
 */
export async function createModel(fixtures: Fixtures): Promise<Model> {
  const index = createModelIndex()
  for (const _ of fixtures.users) index.touch()
  for (const project of fixtures.projects) index.putProject(project)
  for (const apiKey of fixtures.api_keys) index.putKey(apiKey)
  let seededAt = index.changes
  let collections: Promise<Collections> | undefined

  const fill = async (db: Collections) => {
    for (const user of fixtures.users) await db.users.create(user)
    for (const project of fixtures.projects) await db.projects.create(project)
    for (const apiKey of fixtures.api_keys) await db.apiKeys.create(apiKey)
  }
  const open = async () => {
    const { createCollections } = await import('./create-collections.js')
    const db = createCollections()
    // The index holds these records already (nothing changes them without db()): follow from here.
    await fill(db)
    followCollections(index, db)
    return db
  }
  return {
    index,
    db() {
      collections ??= open()
      return collections
    },
    get changed() {
      return index.changes !== seededAt
    },
    async reseed() {
      if (index.changes === seededAt || collections === undefined) return
      const db = await collections
      db.users.deleteMany((q) => q.where({}))
      db.apiKeys.deleteMany((q) => q.where({}))
      db.projects.deleteMany((q) => q.where({}))
      await fill(db)
      seededAt = index.changes
    },
  }
}
