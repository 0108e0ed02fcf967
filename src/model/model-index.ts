import { dayOfInstant, type DayNumber } from '../vocabulary/calendar-date.js'
import type { Collections } from './create-collections.js'
import type { ApiKey, Project } from '../contract/fixtures-schema.js'

/** A key with what the auth guard needs, computed once when the record is stored. */
export interface KeyEntry {
  readonly apiKey: ApiKey
  readonly expiresAt: number
}

/** A project with what endpoints need, computed once when the record is stored. */
export interface ProjectEntry {
  readonly project: Project
  readonly createdDay: DayNumber
  /** Changes whenever the record changes, so caches keyed by it never serve stale data. */
  readonly revision: number
}

/**
 * Constant-time lookups over the records, what the request path reads:
 * key value → key, project id → project, user id → that user's projects (sorted by id).
 *
 * @example
 * const index = createModelIndex()
 * index.findKey('sbx_user_alpha')?.apiKey.level // 'USER'
 */
export interface ModelIndex {
  findKey(key: string): KeyEntry | undefined
  findProject(id: number): ProjectEntry | undefined
  listProjects(userId: number): readonly ProjectEntry[]
  /** Counts every record created, updated or deleted, so a reset can tell whether re-seeding is needed. */
  readonly changes: number
}

const NO_PROJECTS: readonly ProjectEntry[] = Object.freeze([])

/** The index's writer: what seeding and the collections' hooks call. */
export interface ModelIndexWriter extends ModelIndex {
  putKey(apiKey: ApiKey): void
  removeKey(key: string): void
  putProject(project: Project): void
  removeProject(id: number): void
  /** Counts a change that moves no indexed record (a user's). */
  touch(): void
}

/**
 * An empty {@link ModelIndex} with its writer: seeding fills it directly, and once `db()` is used,
 * {@link followCollections} keeps it current with the collections.
 *
 * @example
 * const index = createModelIndex()
 * index.putKey(apiKey)
 * index.findKey(apiKey.key)?.apiKey.level // 'USER'
 */
export function createModelIndex(): ModelIndexWriter {
  const keys = new Map<string, KeyEntry>()
  const projects = new Map<number, ProjectEntry>()
  const byUser = new Map<number, { entries: ProjectEntry[]; sorted: boolean }>()
  let revision = 0
  let changes = 0

  const removeProject = (id: number) => {
    changes++
    const entry = projects.get(id)
    if (entry === undefined) return
    projects.delete(id)
    const owned = byUser.get(entry.project.user_id)
    if (owned === undefined) return
    owned.entries = owned.entries.filter((candidate) => candidate !== entry)
    if (owned.entries.length === 0) byUser.delete(entry.project.user_id)
  }
  const putProject = (project: Project) => {
    // @msw/data emits one update event per changed path, each with the whole next record: replacing
    // any entry of the same id keeps the project listed once, however many events one update makes.
    removeProject(project.id)
    const entry: ProjectEntry = { project, createdDay: dayOfInstant(Date.parse(project.created_at)), revision: ++revision }
    projects.set(project.id, entry)
    const owned = byUser.get(project.user_id)
    if (owned === undefined) byUser.set(project.user_id, { entries: [entry], sorted: true })
    else {
      owned.entries.push(entry)
      owned.sorted = false
    }
  }
  const listProjects = (userId: number): readonly ProjectEntry[] => {
    const owned = byUser.get(userId)
    if (owned === undefined) return NO_PROJECTS
    if (!owned.sorted) {
      owned.entries.sort((a, b) => a.project.id - b.project.id)
      owned.sorted = true
    }
    return owned.entries
  }

  return {
    findKey: (key) => keys.get(key),
    findProject: (id) => projects.get(id),
    listProjects,
    get changes() {
      return changes
    },
    putKey(apiKey) {
      changes++
      keys.set(apiKey.key, { apiKey, expiresAt: Date.parse(apiKey.expiry) })
    },
    removeKey(key) {
      changes++
      keys.delete(key)
    },
    putProject,
    removeProject,
    touch() {
      changes++
    },
  }
}

/**
 * Keeps `index` current with every record created, updated or deleted through `collections`.
 *
 * @example
 * followCollections(index, collections)
 */
export function followCollections(index: ModelIndexWriter, collections: Collections): void {
  collections.apiKeys.hooks.on('create', ({ data }) => index.putKey(data.record))
  collections.apiKeys.hooks.on('update', ({ data }) => {
    index.removeKey(data.prevRecord.key)
    index.putKey(data.nextRecord)
  })
  collections.apiKeys.hooks.on('delete', ({ data }) => index.removeKey(data.deletedRecord.key))
  for (const event of ['create', 'update', 'delete'] as const) collections.users.hooks.on(event, () => index.touch())
  collections.projects.hooks.on('create', ({ data }) => index.putProject(data.record))
  collections.projects.hooks.on('update', ({ data }) => {
    index.removeProject(data.prevRecord.id)
    index.putProject(data.nextRecord)
  })
  collections.projects.hooks.on('delete', ({ data }) => index.removeProject(data.deletedRecord.id))
}
