import { describe, expect, it } from 'vitest'
import type { Transport } from '../../support/transport.js'
import { USER } from './fixtures.js'

export function describeCors(transport: Transport): void {
  describe('CORS', () => {
    it('sends Access-Control-Allow-Origin: * on successes and errors alike', async () => {
      expect((await transport.request('projects', { headers: USER })).headers.get('access-control-allow-origin')).toBe('*')
      expect((await transport.request('projects')).headers.get('access-control-allow-origin')).toBe('*')
      expect((await transport.request('nowhere')).headers.get('access-control-allow-origin')).toBe('*')
    })

    it('exposes the Retry-After and X-RateLimit-* headers to browser code', async () => {
      const exposed = (await transport.request('projects', { headers: USER })).headers.get('access-control-expose-headers')
      for (const name of ['Retry-After', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']) expect(exposed).toContain(name)
    })

    it('answers a preflight with 204, GET allowed and the requested headers allowed, without a key', async () => {
      const answer = await transport.request('monitoring', {
        method: 'OPTIONS',
        headers: {
          Origin: 'http://localhost:5173',
          'Access-Control-Request-Method': 'GET',
          'Access-Control-Request-Headers': 'x-api-key, x-project-id',
        },
      })
      expect(answer.status).toBe(204)
      expect(answer.text).toBe('')
      expect(answer.headers.get('access-control-allow-origin')).toBe('*')
      expect(answer.headers.get('access-control-allow-methods')).toContain('GET')
      expect(answer.headers.get('access-control-allow-headers')).toBe('x-api-key, x-project-id')
    })

    it('allows the API headers in a preflight that names none', async () => {
      const answer = await transport.request('projects', {
        method: 'OPTIONS',
        headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'GET' },
      })
      expect(answer.status).toBe(204)
      expect(answer.headers.get('access-control-allow-headers')).toMatch(/X-API-Key.*X-Project-ID/)
    })
  })
}
