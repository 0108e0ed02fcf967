import { describe } from 'vitest'
import { useMswTransport } from '../support/transport.js'
import { describeApiContract } from './contract/describe-api-contract.js'
import { TODAY } from './contract/fixtures.js'

describe('the API through msw in-process (setupServer)', () => {
  describeApiContract(useMswTransport({ now: TODAY }), TODAY)
})
