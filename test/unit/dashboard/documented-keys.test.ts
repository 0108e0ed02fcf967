import { describe, expect, it } from 'vitest'
import { isDocumentedKey } from '../../../src/dashboard/documented-keys.js'
import { DOCUMENTED_KEYS } from '../../../src/vocabulary/documented-keys.js'

describe('isDocumentedKey, the keys the dashboard never offers to revoke', () => {
  it.each(Object.values(DOCUMENTED_KEYS))('knows %s, a documented key of the model', (key) => {
    expect(isDocumentedKey(key)).toBe(true)
  })

  it.each(['sbx_user_alpha2', 'SBX_USER_ALPHA', 'sbx_u1_k7Qm2', ''])('takes %j for a key a caller made', (key) => {
    expect(isDocumentedKey(key)).toBe(false)
  })
})
