import { toAnswer } from '../answer.js'
import { CacheKeys } from '../cache-keys.js'
import type { KeyEntry } from '../../model/model-index.js'
import { ok } from '../envelope.js'
import { ERRORS } from '../errors.js'
import { authorizeProject, parseProjectId } from '../guards/authorize-project.js'
import { hiddenBy } from '../guards/hidden-by.js'
import { MESSAGES } from '../messages.js'
import type { ApiKeyDetails } from '../../contract/resource-schemas.js'
import type { Endpoint } from './endpoint.js'

/** Its answer depends on the key's record and on the model's changes. */
const VALIDATE_KEYS = new CacheKeys<KeyEntry>((entry, changes) => `validate|${entry.apiKey.key}|${changes}`)

/**
 * `GET /validate`: the key's details; with `X-Project-ID`, access to that project is checked too.
 *
 * @example
 * validateEndpoint.prepare(context).respond(false).status // 200 // { valid: true, key_level: 'USER', … }
 */
export const validateEndpoint: Endpoint = {
  name: 'validate',
  failure: ERRORS.validateFailed,
  prepare({ sandbox, request, key, active }) {
    const projectId = parseProjectId(request.header('x-project-id'))
    if (projectId !== undefined) authorizeProject(sandbox.model.index, key, projectId, hiddenBy(active, 'validate', key))
    const { apiKey } = key
    return {
      projectId: projectId ?? apiKey.project_id ?? undefined,
      respond() {
        return sandbox.answers.getOrCreate(VALIDATE_KEYS.of(key, sandbox.model.index.changes), () => {
          const details: ApiKeyDetails = {
            valid: true,
            key_level: apiKey.level,
            user_id: apiKey.user_id,
            project_id: apiKey.project_id,
            expiry: apiKey.expiry,
          }
          return toAnswer(ok(details, MESSAGES.validate))
        })
      },
    }
  },
}
