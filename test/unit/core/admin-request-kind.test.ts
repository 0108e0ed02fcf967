import { describe, expect, it } from 'vitest'
import { carriesBody, isHeavy } from '../../../src/core/admin/admin-request-kind.js'

describe('admin request kinds', () => {
  it('calls heavy the admin lists that may answer megabytes, at the root and under a session, whatever their query', () => {
    expect(isHeavy('GET', '/__sandbox/requests')).toBe(true)
    expect(isHeavy('GET', '/sessions/abc/__sandbox/requests')).toBe(true)
    expect(isHeavy('GET', '/__sandbox/health')).toBe(false)
    expect(isHeavy('DELETE', '/__sandbox/requests')).toBe(false)
    expect(isHeavy('GET', '/api/v1/projects')).toBe(false)
    expect(isHeavy('GET', '/sessions/abc')).toBe(false)
  })

  it('reads a body only for the admin API’s PUT, PATCH and POST', () => {
    expect(carriesBody('POST', '/__sandbox/accounts')).toBe(true)
    expect(carriesBody('POST', '/sessions/abc/__sandbox/accounts')).toBe(true)
    expect(carriesBody('GET', '/__sandbox/accounts')).toBe(false)
    expect(carriesBody('POST', '/api/v1/projects')).toBe(false)
  })
})
