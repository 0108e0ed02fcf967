import { describe } from 'vitest'
import { useMswTransport } from '../support/transport.js'
import { describeAnalyticsGuards } from './contract/analytics-guards.js'
import { describeAnalyticsValues } from './contract/analytics-values.js'
import { describeAuthentication } from './contract/authentication.js'
import { describeCors } from './contract/cors.js'
import { TODAY } from './contract/fixtures.js'
import { describeProjects } from './contract/projects.js'
import { describeRouting } from './contract/routing.js'
import { describeValidate } from './contract/validate.js'

describe('the API through msw in-process (setupServer)', () => {
  const transport = useMswTransport({ now: TODAY })
  describeRouting(transport)
  describeCors(transport)
  describeAuthentication(transport)
  describeValidate(transport)
  describeProjects(transport)
  describeAnalyticsGuards(transport, 'monitoring')
  describeAnalyticsGuards(transport, 'overview')
  describeAnalyticsValues(transport, TODAY)
})
