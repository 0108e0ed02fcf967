import { describe, expect, it } from 'vitest'
import { isEnvFlagOn } from '../../../src/cli/env-flag.js'

describe('an on/off environment variable (ANALYTICS_SANDBOX_STRICT)', () => {
  it.each(['1', 'true', 'yes', 'on', 'TRUE', 'anything'])('is on when set to %j', (value) => {
    expect(isEnvFlagOn(value)).toBe(true)
  })

  it.each(['0', 'false', 'no', 'off', 'FALSE', 'Off', '', ' ', ' 0 '])('is off when set to %j', (value) => {
    expect(isEnvFlagOn(value)).toBe(false)
  })

  it('is off when not set', () => {
    expect(isEnvFlagOn(undefined)).toBe(false)
  })
})
