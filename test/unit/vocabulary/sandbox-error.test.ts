import { describe, expect, it } from 'vitest'
import { ConfigError } from '../../../src/vocabulary/config-error.js'
import { ERRORS } from '../../../src/vocabulary/errors.js'
import { PortalError } from '../../../src/vocabulary/portal-error.js'
import { SandboxError } from '../../../src/vocabulary/sandbox-error.js'
import { UnknownScenarioError } from '../../../src/vocabulary/unknown-scenario-error.js'

describe('SandboxError, the one coded error', () => {
  it('carries its template and builds an error envelope with the template’s default detail', () => {
    const error = new SandboxError(ERRORS.invalidRegion)
    expect(error).toBeInstanceOf(Error)
    expect(error.name).toBe('SandboxError')
    expect(error.message).toBe(ERRORS.invalidRegion.detail)
    expect([error.template, error.status, error.code]).toEqual([ERRORS.invalidRegion, 400, ERRORS.invalidRegion.error])
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
    const error = new SandboxError(ERRORS.methodNotAllowed, 'GET only', { Allow: 'GET' })
    expect(error.envelope.errors).toEqual({ error: ERRORS.methodNotAllowed.error, detail: 'GET only' })
    expect(error.envelope.code).toBe(405)
    expect(error.headers).toEqual({ Allow: 'GET' })
  })

  it('gives 500 templates an empty errors object', () => {
    const error = new SandboxError(ERRORS.monitoringFailed, 'ignored')
    expect(error.envelope).toEqual({
      success: false,
      message: ERRORS.monitoringFailed.message,
      code: 500,
      data: {},
      errors: {},
      meta_data: {},
    })
  })

  it('builds a new envelope each time, so a caller adding to one changes no other', () => {
    const error = new SandboxError(ERRORS.notFound)
    expect(error.envelope).not.toBe(error.envelope)
  })

  it('is what a PortalError is: its envelope lists every mistake in errors.fields, its message the detail', () => {
    const error = PortalError.invalid([{ field: 'name', message: 'must not be empty' }])
    expect(error).toBeInstanceOf(SandboxError)
    expect([error.name, error.status, error.code]).toEqual(['PortalError', 400, 'invalid_body'])
    expect(error.envelope.errors).toEqual({
      error: 'invalid_body',
      detail: '1 mistake: name: must not be empty',
      fields: [{ field: 'name', message: 'must not be empty' }],
    })
  })

  it('is what a ConfigError is: 400 invalid_body with its message, and 400 unknown_scenario for an unknown name', () => {
    const invalid = new ConfigError('Failed to load scenario "x" (admin API, scenarios[0]): rules: must not be empty')
    expect(invalid).toBeInstanceOf(SandboxError)
    expect([invalid.name, invalid.message]).toEqual([
      'ConfigError',
      'Failed to load scenario "x" (admin API, scenarios[0]): rules: must not be empty',
    ])
    expect(invalid.envelope.errors).toEqual({ error: 'invalid_body', detail: invalid.message })
    const unknown = new UnknownScenarioError('Unknown scenario "flakey"')
    expect(unknown).toBeInstanceOf(ConfigError)
    expect(unknown.envelope.errors).toEqual({ error: 'unknown_scenario', detail: 'Unknown scenario "flakey"' })
  })
})
