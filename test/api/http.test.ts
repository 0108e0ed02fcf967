import { describe } from 'vitest'
import { useHttpTransport } from '../support/transport.js'
import { describeApiContract } from './contract/describe-api-contract.js'
import { TODAY } from './contract/fixtures.js'

describe('the API over real HTTP (a server on port 0)', () => {
  describeApiContract(useHttpTransport({ now: TODAY }), TODAY)
})
