import type { ApiKey, Project } from '../contract/fixtures-schema.js'
import { loadInputSchemas } from '../contract/load-input-schemas.js'
import type { AccountView, ClockView, KeyRecord, KeyState, ProjectRecord } from '../contract/portal-schemas.js'
import { dayOfInstant, formatCalendarDate } from '../vocabulary/calendar-date.js'
import type { Clock } from '../vocabulary/clock.js'
import { formatInstant, LAST_INSTANT_MS } from '../vocabulary/format-instant.js'
import { parseStartInstant } from '../vocabulary/parse-start-instant.js'
import { formatIssuePath } from '../vocabulary/format-issue-path.js'
import { mixHash } from '../vocabulary/hash.js'
import { CLOCK_ADVANCE_MESSAGE, MAX_DURATION_MS, parseIsoDuration } from '../vocabulary/iso-duration.js'
import { PortalError, type FieldIssue } from '../vocabulary/portal-error.js'
import { LIMITS } from '../vocabulary/limits.js'
import { issuesOf, parse } from './parse-body.js'
import { refuseOversizedBody } from './refuse-oversized-body.js'
import type { Model } from './create-model.js'
import { makeProject } from './make-project.js'
import type { KeyEntry } from './model-index.js'
import { toProjectResource } from './to-project-resource.js'
import { inputMessage } from '../vocabulary/input-message.js'
import { unboundedAccount, type BudgetAccount } from '../vocabulary/memory-budget.js'

/**
 * Records (users, projects, keys) the portal makes between two resets, so memory stays bounded: a
 * project with its key holds about 1.7 KB of heap, so the most this allows is about 17 MB. Records
 * near their field limits reach {@link LIMITS.portalBytes} first. On a server, every portal also
 * draws on the process's budget ({@link RECORD_HEAP_BYTES} a record), which sizes the heap.
 */
export const MAX_CREATED_RECORDS = LIMITS.portalRecords

/** What one page of keys may hold, where it starts, and which account it narrows to. */
export interface KeysPage {
  readonly userId?: number
  readonly offset?: number
  readonly limit?: number
}

/**
 * Heap a portal record costs besides its text, as measured (docs/decisions/bounded-by-bytes.md):
 * 20,000 small records take about 16 MB, so the process budget sees what the records hold.
 */
export const RECORD_HEAP_BYTES = 800

/** Heap per byte of a record's JSON text: long texts cost about a quarter of their JSON length more. */
const HEAP_PER_JSON_BYTE = 0.25

/** A record's weight against the portal's byte budget: its JSON text's length. */
function sizeOf(record: object | undefined): number {
  return record === undefined ? 0 : JSON.stringify(record).length
}

/**
 * The portal and the clock: what the real service's web portal does to accounts, projects and
 * keys, and time moving on. Every operation checks its whole input first (the same zod schemas as
 * fixture files, and the same rules across records) and changes nothing when it throws a
 * {@link PortalError}. The admin API and the library both call these, so they answer alike.
 *
 * @example
 * const portal = createPortal(model, clock, 1)
 * const { user_key } = portal.createAccount({ projects: 2 })
 * portal.updateKey(user_key, { revoked: true })
 */
export interface Portal {
  createAccount(body: unknown): AccountView
  createProject(body: unknown): ProjectRecord
  updateProject(id: number, body: unknown): ProjectRecord
  deleteProject(id: number): { readonly id: number }
  createKey(body: unknown): KeyRecord
  /**
   * Keys in the order made (the fixtures' first), with their state at the clock's now: `limit` of
   * them (by default all) from `offset`; `userId` narrows to one account.
   */
  listKeys(page?: KeysPage): { readonly keys: KeyRecord[]; readonly total: number; readonly next_offset: number | null }
  updateKey(key: string, body: unknown): KeyRecord
  deleteKey(key: string): { readonly key: string }
  clock(): ClockView
  setClock(body: unknown): ClockView
  /** Forgets what the portal made since the start: its counters (the model and clock are reset by their owners). */
  reset(): void
}

/** A project's rules beyond its own fields' shapes: its region among its data regions. */
function projectIssues(project: Project, at: ReadonlyArray<PropertyKey>): FieldIssue[] {
  const issues = loadInputSchemas().projectRecordSchema.safeParse(project, { error: inputMessage })
  if (!issues.success) return issuesOf(issues.error, at)
  if (project.data_regions.includes(project.region)) return []
  return [{ field: formatIssuePath([...at, 'data_regions']), message: `must include the project's own region ${project.region}` }]
}

function keyState(entry: KeyEntry, now: number): KeyState {
  if (entry.apiKey.revoked) return 'revoked'
  return entry.expiresAt <= now ? 'expired' : 'valid'
}

/** One year after `nowMs`, on the same date and time (29 February gives 1 March), at most the last instant of 9999. */
function aYearAfter(nowMs: number): string {
  const date = new Date(Math.floor(nowMs / 1000) * 1000)
  date.setUTCFullYear(date.getUTCFullYear() + 1)
  return formatInstant(Math.min(date.getTime(), LAST_INSTANT_MS))
}

/**
 * The portal of one sandbox over its `model` and `clock`; `seed` makes up what a body leaves out.
 *
 * @example
 * const portal = createPortal(model, createClock(), 1)
 * portal.createKey({ level: 'USER', user_id: 1, expiry: '2030-01-01T00:00:00Z' }).state // 'valid'
 */
export function createPortal(model: Model, clock: Clock, seed: number, account: BudgetAccount = unboundedAccount()): Portal {
  const { index } = model
  let created = 0
  /** Bytes the portal added to the records (as JSON) since the start: PATCH and DELETE move it too. */
  let bytes = 0
  let keySequence = 0
  /** Heap the records made hold against the process's budget (`account`). */
  let held = 0

  const reserve = (count: number) => {
    if (created + count > MAX_CREATED_RECORDS) throw PortalError.full()
  }
  /**
   * Checks that `after` may replace `before` (records, or nothing) within the byte budget and the
   * process's, taking from (or giving back to) the latter; the change in bytes. Called just before the change is made.
   */
  const weigh = (before: readonly (object | undefined)[], after: readonly (object | undefined)[]): number => {
    const change =
      after.reduce((sum: number, record) => sum + sizeOf(record), 0) - before.reduce((sum: number, record) => sum + sizeOf(record), 0)
    if (change > 0 && bytes + change > LIMITS.portalBytes) throw PortalError.full()
    const records = after.filter((record) => record !== undefined).length - before.filter((record) => record !== undefined).length
    const heap = Math.max(-held, Math.ceil(records * RECORD_HEAP_BYTES + change * HEAP_PER_JSON_BYTE))
    if (!account.change(0, heap)) throw PortalError.memoryFull()
    held += heap
    return change
  }
  const count = (change: number) => {
    bytes = Math.max(0, bytes + change)
  }
  const view = (entry: KeyEntry): KeyRecord => ({ ...entry.apiKey, state: keyState(entry, clock.now()) })
  /** A key text nobody holds, made up from the seed and a sequence number: the same in any process. */
  const newKeyText = (level: ApiKey['level'], ownerId: number, taken: ReadonlySet<string>) => {
    for (;;) {
      const hash = mixHash(mixHash(0x6b65, seed), ++keySequence)
      const text = `sbx_${level.toLowerCase()}_${ownerId}_${hash.toString(16).padStart(8, '0')}`
      if (index.findKey(text) === undefined && !taken.has(text)) return text
    }
  }
  const newKey = (level: ApiKey['level'], userId: number, projectId: number | null, taken: Set<string>): ApiKey => {
    const key = newKeyText(level, projectId ?? userId, taken)
    taken.add(key)
    const name = level === 'USER' ? `Account ${userId} key` : `Project ${projectId} key`
    return { key, name, level, user_id: userId, project_id: projectId, expiry: aYearAfter(clock.now()), revoked: false }
  }
  const clockView = (): ClockView => {
    const now = clock.now()
    return { now: formatInstant(Math.floor(now / 1000) * 1000), today: formatCalendarDate(dayOfInstant(now)), frozen: clock.frozen }
  }
  const findProject = (id: number) => {
    const entry = index.findProject(id)
    if (entry === undefined) throw PortalError.notFound(`No project ${id}`)
    return entry
  }
  const findKey = (key: string) => {
    const entry = index.findKey(key)
    if (entry === undefined) throw PortalError.notFound('No such key')
    return entry
  }

  return {
    createAccount(body) {
      // No body is an empty one; `null` is a body, and not an object.
      const input = parse(loadInputSchemas().accountBodySchema, body === undefined ? {} : body)
      const userId = index.nextUserId()
      const given: ReadonlyArray<Partial<Project>> =
        typeof input.projects === 'number' ? Array.from({ length: input.projects }, () => ({})) : (input.projects ?? [{}])
      reserve(2 + 2 * given.length)
      const ids = new Set<number>()
      const issues: FieldIssue[] = []
      const projects = given.map((fields, position) => {
        const at = ['projects', position]
        if (fields.user_id !== undefined && fields.user_id !== userId) {
          issues.push({ field: formatIssuePath([...at, 'user_id']), message: `leave it out: the new account's id is ${userId}` })
        }
        if (fields.id !== undefined && (index.findProject(fields.id) !== undefined || ids.has(fields.id))) {
          issues.push({ field: formatIssuePath([...at, 'id']), message: `project ${fields.id} exists already` })
        }
        ids.add(fields.id ?? NaN)
        return fields
      })
      // Ids chosen by the body first, so a made-up id never takes one a later project asked for.
      const made = projects.map((fields, position) => {
        const id = fields.id ?? index.nextProjectId(ids)
        ids.add(id)
        const project = makeProject(seed, id, userId, clock.now(), { ...fields, user_id: userId, id })
        issues.push(...projectIssues(project, ['projects', position]))
        return project
      })
      if (issues.length > 0) throw PortalError.invalid(issues)
      const taken = new Set<string>()
      const user = { id: userId, name: input.name ?? `Account ${userId}` }
      const userKey = newKey('USER', userId, null, taken)
      const projectKeys = made.map((project) => newKey('PROJECT', userId, project.id, taken))
      const change = weigh([], [user, ...made, userKey, ...projectKeys])
      created += 2 + 2 * made.length
      count(change)
      model.apply({ kind: 'putUser', user })
      for (const project of made) model.apply({ kind: 'putProject', project })
      for (const apiKey of [userKey, ...projectKeys]) model.apply({ kind: 'putKey', apiKey })
      return {
        user_id: userId,
        user_key: userKey.key,
        projects: made.map(toProjectResource),
        project_keys: Object.fromEntries(projectKeys.map((apiKey) => [String(apiKey.project_id), apiKey.key])),
      }
    },

    createProject(body) {
      const input = parse(loadInputSchemas().projectBodySchema, body)
      reserve(1)
      const issues: FieldIssue[] = []
      if (index.findUser(input.user_id) === undefined) issues.push({ field: 'user_id', message: `user ${input.user_id} does not exist` })
      if (input.id !== undefined && index.findProject(input.id) !== undefined) {
        issues.push({ field: 'id', message: `project ${input.id} exists already` })
      }
      const project = makeProject(seed, input.id ?? index.nextProjectId(), input.user_id, clock.now(), input)
      issues.push(...projectIssues(project, []))
      if (issues.length > 0) throw PortalError.invalid(issues)
      const change = weigh([], [project])
      created++
      count(change)
      model.apply({ kind: 'putProject', project })
      return project
    },

    updateProject(id, body) {
      const { project: before } = findProject(id)
      const project: Project = { ...before, ...parse(loadInputSchemas().projectPatchSchema, body) }
      const issues = projectIssues(project, [])
      if (issues.length > 0) throw PortalError.invalid(issues)
      // A change counts like a creation: a project grown to its limits weighs what a new one would.
      count(weigh([before], [project]))
      model.apply({ kind: 'putProject', project })
      return project
    },

    deleteProject(id) {
      findProject(id)
      // Its PROJECT keys go with it, as in the portal: they are refused with 401 like any unknown key.
      const keys = [...index.keys()].filter((entry) => entry.apiKey.project_id === id)
      count(weigh([findProject(id).project, ...keys.map((entry) => entry.apiKey)], []))
      for (const entry of keys) model.apply({ kind: 'removeKey', key: entry.apiKey.key })
      model.apply({ kind: 'removeProject', id })
      return { id }
    },

    createKey(body) {
      const input = parse(loadInputSchemas().keyBodySchema, body)
      reserve(1)
      const issues: FieldIssue[] = []
      const project = input.project_id == null ? undefined : index.findProject(input.project_id)
      let userId = input.user_id
      if (input.level === 'USER') {
        if (input.user_id === undefined) issues.push({ field: 'user_id', message: 'is required for a USER key' })
        if (input.project_id != null) issues.push({ field: 'project_id', message: 'must be left out for a USER key' })
      } else if (input.project_id == null) {
        issues.push({ field: 'project_id', message: 'is required for a PROJECT key' })
      } else if (project === undefined) {
        issues.push({ field: 'project_id', message: `project ${input.project_id} does not exist` })
      } else if (input.user_id !== undefined && input.user_id !== project.project.user_id) {
        issues.push({ field: 'project_id', message: `project ${input.project_id} is not owned by user ${input.user_id}` })
      } else userId = project.project.user_id
      if (input.user_id !== undefined && index.findUser(input.user_id) === undefined) {
        issues.push({ field: 'user_id', message: `user ${input.user_id} does not exist` })
      }
      const taken = input.key !== undefined && index.findKey(input.key) !== undefined
      // A taken key alone is a conflict (409 key_taken); beside other mistakes, one of them (400).
      if (taken && issues.length === 0) throw PortalError.keyTaken()
      if (taken) issues.push({ field: 'key', message: 'is taken' })
      if (issues.length > 0 || userId === undefined) throw PortalError.invalid(issues)
      const made = newKey(input.level, userId, project?.project.id ?? null, new Set())
      const checked = loadInputSchemas().apiKeyRecordSchema.safeParse(
        {
          ...made,
          ...(input.key === undefined ? {} : { key: input.key }),
          ...(input.name === undefined ? {} : { name: input.name }),
          ...(input.expiry === undefined ? {} : { expiry: input.expiry }),
        },
        { error: inputMessage },
      )
      if (!checked.success) throw PortalError.invalid(issuesOf(checked.error))
      const apiKey = checked.data
      const change = weigh([], [apiKey])
      created++
      count(change)
      model.apply({ kind: 'putKey', apiKey })
      return view(index.findKey(apiKey.key)!)
    },

    listKeys({ userId, offset = 0, limit = Number.POSITIVE_INFINITY } = {}) {
      const matching = [...index.keys()].filter((entry) => userId === undefined || entry.apiKey.user_id === userId)
      const end = offset + limit
      return { keys: matching.slice(offset, end).map(view), total: matching.length, next_offset: end < matching.length ? end : null }
    },

    updateKey(key, body) {
      const { apiKey: before } = findKey(key)
      const change = parse(loadInputSchemas().keyPatchSchema, body)
      if (before.revoked && change.revoked === false) {
        throw PortalError.invalid([{ field: 'revoked', message: 'revoking is final: make a new key instead' }])
      }
      const apiKey: ApiKey = { ...before, ...change, revoked: before.revoked || change.revoked === true }
      count(weigh([before], [apiKey]))
      model.apply({ kind: 'putKey', apiKey })
      return view(index.findKey(key)!)
    },

    deleteKey(key) {
      count(weigh([findKey(key).apiKey], []))
      model.apply({ kind: 'removeKey', key })
      return { key }
    },

    clock: clockView,

    setClock(body) {
      refuseOversizedBody(body)
      const fields = typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}
      if ('now' in fields === 'advance' in fields) {
        throw PortalError.invalid([
          { field: '(root)', message: 'give "now" (a date or a date-time, or null for the start clock) or "advance", not both' },
        ])
      }
      if ('advance' in fields) {
        const { advance } = parse(loadInputSchemas().clockAdvanceSchema, body)
        const ms = parseIsoDuration(advance)
        if (ms === undefined) throw PortalError.invalid([{ field: 'advance', message: CLOCK_ADVANCE_MESSAGE }])
        if (ms > MAX_DURATION_MS)
          throw PortalError.invalid([{ field: 'advance', message: 'may move the clock at most 1000 years at once' }])
        if (clock.now() + ms > LAST_INSTANT_MS)
          throw PortalError.invalid([{ field: 'advance', message: 'moves the clock past the year 9999' }])
        clock.advance(ms)
        return clockView()
      }
      const { now } = parse(loadInputSchemas().clockSetSchema, body)
      // The schema took only what parseStartInstant reads, from 0001-01-01 on.
      if (now === null) clock.restore()
      else clock.set(parseStartInstant(now)!)
      return clockView()
    },

    reset() {
      account.give(held)
      held = 0
      created = 0
      bytes = 0
      keySequence = 0
    },
  }
}
