import { describe } from 'vitest'
import { describeClientReport, describeStrictMode } from './describe-report.js'
import { useMswReport } from './report-harness.js'

describe('the client report through msw (createSandbox, setupServer)', () => {
  describeClientReport(useMswReport())
})

describe('strict mode through msw (createSandbox({ strict: true }))', () => {
  describeStrictMode(useMswReport({ strict: true }))
})
