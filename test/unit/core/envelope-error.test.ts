import { describe, expect, it } from 'vitest'
import { EnvelopeError } from '../../../src/core/envelope-error.js'
import { ERRORS } from '../../../src/vocabulary/errors.js'

describe('EnvelopeError', () => {
  it('carries its template and an error envelope with the template’s default detail', () => {
    const error = new EnvelopeError(ERRORS.invalidRegion)
    expect(error).toBeInstanceOf(Error)
    expect(error.name).toBe('EnvelopeError')
    expect(error.message).toBe(ERRORS.invalidRegion.message)
    expect(error.template).toBe(ERRORS.invalidRegion)
    expect(error.headers).toEqual({})
    expect(error.envelope).toEqual({
      success: false,
      message: ERRORS.invalidRegion.message,
      code: 400,
      data: {},
      errors: { error: ERRORS.invalidRegion.error, detail: ERRORS.invalidRegion.detail },
      meta_data: {},
    })
  })

  it('replaces the default detail with a given one and keeps extra headers', () => {
    const error = new EnvelopeError(ERRORS.methodNotAllowed, 'GET only', { Allow: 'GET' })
    expect(error.envelope.errors).toEqual({ error: ERRORS.methodNotAllowed.error, detail: 'GET only' })
    expect(error.envelope.code).toBe(405)
    expect(error.headers).toEqual({ Allow: 'GET' })
  })

  it('gives 500 templates an empty errors object', () => {
    const error = new EnvelopeError(ERRORS.monitoringFailed, 'ignored')
    expect(error.envelope).toEqual({
      success: false,
      message: ERRORS.monitoringFailed.message,
      code: 500,
      data: {},
      errors: {},
      meta_data: {},
    })
  })
})
