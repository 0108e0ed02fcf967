import type { Fixtures } from '../contract/fixtures-schema.js'
import type { Collections } from './create-collections.js'
import { createModelIndex, followCollections, type ModelIndex, type ModelIndexWriter } from './model-index.js'
import type { KeyFinder } from '../vocabulary/key-finder.js'
import { recordName, recordOf, type ModelChange } from './model-change.js'

/**
 * The in-memory data of one sandbox: the index the request path reads, seeded from validated
 * fixtures and changed by the portal, and the same records as @msw/data collections (`db()`) for a
 * test to change. The collections, and @msw/data with them, are made on the first `db()`, from the
 * records as they are then: a test that never calls it never loads @msw/data.
 *
 * @example
 * const model = createModel(parseFixtures(defaultFixtures, 'default'))
 * model.index.findProject(101)?.project.domain // 'northwind-outdoor.example'
 */
export interface Model {
  /** The records as @msw/data collections; every change through them reaches the index. */
  db(): Promise<Collections>
  readonly index: ModelIndex
  /** Whether a record changed since the last seeding. */
  readonly changed: boolean
  /** Makes a change: in the index at once, in the collections (when made) soon after (`settled()`). */
  apply(change: ModelChange): void
  /** Resolves once the collections hold every change applied so far; rejects with a copy into them that failed (once). */
  settled(): Promise<void>
  /**
   * Restores the seeded records: the index at once, the collections (when made) soon after
   * (`settled()`, which also reports a copy that failed). Does nothing when no record changed since
   * the last seeding.
   */
  reseed(): void
  /** Its keys are no longer looked for by masking (the index's `knownKeys`): its sandbox has ended. */
  release(): void
}

function seed(index: ModelIndexWriter, fixtures: Fixtures): void {
  for (const user of fixtures.users) index.putUser(user)
  for (const project of fixtures.projects) index.putProject(project)
  for (const apiKey of fixtures.api_keys) index.putKey(apiKey)
}

function applyToIndex(index: ModelIndexWriter, change: ModelChange): void {
  switch (change.kind) {
    case 'putUser':
      return index.putUser(change.user)
    case 'putKey':
      return index.putKey(change.apiKey)
    case 'removeKey':
      return index.removeKey(change.key)
    case 'putProject':
      return index.putProject(change.project)
    case 'removeProject':
      return index.removeProject(change.id)
  }
}

async function applyToCollections(db: Collections, change: ModelChange): Promise<void> {
  switch (change.kind) {
    case 'putUser':
      db.users.delete((q) => q.where({ id: change.user.id }))
      await db.users.create(change.user)
      return
    case 'putKey':
      db.apiKeys.delete((q) => q.where({ key: change.apiKey.key }))
      await db.apiKeys.create(change.apiKey)
      return
    case 'removeKey':
      db.apiKeys.delete((q) => q.where({ key: change.key }))
      return
    case 'putProject':
      db.projects.delete((q) => q.where({ id: change.project.id }))
      await db.projects.create(change.project)
      return
    case 'removeProject':
      db.projects.delete((q) => q.where({ id: change.id }))
  }
}

/**
 * Indexes the records of `fixtures`; the collections follow on the first `db()`.
 *
 * @example
 * const model = createModel(fixtures)
 * await (await model.db()).projects.create(project) // indexed at once
 */
export function createModel(fixtures: Fixtures, knownKeys?: KeyFinder): Model {
  const index = createModelIndex(knownKeys)
  seed(index, fixtures)
  let seededAt = index.changes
  let collections: Promise<Collections> | undefined
  /** The collections' catching up with the index, one change after the other. */
  let mirror: Promise<void> = Promise.resolve()
  /** The first failure of a copy into the collections not yet reported: `settled()` rejects with it, so the two never drift unseen. */
  let failure: { readonly error: unknown } | undefined
  /** Records whose changes the sandbox is copying into the collections: their hooks leave the index alone. */
  const muted = new Map<string, number>()
  let mutedAll = 0

  const quietly = async (names: readonly string[], write: () => Promise<void>) => {
    for (const name of names) muted.set(name, (muted.get(name) ?? 0) + 1)
    if (names.length === 0) mutedAll++
    try {
      await write()
    } finally {
      for (const name of names) {
        const count = muted.get(name)! - 1
        if (count === 0) muted.delete(name)
        else muted.set(name, count)
      }
      if (names.length === 0) mutedAll--
    }
  }
  const fill = async (db: Collections, from: ModelIndex) => {
    for (const user of from.users()) await db.users.create(user)
    for (const { project } of from.projects()) await db.projects.create(project)
    for (const { apiKey } of from.keys()) await db.apiKeys.create(apiKey)
  }
  const open = async () => {
    const { createCollections } = await import('./create-collections.js')
    const db = createCollections()
    followCollections(index, db, (record) => mutedAll > 0 || muted.has(recordName(record)))
    await quietly([], () => fill(db, index))
    return db
  }
  const afterMirror = (step: (db: Collections) => Promise<void>) => {
    const opened = collections
    if (opened === undefined) return
    // The chain goes on after a failure (later changes still reach the collections), which is kept for settled().
    mirror = mirror
      .then(async () => step(await opened))
      .catch((error: unknown) => {
        failure ??= { error }
      })
  }
  const settled = async () => {
    await mirror
    const reported = failure
    failure = undefined
    if (reported !== undefined) throw reported.error
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
    apply(change) {
      applyToIndex(index, change)
      afterMirror((db) => quietly([recordName(recordOf(change))], () => applyToCollections(db, change)))
    },
    settled,
    release: () => index.release(),
    reseed() {
      if (index.changes === seededAt) return
      index.clear()
      seed(index, fixtures)
      seededAt = index.changes
      afterMirror((db) =>
        quietly([], async () => {
          db.users.deleteMany((q) => q.where({}))
          db.apiKeys.deleteMany((q) => q.where({}))
          db.projects.deleteMany((q) => q.where({}))
          await fill(db, index)
        }),
      )
    },
  }
}
