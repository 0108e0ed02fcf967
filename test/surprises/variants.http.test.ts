import { describe } from 'vitest'
import { useHttpSandbox } from '../scenarios/helpers.js'
import { describeVariants } from './describe-variants.js'

describe('the variants over real HTTP, chosen per request with X-Sandbox-Scenario', () => {
  const sandbox = useHttpSandbox({ now: '2026-03-01' })
  describeVariants(() => ({
    name: 'http',
    async get(path, headers) {
      const response = await fetch(`${sandbox().url}${path}`, { headers })
      const text = await response.text()
      return { status: response.status, text, body: JSON.parse(text) }
    },
    async reset() {
      await sandbox().admin('reset', { method: 'POST' })
    },
  }))
})
