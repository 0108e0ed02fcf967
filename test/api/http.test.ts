import { describe } from 'vitest'
import { useHttpTransport } from '../support/transport.js'
import { describeAnalyticsGuards } from './contract/analytics-guards.js'
import { describeAnalyticsValues } from './contract/analytics-values.js'
import { describeAuthentication } from './contract/authentication.js'
import { describeCors } from './contract/cors.js'
import { TODAY } from './contract/fixtures.js'
import { describeProjects } from './contract/projects.js'
import { describeRouting } from './contract/routing.js'
import { describeValidate } from './contract/validate.js'

describe('the API over real HTTP (a server on port 0)', () => {
  const transport = useHttpTransport({ now: TODAY })
  describeRouting(transport)
  describeCors(transport)
  describeAuthentication(transport)
  describeValidate(transport)
  describeProjects(transport)
  describeAnalyticsGuards(transport, 'monitoring')
  describeAnalyticsGuards(transport, 'overview')
  describeAnalyticsValues(transport, TODAY)
})
