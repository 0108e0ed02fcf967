import type { KeyEntry } from '../../model/model-index.js'
import { toAnswer } from '../answer.js'
import { ok } from '../../contract/envelope.js'
import type { ApiKeyDetails } from '../../contract/resource-schemas.js'
import { authorizeProject, wellFormedProjectId } from '../guards/authorize-project.js'
import { MESSAGES, ENDPOINT_RULES } from '../../vocabulary/endpoint-rules.js'
import { NO_QUERY, type Endpoint } from './endpoint.js'
import { CacheKeys } from '../../vocabulary/cache-keys.js'
import { variantsShownBy } from '../../vocabulary/variants.js'
import { toVariantAnswer } from '../variant-answer.js'

/** Its answer depends on the key's record and on the model's changes. */
const VALIDATE_KEYS = new CacheKeys<KeyEntry>((entry, changes) => `validate|${entry.apiKey.key}|${changes}`)

/**
 * `GET /validate`: the key's details; with `X-Project-ID`, access to that project is checked too.
 *
 * @example
 * validateEndpoint.answer(step).status // 200 // { valid: true, key_level: 'USER', … }
 */
export const validateEndpoint: Endpoint = {
  name: 'validate',
  failure: ENDPOINT_RULES.validate.failure,
  readsProjectId: ENDPOINT_RULES.validate.projectHeader !== 'ignored',
  project({ index, key, projectId: read, hidden, large }) {
    const projectId = wellFormedProjectId(read)
    return projectId === undefined ? undefined : authorizeProject(index, key, projectId, hidden, large)
  },
  query: NO_QUERY,
  answer({ sandbox, key, variants }) {
    // Of the variants, only those that change /validate (extra-fields) reach the key's details.
    const shown = variantsShownBy('validate', variants)
    const cacheKey = VALIDATE_KEYS.of(key, sandbox.model.index.changes)
    return sandbox.shared.answers.getOrCreate(shown === 0 ? cacheKey : `${cacheKey}|${shown}`, () => {
      const { apiKey } = key
      const details: ApiKeyDetails = {
        valid: true,
        key_level: apiKey.level,
        user_id: apiKey.user_id,
        project_id: apiKey.project_id,
        expiry: apiKey.expiry,
      }
      return shown === 0
        ? toAnswer(ok(details, MESSAGES.validate))
        : toVariantAnswer('validate', details, MESSAGES.validate, undefined, shown)
    })
  },
}
