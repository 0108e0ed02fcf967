import type { ApiKey, Project } from '../contract/fixtures-schema.js'
import { loadInputSchemas } from '../contract/load-input-schemas.js'
import type { AccountView, KeyRecord, KeyState, ProjectRecord } from '../contract/portal-schemas.js'
import type { Clock } from '../vocabulary/clock.js'
import { formatIssuePath } from '../vocabulary/format-issue-path.js'
import { PortalError, type FieldIssue } from '../vocabulary/portal-error.js'
import { issuesOf, parse } from './parse-body.js'
import type { Model } from './create-model.js'
import { makeProject } from './make-project.js'
import { PortalAllowance } from './portal-allowance.js'
import { KeyMaker } from './key-maker.js'
import type { KeyEntry } from './model-index.js'
import { toProjectResource } from './to-project-resource.js'
import { inputMessage } from '../vocabulary/input-message.js'
import { unboundedAccount, type BudgetAccount } from '../vocabulary/memory-budget.js'

/** What one page of keys may hold, where it starts, and which account it narrows to. */
export interface KeysPage {
  readonly userId?: number
  readonly offset?: number
  readonly limit?: number
}

/**
 * The portal: what the real service's web portal does to accounts, projects and keys (the clock's
 * controls are `clock-controls.ts`). Every operation checks its whole input first (the same zod schemas as
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

/**
 * The portal of one sandbox over its `model` and `clock`; `seed` makes up what a body leaves out.
 *
 * @example
 * const portal = createPortal(model, createClock(), 1)
 * portal.createKey({ level: 'USER', user_id: 1, expiry: '2030-01-01T00:00:00Z' }).state // 'valid'
 */
export function createPortal(model: Model, clock: Clock, seed: number, account: BudgetAccount = unboundedAccount()): Portal {
  const { index } = model
  const allowance = new PortalAllowance(account)
  const keys = new KeyMaker(index, clock, seed)
  const newKey = keys.make.bind(keys)

  const view = (entry: KeyEntry): KeyRecord => ({ ...entry.apiKey, state: keyState(entry, clock.now()) })
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
      allowance.reserve(2 + 2 * given.length)
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
      allowance.count(allowance.weigh([], [user, ...made, userKey, ...projectKeys]), 2 + 2 * made.length)
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
      allowance.reserve(1)
      const issues: FieldIssue[] = []
      if (index.findUser(input.user_id) === undefined) issues.push({ field: 'user_id', message: `user ${input.user_id} does not exist` })
      if (input.id !== undefined && index.findProject(input.id) !== undefined) {
        issues.push({ field: 'id', message: `project ${input.id} exists already` })
      }
      const project = makeProject(seed, input.id ?? index.nextProjectId(), input.user_id, clock.now(), input)
      issues.push(...projectIssues(project, []))
      if (issues.length > 0) throw PortalError.invalid(issues)
      allowance.count(allowance.weigh([], [project]), 1)
      model.apply({ kind: 'putProject', project })
      return project
    },

    updateProject(id, body) {
      const { project: before } = findProject(id)
      const project: Project = { ...before, ...parse(loadInputSchemas().projectPatchSchema, body) }
      const issues = projectIssues(project, [])
      if (issues.length > 0) throw PortalError.invalid(issues)
      // A change counts like a creation: a project grown to its limits weighs what a new one would.
      allowance.count(allowance.weigh([before], [project]))
      model.apply({ kind: 'putProject', project })
      return project
    },

    deleteProject(id) {
      findProject(id)
      // Its PROJECT keys go with it, as in the portal: they are refused with 401 like any unknown key.
      const keys = [...index.keys()].filter((entry) => entry.apiKey.project_id === id)
      allowance.count(allowance.weigh([findProject(id).project, ...keys.map((entry) => entry.apiKey)], []))
      for (const entry of keys) model.apply({ kind: 'removeKey', key: entry.apiKey.key })
      model.apply({ kind: 'removeProject', id })
      return { id }
    },

    createKey(body) {
      const input = parse(loadInputSchemas().keyBodySchema, body)
      allowance.reserve(1)
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
      allowance.count(allowance.weigh([], [apiKey]), 1)
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
      allowance.count(allowance.weigh([before], [apiKey]))
      model.apply({ kind: 'putKey', apiKey })
      return view(index.findKey(key)!)
    },

    deleteKey(key) {
      allowance.count(allowance.weigh([findKey(key).apiKey], []))
      model.apply({ kind: 'removeKey', key })
      return { key }
    },

    reset() {
      allowance.reset()
      keys.reset()
    },
  }
}
