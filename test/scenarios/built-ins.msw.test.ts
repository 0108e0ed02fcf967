import { describe } from 'vitest'
import { useMswSandbox } from '../support/transport.js'
import { describeBuiltIns } from './built-ins.js'
import { send, TODAY } from './helpers.js'

const BASE = 'http://sandbox.test/api/v1/'

describe('the built-in scenarios in-process through msw, chosen with sandbox.useScenario', () => {
  const sandbox = useMswSandbox({ now: TODAY, baseUrl: 'http://sandbox.test' })

  describeBuiltIns({
    name: 'msw',
    use: (...scenarios) => sandbox.useScenario(...scenarios),
    request: (path, headers = {}, signal) => send(`${BASE}${path}`, { headers, ...(signal === undefined ? {} : { signal }) }),
    journal: async () => sandbox.requests,
  })
})
