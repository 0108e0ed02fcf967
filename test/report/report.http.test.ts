import { describe } from 'vitest'
import { describeClientReport, describeStrictMode } from './describe-report.js'
import { useHttpReport } from './report-harness.js'

describe('the client report over real HTTP (startSandbox, port 0)', () => {
  describeClientReport(useHttpReport())
})

describe('strict mode over real HTTP (startSandbox({ strict: true }))', () => {
  describeStrictMode(useHttpReport({ strict: true }))
})
