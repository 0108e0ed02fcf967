import type { KeyEntry, ModelIndex, ProjectEntry } from '../../model/model-index.js'
import { EnvelopeError } from '../envelope-error.js'
import { ERRORS } from '../errors.js'

/** Digits only, no sign, no leading zero: what "a positive integer" means in a header. */
const POSITIVE_INTEGER = /^[1-9][0-9]{0,15}$/

/**
 * A header value without the spaces and tabs HTTP allows around it (RFC 9110 OWS), and nothing
 * else: a no-break space or a BOM around a project id is not "written plainly".
 */
function trimHttpWhitespace(value: string): string {
  return value.replace(/^[ \t]+|[ \t]+$/g, '')
}

/**
 * Reads `X-Project-ID` without judging it: the id, or `undefined` when absent or not a valid id.
 * For scoping scenario rules before the project guard has run.
 *
 * @example
 * peekProjectId('101') // 101
 * peekProjectId('abc') // undefined
 */
export function peekProjectId(header: string | null): number | undefined {
  const text = header === null ? undefined : trimHttpWhitespace(header)
  return text !== undefined && POSITIVE_INTEGER.test(text) && Number.isSafeInteger(Number(text)) ? Number(text) : undefined
}

/**
 * Reads `X-Project-ID`: `undefined` when absent or blank, the id when it is a positive integer
 * (at most 2^53 - 1), otherwise throws 400 `invalid_project_id`.
 *
 * @example
 * parseProjectId('101') // 101
 * parseProjectId('1e2') // throws invalid_project_id
 */
export function parseProjectId(header: string | null): number | undefined {
  if (header === null) return undefined
  const text = trimHttpWhitespace(header)
  if (text === '') return undefined
  const id = POSITIVE_INTEGER.test(text) ? Number(text) : Number.NaN
  if (!Number.isSafeInteger(id)) throw new EnvelopeError(ERRORS.invalidProjectId)
  return id
}

/**
 * The project guard: the project a request may read, or the 400/403 envelope. `projectId` is the
 * parsed `X-Project-ID`; without it a PROJECT key reads its own project and a USER key gets 400
 * `missing_project_id`. A project the key may not see, that does not exist, or that a scenario
 * hides is 403 `forbidden` in every case, so existence is not revealed.
 *
 * @example
 * const project = authorizeProject(index, key, parseProjectId(request.header('x-project-id')), hidden)
 */
export function authorizeProject(
  index: ModelIndex,
  key: KeyEntry,
  projectId: number | undefined,
  hidden: (id: number) => boolean,
): ProjectEntry {
  const { apiKey } = key
  const id = projectId ?? apiKey.project_id
  if (id === null) throw new EnvelopeError(ERRORS.missingProjectId)
  const entry = index.findProject(id)
  const allowed = apiKey.level === 'USER' ? entry?.project.user_id === apiKey.user_id : id === apiKey.project_id
  if (entry === undefined || !allowed || hidden(id)) throw new EnvelopeError(ERRORS.forbidden)
  return entry
}
