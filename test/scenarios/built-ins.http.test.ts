import { beforeEach, describe } from 'vitest'
import { describeBuiltIns } from './built-ins.js'
import { TODAY, useHttpSandbox } from './helpers.js'

describe('the built-in scenarios over real HTTP, chosen per request with X-Sandbox-Scenario', () => {
  const sandbox = useHttpSandbox({ now: TODAY })
  let names: string[] = []

  beforeEach(async () => {
    names = []
    const reset = await sandbox().admin('reset', { method: 'POST' })
    if (reset.status !== 200) throw new Error(`POST /__sandbox/reset answered ${reset.status}`)
  })

  describeBuiltIns({
    name: 'http',
    use: (...scenarios) => void (names = scenarios),
    request: (path, headers = {}, signal) =>
      sandbox().api(path, {
        headers: names.length === 0 ? headers : { ...headers, 'X-Sandbox-Scenario': names.join(', ') },
        ...(signal === undefined ? {} : { signal }),
      }),
    journal: async () => (await sandbox().journal()).requests,
  })
})
