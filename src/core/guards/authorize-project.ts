import type { KeyEntry, ModelIndex, ProjectEntry } from '../../model/model-index.js'
import { SandboxError } from '../../vocabulary/sandbox-error.js'
import { ERRORS } from '../../vocabulary/errors.js'
import type { LargeProjects } from '../../analytics/large-projects.js'
import { readPositiveId } from '../../vocabulary/read-positive-id.js'
import { isHidden, type HiddenProjects } from '../../scenarios/scenario-decision.js'

/**
 * A header value without the spaces and tabs HTTP allows around it (RFC 9110 OWS), and nothing
 * else: a no-break space or a BOM around a project id is not "written plainly".
 */
function trimHttpWhitespace(value: string): string {
  // Nearly every value has none: two character tests instead of a regular expression's pass.
  if (value === '' || (!isHttpWhitespace(value.charCodeAt(0)) && !isHttpWhitespace(value.charCodeAt(value.length - 1)))) return value
  return value.replace(/^[ \t]+|[ \t]+$/g, '')
}

/** A space or a tab: what HTTP allows around a header value. */
function isHttpWhitespace(code: number): boolean {
  return code === 0x20 || code === 0x09
}

/** X-Project-ID as read once per request: a project id, absent (missing or blank), or malformed. */
export type ProjectIdHeader = number | undefined | typeof MALFORMED_PROJECT_ID

/** The reading of an X-Project-ID that is not a positive integer of at most 2^53 - 1. */
export const MALFORMED_PROJECT_ID = 'malformed'

/**
 * Reads `X-Project-ID` once, without judging it yet: the guards that need it decide later, in
 * the check order, from what was read.
 *
 * @example
 * readProjectIdHeader('101') // 101
 * readProjectIdHeader(' ') // undefined
 * readProjectIdHeader('1e2') // 'malformed'
 */
export function readProjectIdHeader(header: string | null): ProjectIdHeader {
  if (header === null) return undefined
  const text = trimHttpWhitespace(header)
  if (text === '') return undefined
  return readPositiveId(text) ?? MALFORMED_PROJECT_ID
}

/**
 * The project id read, for scoping scenario rules before the project guard has run: a malformed
 * one counts as absent.
 *
 * @example
 * projectIdOf(readProjectIdHeader('abc')) // undefined
 */
export function projectIdOf(read: ProjectIdHeader): number | undefined {
  return read === MALFORMED_PROJECT_ID ? undefined : read
}

/**
 * The project id read, as the project guard takes it: `undefined` when absent, the id, or 400
 * `invalid_project_id` when malformed.
 *
 * @example
 * wellFormedProjectId(readProjectIdHeader('1e2')) // throws invalid_project_id
 */
export function wellFormedProjectId(read: ProjectIdHeader): number | undefined {
  if (read === MALFORMED_PROJECT_ID) throw new SandboxError(ERRORS.invalidProjectId)
  return read
}

/**
 * The project guard: the project a request may read, or the 400/403 envelope. `projectId` is the
 * parsed `X-Project-ID`; without it a PROJECT key reads its own project and a USER key gets 400
 * `missing_project_id`. A project the key may not see, that does not exist, or that a scenario
 * hides is 403 `forbidden` in every case, so existence is not revealed.
 *
 * @example
 * const project = authorizeProject(index, key, wellFormedProjectId(readProjectIdHeader(header)), hidden)
 */
export function authorizeProject(
  index: ModelIndex,
  key: KeyEntry,
  projectId: number | undefined,
  hidden: HiddenProjects,
  large?: LargeProjects,
): ProjectEntry {
  const { apiKey } = key
  const id = projectId ?? apiKey.project_id
  if (id === null) throw new SandboxError(ERRORS.missingProjectId)
  // variant-large's projects are served as the account's own.
  const entry = index.findProject(id) ?? large?.find(id)
  // The key guard has made sure a PROJECT key's project is its user's.
  const allowed = apiKey.level === 'USER' ? entry?.project.user_id === apiKey.user_id : id === apiKey.project_id
  if (entry === undefined || !allowed || isHidden(hidden, id)) throw new SandboxError(ERRORS.forbidden)
  return entry
}
