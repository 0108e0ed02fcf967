import { describe } from 'vitest'
import { useMswSandbox } from '../support/transport.js'
import { describeVariants } from './describe-variants.js'

describe('the variants in-process through msw, chosen per request with X-Sandbox-Scenario', () => {
  const sandbox = useMswSandbox({ now: '2026-03-01', baseUrl: 'http://sandbox.test' })
  describeVariants(() => ({
    name: 'msw',
    async get(path, headers) {
      const response = await fetch(`http://sandbox.test/api/v1/${path}`, { headers })
      const text = await response.text()
      return { status: response.status, text, body: JSON.parse(text) }
    },
    async reset() {
      sandbox.reset()
    },
  }))
})
