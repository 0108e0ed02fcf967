import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe } from 'vitest'
import { createSandbox } from '../../src/sandbox/create-sandbox.js'
import { describeBuiltIns } from './built-ins.js'
import { send, TODAY } from './helpers.js'

const BASE = 'http://sandbox.test/api/v1/'

describe('the built-in scenarios in-process through msw, chosen with sandbox.useScenario', () => {
  const sandbox = createSandbox({ now: TODAY, baseUrl: 'http://sandbox.test' })
  const server = setupServer(...sandbox.handlers)

  beforeAll(async () => {
    server.listen({ onUnhandledRequest: 'error' })
    await sandbox.ready()
  })
  afterEach(() => sandbox.reset())
  afterAll(() => server.close())

  describeBuiltIns({
    name: 'msw',
    use: (...scenarios) => sandbox.useScenario(...scenarios),
    request: (path, headers = {}, signal) => send(`${BASE}${path}`, { headers, ...(signal === undefined ? {} : { signal }) }),
    journal: async () => sandbox.requests,
  })
})
