import { describe, expect, it } from 'vitest'
import { ERRORS } from '../../../src/vocabulary/errors.js'
import { DOCUMENTED_KEYS } from '../../../src/vocabulary/documented-keys.js'
import type { Transport } from '../../support/transport.js'
import { expectError } from './expect-envelope.js'
import { withKey } from './fixtures.js'

const ENDPOINTS = ['validate', 'projects', 'monitoring', 'overview']

export function describeAuthentication(transport: Transport): void {
  describe('authentication', () => {
    it.each(ENDPOINTS)('answers /%s without X-API-Key with 401 unauthorized', async (endpoint) => {
      expectError(await transport.request(endpoint), ERRORS.unauthorized)
    })

    it.each(ENDPOINTS)('answers /%s with an unknown key with 401 unauthorized', async (endpoint) => {
      expectError(await transport.request(endpoint, { headers: withKey('sbx_user_nobody') }), ERRORS.unauthorized)
    })

    it.each(ENDPOINTS)('answers /%s with the expired key with 401 unauthorized', async (endpoint) => {
      expectError(await transport.request(endpoint, { headers: withKey(DOCUMENTED_KEYS.expired, '101') }), ERRORS.unauthorized)
    })

    it.each(ENDPOINTS)('answers /%s with the revoked key with 401 unauthorized', async (endpoint) => {
      expectError(await transport.request(endpoint, { headers: withKey(DOCUMENTED_KEYS.revoked, '101') }), ERRORS.unauthorized)
    })

    it('answers an empty X-API-Key with 401 unauthorized', async () => {
      expectError(await transport.request('validate', { headers: { 'X-API-Key': '' } }), ERRORS.unauthorized)
    })

    it('treats keys as case-sensitive', async () => {
      expectError(await transport.request('validate', { headers: withKey(DOCUMENTED_KEYS.user.toUpperCase()) }), ERRORS.unauthorized)
    })

    it('answers the same 401 body for a missing, unknown, expired and revoked key', async () => {
      const bodies = await Promise.all(
        [{}, withKey('nope'), withKey(DOCUMENTED_KEYS.expired), withKey(DOCUMENTED_KEYS.revoked)].map(
          async (headers) => (await transport.request('projects', { headers })).text,
        ),
      )
      expect(new Set(bodies).size).toBe(1)
    })

    it('answers 401 before a missing X-Project-ID, an invalid X-Project-ID or a bad query', async () => {
      expectError(await transport.request('monitoring'), ERRORS.unauthorized)
      expectError(await transport.request('monitoring', { headers: withKey('nope', 'abc') }), ERRORS.unauthorized)
      expectError(
        await transport.request('overview?start_date=bad&provider=nope', { headers: withKey(DOCUMENTED_KEYS.expired, '999') }),
        ERRORS.unauthorized,
      )
    })
  })
}
