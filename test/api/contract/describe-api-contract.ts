import { beforeAll, describe, expect, it } from 'vitest'
import { conformanceChecks } from '../../support/expect-conforming.js'
import type { Transport } from '../../support/transport.js'
import { describeAnalyticsGuards } from './analytics-guards.js'
import { describeAnalyticsValues } from './analytics-values.js'
import { describeAuthentication } from './authentication.js'
import { describeCors } from './cors.js'
import { describeProjects } from './projects.js'
import { describeRouting } from './routing.js'
import { describeValidate } from './validate.js'

/** Every rule of the spec and of product.md, against one transport; "today" is frozen at `today`. */
export function describeApiContract(transport: Transport, today: string): void {
  // The count is the module's, which the files of a worker share: this file's checks are those after this.
  let before = 0
  beforeAll(() => {
    before = conformanceChecks()
  })
  describeRouting(transport)
  describeCors(transport)
  describeAuthentication(transport)
  describeValidate(transport)
  describeProjects(transport)
  describeAnalyticsGuards(transport, 'monitoring')
  describeAnalyticsGuards(transport, 'overview')
  describeAnalyticsValues(transport, today)
  describe('the self-check', () => {
    // Last on purpose: vitest runs a file's tests in order, so every answer above has been received.
    it('ran the self-check: the answers the tests above received were compared with the contract', () => {
      expect(conformanceChecks() - before).toBeGreaterThan(100)
    })
  })
}
