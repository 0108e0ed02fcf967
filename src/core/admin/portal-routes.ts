import { ok, type Envelope } from '../../contract/envelope.js'
import { ERRORS } from '../../vocabulary/errors.js'
import { PortalError } from '../../vocabulary/portal-error.js'
import type { KeysPage, Portal } from '../../model/create-portal.js'
import { LIMITS } from '../../vocabulary/limits.js'
import { readPositiveId } from '../../vocabulary/read-positive-id.js'
import type { CoreRequest } from '../core-request.js'
import { toAnswer, type Answer } from '../answer.js'
import type { KeyRecord } from '../../contract/portal-schemas.js'
import { SandboxError } from '../../vocabulary/sandbox-error.js'
import { readAdminQuery } from './read-admin-query.js'
import { readJsonBody } from './read-json-body.js'

import type { SandboxCore } from '../sandbox-core.js'

/** A portal operation: the sandbox, the request, and the id or key its path names (`keys/{key}`). */
export type PortalHandler = (sandbox: SandboxCore, request: CoreRequest, param: string) => Envelope<unknown> | Answer

/** A project id in a path: digits only, or no such project (404). */
function projectIdIn(param: string): number {
  const id = readPositiveId(param)
  if (id === undefined) throw PortalError.notFound(`No project ${JSON.stringify(param.slice(0, 40))}`)
  return id
}

/** A key in a path, percent-decoded; one that cannot be decoded names no key (404). */
function keyIn(param: string): string {
  try {
    return decodeURIComponent(param)
  } catch {
    throw PortalError.notFound('No such key')
  }
}

/**
 * The 400's detail for a `GET keys?user_id=` that names no possible account.
 *
 * @example
 * USER_ID_FILTER_DETAIL // 'user_id must be a positive integer, at most 9007199254740991'
 */
export const USER_ID_FILTER_DETAIL = `user_id must be a positive integer, at most ${Number.MAX_SAFE_INTEGER}`

/**
 * The 400's details for a `GET keys` page out of range.
 *
 * @example
 * KEYS_PAGE_DETAILS.limit // 'limit must be a whole number from 1 to 1000'
 */
export const KEYS_PAGE_DETAILS = {
  unknown: 'GET keys takes user_id, offset and limit only',
  limit: `limit must be a whole number from 1 to ${LIMITS.keysPage}`,
  offset: `offset must be a whole number from 0 to ${Number.MAX_SAFE_INTEGER}`,
} as const

/** What `GET keys` takes. */
const KEYS_PARAMETERS: readonly string[] = ['user_id', 'offset', 'limit']

/** A whole number of at most 16 digits in `[min, max]` of the query parameter `name`, or `undefined` when absent. */
function wholeNumberIn(query: ReadonlyMap<string, string>, name: string, min: number, max: number, detail: string): number | undefined {
  const text = query.get(name)
  if (text === undefined) return undefined
  const value = /^\d{1,16}$/.test(text) ? Number(text) : Number.NaN
  if (!(value >= min && value <= max)) throw new SandboxError(ERRORS.badRequest, detail)
  return value
}

/**
 * `GET keys?user_id=&offset=&limit=`: one account's keys (past 2^53 - 1 a number would round to
 * another id), a page of at most {@link LIMITS.keysPage} (the default) from `offset`.
 */
function keysPage(request: CoreRequest): KeysPage {
  const query = readAdminQuery(request.query, KEYS_PARAMETERS, () => KEYS_PAGE_DETAILS.unknown)
  const userId = wholeNumberIn(query, 'user_id', 1, Number.MAX_SAFE_INTEGER, USER_ID_FILTER_DETAIL)
  const offset = wholeNumberIn(query, 'offset', 0, Number.MAX_SAFE_INTEGER, KEYS_PAGE_DETAILS.offset) ?? 0
  const limit = wholeNumberIn(query, 'limit', 1, LIMITS.keysPage, KEYS_PAGE_DETAILS.limit) ?? LIMITS.keysPage
  return userId === undefined ? { offset, limit } : { userId, offset, limit }
}

/** The clock's span around `now` over which no key of `keys` changes state (expires). */
function stateSpan(keys: readonly KeyRecord[], now: number): { from: number; until: number } {
  let from = Number.NEGATIVE_INFINITY
  let until = Number.POSITIVE_INFINITY
  for (const record of keys) {
    const expiresAt = Date.parse(record.expiry)
    if (expiresAt <= now) from = Math.max(from, expiresAt)
    else until = Math.min(until, expiresAt)
  }
  return { from, until }
}

/** `GET keys`: built once per change of the keys (or of a listed key's state as the clock moves), and shared. */
const listKeys: PortalHandler = (sandbox, request) => {
  const page = keysPage(request)
  const now = sandbox.clock.now()
  return sandbox.adminAnswers.get(`keys?${request.query}`, String(sandbox.model.index.changes), now, () => {
    const listed = sandbox.portal.listKeys(page)
    return { answer: toAnswer(ok(listed, 'Keys retrieved successfully')), ...stateSpan(listed.keys, now) }
  })
}

/** Runs a portal operation; its refusal (a `PortalError`) is answered by the admin dispatcher as any other. */
function portal<T>(operation: (portal: Portal, request: CoreRequest, param: string) => T, message: string, code = 200): PortalHandler {
  return (sandbox, request, param) => {
    const envelope = ok(operation(sandbox.portal, request, param), message)
    // The admin API's creations answer 201, which the public API's success envelope never does.
    return code === 200 ? envelope : ({ ...envelope, code } as unknown as Envelope<unknown>)
  }
}

/**
 * The portal's and the clock's operations by path (below `/__sandbox/`; `{id}` and `{key}` stand for
 * the last segment) and method. Creations answer 201.
 *
 * @example
 * PORTAL_ROUTES.get('keys/{key}')?.PATCH
 */
export const PORTAL_ROUTES: ReadonlyMap<string, Readonly<Record<string, PortalHandler>>> = new Map<string, Record<string, PortalHandler>>([
  ['accounts', { POST: portal((it, request) => it.createAccount(readJsonBody(request)), 'Account created', 201) }],
  ['projects', { POST: portal((it, request) => it.createProject(readJsonBody(request)), 'Project created', 201) }],
  [
    'projects/{id}',
    {
      PATCH: portal((it, request, id) => it.updateProject(projectIdIn(id), readJsonBody(request)), 'Project updated'),
      DELETE: portal((it, _, id) => it.deleteProject(projectIdIn(id)), 'Project deleted'),
    },
  ],
  [
    'keys',
    {
      GET: listKeys,
      POST: portal((it, request) => it.createKey(readJsonBody(request)), 'Key created', 201),
    },
  ],
  [
    'keys/{key}',
    {
      PATCH: portal((it, request, key) => it.updateKey(keyIn(key), readJsonBody(request)), 'Key updated'),
      DELETE: portal((it, _, key) => it.deleteKey(keyIn(key)), 'Key deleted'),
    },
  ],
  [
    'clock',
    {
      GET: portal((it) => it.clock(), 'Clock'),
      PUT: portal((it, request) => it.setClock(readJsonBody(request)), 'Clock set'),
    },
  ],
])
