import { setupServer } from 'msw/node'
import { describe, expect, it } from 'vitest'
import { ConfigError } from '../../src/vocabulary/config-error.js'
import { createSandbox } from '../../src/msw/create-sandbox.js'
import { describeBehaviour } from './describe-behaviour.js'
import { PortalError } from '../../src/vocabulary/portal-error.js'
import type { ExpectationInput } from '../../src/contract/expect-schemas.js'

describeBehaviour('through msw, sandbox.behaviour()', async () => {
  const sandbox = createSandbox({ now: '2026-03-01' })
  const server = setupServer(...sandbox.handlers)
  server.listen({ onUnhandledRequest: 'error' })
  await sandbox.ready()
  return {
    url: 'https://api.example.com/api/v1/',
    behaviour: async (query = '') => {
      const params = new URLSearchParams(query)
      const retries = params.get('max_retries')
      return sandbox.behaviour(params.get('scope') === 'suite' ? 'suite' : 'reset', retries === null ? undefined : Number(retries))
    },
    useScenario: async (...scenarios) => sandbox.useScenario(...scenarios),
    reset: () => sandbox.reset(),
    close: async () => server.close(),
    expect: async (body) => {
      try {
        const outcome = await sandbox.expect(body as ExpectationInput)
        return outcome.ok
          ? { status: 200, matched: outcome.matched }
          : { status: 409, differences: outcome.differences, entries: outcome.entries }
      } catch (error) {
        if (!(error instanceof PortalError)) throw error
        return { status: error.status, fields: error.issues.map((issue) => issue.field) }
      }
    },
  }
})

describe('sandbox.behaviour() in process', () => {
  it('refuses a scope it does not know, or retries out of range, with a ConfigError naming them', () => {
    const sandbox = createSandbox()
    expect(() => sandbox.behaviour('bogus' as never)).toThrow(ConfigError)
    expect(() => sandbox.behaviour({ maxRetries: 5 } as never)).toThrow("Invalid scope for behaviour(): must be 'reset' or 'suite'")
    expect(() => sandbox.behaviour('suite', 101)).toThrow('Invalid maxRetries for behaviour()')
    expect(sandbox.behaviour().scope).toBe('reset')
  })
})
