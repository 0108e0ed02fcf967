import type { KeyEntry, ModelIndex } from '../../model/model-index.js'
import { SandboxError } from '../../vocabulary/sandbox-error.js'
import { ERRORS } from '../../vocabulary/errors.js'

/**
 * The key guard: returns the key of a request, or throws the 401 envelope when the key is missing,
 * unknown, revoked or expired, or is a PROJECT key whose project is gone or is not its user's (a
 * record a test wrote through `db()` is held to the fixtures' rules here). Every one of those gets
 * the same answer, as the spec shows.
 */
export function authenticate(index: ModelIndex, header: string | null, now: number): KeyEntry {
  const entry = header === null ? undefined : index.findKey(header)
  if (entry === undefined || entry.apiKey.revoked || entry.expiresAt <= now) throw new SandboxError(ERRORS.unauthorized)
  const { project_id: projectId, user_id: userId } = entry.apiKey
  if (projectId !== null && index.findProject(projectId)?.project.user_id !== userId) throw new SandboxError(ERRORS.unauthorized)
  return entry
}
