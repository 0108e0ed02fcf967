import { parseJsonText } from '../../vocabulary/parse-json-text.js'
import { PortalError } from '../../vocabulary/portal-error.js'
import { ROOT_ISSUE_PATH } from '../../vocabulary/format-issue-path.js'
import type { CoreRequest } from '../core-request.js'

/**
 * What a body that is not JSON is told, in `errors.fields` (`(root)`).
 *
 * @example
 * ({ field: '(root)', message: NOT_JSON_MESSAGE })
 */
export const NOT_JSON_MESSAGE = 'the body must be JSON, such as {"scenarios": ["server-error"]} or {"projects": 1}'

/**
 * An admin request's JSON body: `undefined` when there is none (an operation with an optional body
 * takes it so), or the 400 `invalid_body` listing `(root)` when it is not JSON. The one reader of
 * admin bodies, so every operation answers a bad body alike.
 *
 * @example
 * const body = readJsonBody(request) // { projects: 2 }
 */
export function readJsonBody(request: CoreRequest): unknown {
  const text = request.body ?? ''
  if (text.trim() === '') return undefined
  try {
    // A byte order mark some clients put first is not part of the JSON.
    return parseJsonText(text)
  } catch {
    throw PortalError.invalid([{ field: ROOT_ISSUE_PATH, message: NOT_JSON_MESSAGE }])
  }
}
