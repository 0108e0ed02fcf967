import { describe } from 'vitest'
import { describePortal } from './describe-portal.js'
import { useHttpPortal } from './portal-harness.js'

describe('the portal and the clock over the admin API (real HTTP, port 0)', () => {
  describePortal(useHttpPortal())
})
