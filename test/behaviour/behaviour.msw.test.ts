import { setupServer } from 'msw/node'
import { createSandbox } from '../../src/msw/create-sandbox.js'
import { describeBehaviour } from './describe-behaviour.js'

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
  }
})
