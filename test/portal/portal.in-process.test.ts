import { describe } from 'vitest'
import { describePortal } from './describe-portal.js'
import { useInProcessPortal } from './portal-harness.js'

describe('the portal and the clock through the library (createSandbox, msw in process)', () => {
  describePortal(useInProcessPortal())
})
