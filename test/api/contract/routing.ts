import { describe, expect, it } from 'vitest'
import { ERRORS } from '../../../src/vocabulary/errors.js'
import { MESSAGES } from '../../../src/vocabulary/endpoint-rules.js'
import type { Transport } from '../../support/transport.js'
import { expectError, expectSuccess } from './expect-envelope.js'
import { USER } from './fixtures.js'

export function describeRouting(transport: Transport): void {
  describe('routing', () => {
    it('answers an unknown path under /api/v1/ with 404 not_found in the envelope', async () => {
      expectError(await transport.request('nothing-here', { headers: USER }), ERRORS.notFound)
    })

    it('answers 404 before checking the key, so a keyless request to an unknown path is 404', async () => {
      expectError(await transport.request('nothing-here'), ERRORS.notFound)
    })

    it('answers the bare base path with 404 not_found', async () => {
      expectError(await transport.request('', { headers: USER }), ERRORS.notFound)
    })

    it('does not decode percent-encoded endpoint names into endpoints', async () => {
      expectError(await transport.request('%70rojects', { headers: USER }), ERRORS.notFound)
    })

    it.each(['POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'])(
      'answers %s on a known path with 405 method_not_allowed and Allow: GET',
      async (method) => {
        const answer = await transport.request('projects', { method, headers: USER })
        expect(answer.status).toBe(405)
        expect(answer.headers.get('allow')).toBe('GET')
        if (method !== 'HEAD') expectError(answer, ERRORS.methodNotAllowed)
      },
    )

    it('answers 405 before checking the key, so a keyless POST is 405', async () => {
      expectError(await transport.request('validate', { method: 'POST' }), ERRORS.methodNotAllowed)
    })

    it.each(['validate', 'projects'])('tolerates a trailing slash on /%s', async (endpoint) => {
      const plain = await transport.request(endpoint, { headers: USER })
      const slashed = await transport.request(`${endpoint}/`, { headers: USER })
      expect(slashed.status).toBe(200)
      expect(slashed.text).toBe(plain.text)
    })

    it('ignores unknown query parameters', async () => {
      const answer = await transport.request('projects?page=2&limit=1&__proto__=x', { headers: USER })
      expectSuccess(answer, MESSAGES.projects)
      expect(answer.body.data.total).toBe(3)
    })

    it('accepts a Content-Type: application/json request header without changing the answer', async () => {
      const plain = await transport.request('validate', { headers: USER })
      const typed = await transport.request('validate', { headers: { ...USER, 'Content-Type': 'application/json' } })
      expect(typed.text).toBe(plain.text)
    })
  })
}
