import { ok, type Envelope } from '../../contract/envelope.js'
import { ERRORS } from '../../vocabulary/errors.js'
import { parseJsonText } from '../../vocabulary/parse-json-text.js'
import { PortalError } from '../../vocabulary/portal-error.js'
import type { Portal } from '../../model/create-portal.js'
import type { CoreRequest } from '../core-request.js'
import { EnvelopeError } from '../envelope-error.js'
import type { SandboxCore } from '../sandbox-core.js'

/** A portal operation: the sandbox, the request, and the id or key its path names (`keys/{key}`). */
export type PortalHandler = (sandbox: SandboxCore, request: CoreRequest, param: string) => Envelope<unknown>

/** The 400 or 404 of a refused operation, its mistakes in `errors.fields` (`{ field, message }` each). */
export function portalRefusal(error: PortalError): EnvelopeError {
  const refusal = new EnvelopeError(error.template, error.message)
  if (error.issues.length > 0) Object.assign(refusal.envelope.errors, { fields: error.issues })
  return refusal
}

/** The JSON body; an absent or empty one is `undefined` (an operation with an optional body takes it so). */
function bodyOf(request: CoreRequest): unknown {
  const text = request.body ?? ''
  if (text.trim() === '') return undefined
  try {
    return parseJsonText(text)
  } catch {
    throw PortalError.invalid([{ field: '(root)', message: 'the body must be JSON' }])
  }
}

/** A project id in a path: digits only, or no such project (404). */
function projectIdIn(param: string): number {
  const id = /^[1-9]\d{0,15}$/.test(param) ? Number(param) : Number.NaN
  if (!Number.isSafeInteger(id)) throw PortalError.notFound(`No project ${JSON.stringify(param.slice(0, 40))}`)
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

/** `GET keys?user_id=` narrows the list to one account; past 2^53 - 1 a number would round to another id. */
function userIdFilter(request: CoreRequest): number | undefined {
  const text = new URLSearchParams(request.query).get('user_id')
  if (text === null) return undefined
  const id = /^[1-9]\d{0,15}$/.test(text) ? Number(text) : Number.NaN
  if (!Number.isSafeInteger(id)) throw new EnvelopeError(ERRORS.badRequest, USER_ID_FILTER_DETAIL)
  return id
}

/** Runs a portal operation, turning its refusal into the envelope's 400 or 404. */
function portal<T>(operation: (portal: Portal, request: CoreRequest, param: string) => T, message: string, code = 200): PortalHandler {
  return (sandbox, request, param) => {
    try {
      const envelope = ok(operation(sandbox.portal, request, param), message)
      // The admin API's creations answer 201, which the public API's success envelope never does.
      return code === 200 ? envelope : ({ ...envelope, code } as unknown as Envelope<unknown>)
    } catch (error) {
      if (error instanceof PortalError) throw portalRefusal(error)
      throw error
    }
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
  ['accounts', { POST: portal((it, request) => it.createAccount(bodyOf(request)), 'Account created', 201) }],
  ['projects', { POST: portal((it, request) => it.createProject(bodyOf(request)), 'Project created', 201) }],
  [
    'projects/{id}',
    {
      PATCH: portal((it, request, id) => it.updateProject(projectIdIn(id), bodyOf(request)), 'Project updated'),
      DELETE: portal((it, _, id) => it.deleteProject(projectIdIn(id)), 'Project deleted'),
    },
  ],
  [
    'keys',
    {
      GET: portal((it, request) => it.listKeys(userIdFilter(request)), 'Keys retrieved successfully'),
      POST: portal((it, request) => it.createKey(bodyOf(request)), 'Key created', 201),
    },
  ],
  [
    'keys/{key}',
    {
      PATCH: portal((it, request, key) => it.updateKey(keyIn(key), bodyOf(request)), 'Key updated'),
      DELETE: portal((it, _, key) => it.deleteKey(keyIn(key)), 'Key deleted'),
    },
  ],
  [
    'clock',
    {
      GET: portal((it) => it.clock(), 'Clock'),
      PUT: portal((it, request) => it.setClock(bodyOf(request)), 'Clock set'),
    },
  ],
])
