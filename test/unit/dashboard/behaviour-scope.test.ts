import { describe, expect, it } from 'vitest'
import { behaviourPath } from '../../../src/dashboard/behaviour-scope.js'

describe("The behaviour panel's scope", () => {
  it('reads the verdicts since the last reset at the plain path, and the whole run with scope=suite', () => {
    expect([behaviourPath('reset'), behaviourPath('suite')]).toEqual(['behaviour', 'behaviour?scope=suite'])
  })
})
