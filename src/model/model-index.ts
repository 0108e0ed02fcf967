import { dayOfInstant, type DayNumber } from '../vocabulary/calendar-date.js'
import type { Collections } from './create-collections.js'
import type { ApiKey, Project, User } from '../contract/fixtures-schema.js'
import { IdAllocator } from './id-allocator.js'
import { KeyFinder } from '../vocabulary/key-finder.js'
import type { KnownKeys } from '../vocabulary/mask-key.js'

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
  /**
   * The keys masking looks for, whole or inside any text: this index's and, on a server, those of
   * every sandbox of the process (a key made in one session and sent to another is masked too).
   */
  readonly knownKeys: KnownKeys
  findProject(id: number): ProjectEntry | undefined
  findUser(id: number): User | undefined
  listProjects(userId: number): readonly ProjectEntry[]
  /** Every record, in the order stored: for the portal's lists and for filling the collections (never the request path). */
  users(): IterableIterator<User>
  keys(): IterableIterator<KeyEntry>
  projects(): IterableIterator<ProjectEntry>
  /** A user id never stored since the last `clear()` and not in `reserved`, at most 2^53 − 1 ({@link IdAllocator}). */
  nextUserId(reserved?: ReadonlySet<number>): number
  /** A project id never stored since the last `clear()` and not in `reserved`, at most 2^53 − 1. */
  nextProjectId(reserved?: ReadonlySet<number>): number
  /** Counts every record created, updated or deleted, so a reset can tell whether re-seeding is needed. */
  readonly changes: number
}

const NO_PROJECTS: readonly ProjectEntry[] = Object.freeze([])

/**
 * Counters shared by every index of the process: a project's revision and an index's change count
 * are then unique among all sandboxes (sessions included), so the answer and series caches, shared
 * by all of them, can key on them without two sandboxes ever meeting on one key.
 */
const counters = { revision: 0, change: 0 }

/** The index's writer: what seeding and the collections' hooks call. */
export interface ModelIndexWriter extends ModelIndex {
  putUser(user: User): void
  removeUser(id: number): void
  putKey(apiKey: ApiKey): void
  removeKey(key: string): void
  putProject(project: Project): void
  removeProject(id: number): void
  /** Forgets every record (the change count goes on, so caches keyed by it never serve old answers). */
  clear(): void
  /** Takes this index's keys out of `knownKeys` for good: its sandbox has ended (a session). */
  release(): void
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
export function createModelIndex(known: KeyFinder = new KeyFinder()): ModelIndexWriter {
  const keys = new Map<string, KeyEntry>()
  /** Whether the keys are still told to `known` (until the sandbox ends). */
  let telling = true
  /** Takes every stored key out of `known`, while they are told to it. */
  const forgetKeys = () => {
    if (telling) for (const key of keys.keys()) known.delete(key)
  }
  const projects = new Map<number, ProjectEntry>()
  const byUser = new Map<number, { entries: ProjectEntry[]; sorted: boolean }>()
  const users = new Map<number, User>()
  let changes = ++counters.change
  const userIds = new IdAllocator()
  const projectIds = new IdAllocator()

  const removeProject = (id: number) => {
    changes = ++counters.change
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
    const entry: ProjectEntry = { project, createdDay: dayOfInstant(Date.parse(project.created_at)), revision: ++counters.revision }
    projects.set(project.id, entry)
    projectIds.note(project.id)
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
    knownKeys: known,
    findProject: (id) => projects.get(id),
    findUser: (id) => users.get(id),
    listProjects,
    users: () => users.values(),
    keys: () => keys.values(),
    projects: () => projects.values(),
    get changes() {
      return changes
    },
    nextUserId: (reserved) => userIds.next(reserved),
    nextProjectId: (reserved) => projectIds.next(reserved),
    putUser(user) {
      changes = ++counters.change
      users.set(user.id, user)
      userIds.note(user.id)
    },
    removeUser(id) {
      changes = ++counters.change
      users.delete(id)
    },
    putKey(apiKey) {
      changes = ++counters.change
      if (telling && !keys.has(apiKey.key)) known.add(apiKey.key)
      keys.set(apiKey.key, { apiKey, expiresAt: Date.parse(apiKey.expiry) })
    },
    removeKey(key) {
      changes = ++counters.change
      if (keys.delete(key) && telling) known.delete(key)
    },
    putProject,
    removeProject,
    clear() {
      changes = ++counters.change
      forgetKeys()
      keys.clear()
      projects.clear()
      byUser.clear()
      users.clear()
      userIds.clear()
      projectIds.clear()
    },
    release() {
      forgetKeys()
      telling = false
    },
  }
}

/**
 * Keeps `index` current with every record created, updated or deleted through `collections`, but for
 * the records `muted` names: the sandbox's own writes, which reached the index first.
 *
 * @example
 * followCollections(index, collections, () => false)
 */
export function followCollections(index: ModelIndexWriter, collections: Collections, muted: (record: MutedRecord) => boolean): void {
  follow(
    collections.apiKeys,
    (record) => ({ key: record.key }),
    index.putKey,
    (record) => index.removeKey(record.key),
    muted,
  )
  follow(
    collections.users,
    (record) => ({ userId: record.id }),
    index.putUser,
    (record) => index.removeUser(record.id),
    muted,
  )
  follow(
    collections.projects,
    (record) => ({ projectId: record.id }),
    index.putProject,
    (record) => index.removeProject(record.id),
    muted,
  )
}

/** The hooks of one collection: what each create, update and delete does to the index, unless muted. */
interface Followed<T> {
  readonly hooks: {
    on(event: 'create', listener: (event: { data: { record: T } }) => void): unknown
    on(event: 'update', listener: (event: { data: { prevRecord: T; nextRecord: T } }) => void): unknown
    on(event: 'delete', listener: (event: { data: { deletedRecord: T } }) => void): unknown
  }
}

function follow<T>(
  collection: Followed<T>,
  name: (record: T) => MutedRecord,
  put: (record: T) => void,
  remove: (record: T) => void,
  muted: (record: MutedRecord) => boolean,
): void {
  collection.hooks.on('create', ({ data }) => muted(name(data.record)) || put(data.record))
  collection.hooks.on('update', ({ data }) => {
    if (muted(name(data.prevRecord))) return
    remove(data.prevRecord)
    put(data.nextRecord)
  })
  collection.hooks.on('delete', ({ data }) => muted(name(data.deletedRecord)) || remove(data.deletedRecord))
}

/** A record the collections' hooks may be told to leave alone, by what identifies it. */
export type MutedRecord = { readonly key: string } | { readonly userId: number } | { readonly projectId: number }
