import { describe, expect, it } from 'vitest'
import { ERRORS } from '../../../src/vocabulary/errors.js'
import { MESSAGES } from '../../../src/vocabulary/endpoint-rules.js'
import { DOCUMENTED_KEYS } from '../../../src/vocabulary/documented-keys.js'
import type { Transport } from '../../support/transport.js'
import { expectError, expectSuccess } from './expect-envelope.js'
import { INVALID_PROJECT_IDS, PROJECT_KEY, USER, withKey } from './fixtures.js'

export function describeValidate(transport: Transport): void {
  describe('GET /validate', () => {
    it('returns the details of a USER key, with project_id null', async () => {
      const answer = await transport.request('validate', { headers: USER })
      expectSuccess(answer, MESSAGES.validate)
      expect(answer.body.data).toEqual({ valid: true, key_level: 'USER', user_id: 1, project_id: null, expiry: '2099-12-31T23:59:59Z' })
      expect(Object.keys(answer.body.data)).toEqual(['valid', 'key_level', 'user_id', 'project_id', 'expiry'])
    })

    it('returns the details of a PROJECT key, with its project', async () => {
      const answer = await transport.request('validate', { headers: PROJECT_KEY })
      expectSuccess(answer, MESSAGES.validate)
      expect(answer.body.data).toEqual({ valid: true, key_level: 'PROJECT', user_id: 1, project_id: 101, expiry: '2099-12-31T23:59:59Z' })
    })

    it('does not require X-Project-ID from a USER key', async () => {
      expect((await transport.request('validate', { headers: withKey(DOCUMENTED_KEYS.emptyUser) })).status).toBe(200)
    })

    it('accepts X-Project-ID naming a project of the key', async () => {
      expectSuccess(await transport.request('validate', { headers: withKey(DOCUMENTED_KEYS.user, '103') }), MESSAGES.validate)
      expectSuccess(await transport.request('validate', { headers: withKey(DOCUMENTED_KEYS.project, '101') }), MESSAGES.validate)
    })

    it('answers 403 forbidden when X-Project-ID names a project of another account', async () => {
      expectError(await transport.request('validate', { headers: withKey(DOCUMENTED_KEYS.user, '201') }), ERRORS.forbidden)
    })

    it('answers 403 forbidden when a PROJECT key names another project of its own account', async () => {
      expectError(await transport.request('validate', { headers: withKey(DOCUMENTED_KEYS.project, '102') }), ERRORS.forbidden)
    })

    it('answers a project that does not exist exactly as one of another account, revealing nothing', async () => {
      const missing = await transport.request('validate', { headers: withKey(DOCUMENTED_KEYS.user, '999') })
      const foreign = await transport.request('validate', { headers: withKey(DOCUMENTED_KEYS.user, '201') })
      expectError(missing, ERRORS.forbidden)
      expect(missing.text).toBe(foreign.text)
    })

    it.each(INVALID_PROJECT_IDS)('answers X-Project-ID %j with 400 invalid_project_id', async (projectId) => {
      expectError(await transport.request('validate', { headers: withKey(DOCUMENTED_KEYS.user, projectId) }), ERRORS.invalidProjectId)
    })
  })
}
