import { describe, expect, it } from 'vitest'
import { ERRORS } from '../../../src/vocabulary/errors.js'
import { LIMITS } from '../../../src/vocabulary/limits.js'

describe('the error templates', () => {
  it('write the portal’s record limit with its thousands grouped as en-US does, without calling ICU', () => {
    expect(ERRORS.portalFull.detail).toContain(` at most ${LIMITS.portalRecords.toLocaleString('en-US')} records `)
  })
})
