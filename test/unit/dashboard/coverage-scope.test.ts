import { describe, expect, it } from 'vitest'
import { coveragePath, suiteLabel } from '../../../src/dashboard/coverage-scope.js'

describe("The coverage panel's scope", () => {
  it('reads the report since the last reset at the plain path, and the whole run with scope=suite', () => {
    expect([coveragePath('reset'), coveragePath('suite')]).toEqual(['coverage', 'coverage?scope=suite'])
  })

  it("names the whole run at the process's own sandbox with its sessions, and a session's since it started", () => {
    expect(suiteLabel(undefined)).toBe('since the start (whole run, sessions included)')
    expect(suiteLabel('k3Jx')).toBe('since the session started (across its resets)')
  })
})
