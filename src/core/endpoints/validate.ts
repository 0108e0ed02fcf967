import { toAnswer } from '../answer.js'
import { CacheKeys } from '../../vocabulary/cache-keys.js'
import type { KeyEntry } from '../../model/model-index.js'
import { ok } from '../../contract/envelope.js'
import { authorizeProject, wellFormedProjectId } from '../guards/authorize-project.js'
import { hiddenBy } from '../guards/hidden-by.js'
import { MESSAGES } from '../../vocabulary/messages.js'
import type { ApiKeyDetails } from '../../contract/resource-schemas.js'
import type { Endpoint } from './endpoint.js'
import { ENDPOINT_RULES } from '../../vocabulary/endpoint-rules.js'

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
  failure: ENDPOINT_RULES.validate.failure,
  readsProjectId: ENDPOINT_RULES.validate.projectHeader !== 'ignored',
  prepare({ sandbox, key, projectId: read, active }) {
    const projectId = wellFormedProjectId(read)
    if (projectId !== undefined) authorizeProject(sandbox.model.index, key, projectId, hiddenBy(active, 'validate', key))
    const { apiKey } = key
    return {
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
