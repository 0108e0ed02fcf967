import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ERRORS } from '../../src/vocabulary/errors.js'
import { DOCUMENTED_KEYS } from '../../src/vocabulary/documented-keys.js'
import { startSandbox, type RunningSandbox } from '../../src/server/start-sandbox.js'
import { verifyContract, type VerifyReport } from '../../src/verify/verify-contract.js'
import { TODAY } from '../api/contract/fixtures.js'
import { DRIFTS, startDriftProxy, type Drift } from '../support/drift-proxy.js'

/** The failed checks of a run against `drift`, with their differences. */
async function verifyDrift(target: string, drift: Drift): Promise<VerifyReport> {
  const proxy = await startDriftProxy(target, drift)
  try {
    return await verifyContract({ baseUrl: proxy.url, apiKey: DOCUMENTED_KEYS.user })
  } finally {
    await proxy.close()
  }
}

const failed = (report: VerifyReport) =>
  report.checks.filter((check) => check.result === 'fail').map((check) => ({ id: check.id, issues: check.issues }))

describe('verify against a sandbox altered by a test-only drift scenario', () => {
  let sandbox: RunningSandbox
  beforeAll(async () => {
    sandbox = await startSandbox({ now: TODAY })
  })
  afterAll(() => sandbox.close())

  it('passes through the proxy when nothing is altered (the proxy itself adds no difference)', async () => {
    const report = await verifyDrift(sandbox.url, { endpoint: 'none', status: 200, alter: () => undefined })
    expect(failed(report)).toEqual([])
  })

  it('reports a renamed field as the missing field and the unknown one, in /projects only', async () => {
    const report = await verifyDrift(sandbox.url, DRIFTS.renamedField)
    expect(report.ok).toBe(false)
    const names = ['Northwind Outdoor', 'Northwind Kids', 'Northwind Outlet']
    const issues = (index: number) => [
      { path: `data.projects[${index}].display_name`, expected: 'string', received: '(missing)' },
      { path: `data.projects[${index}].displayName`, expected: 'absent (not in the contract)', received: JSON.stringify(names[index]) },
    ]
    const projects = failed(report)
    expect(projects.map((check) => check.id)).toEqual(['projects'])
    expect(projects[0]?.issues).toEqual(expect.arrayContaining([...issues(0)]))
    expect(projects[0]?.issues.map((issue) => issue.path.replace(/\[\d\]/, '[]'))).toEqual(
      Array.from({ length: 3 }, () => ['data.projects[].display_name', 'data.projects[].displayName']).flat(),
    )
  })

  it('reports a wrong type at its path with the value received, and skips the checks that need that answer', async () => {
    const report = await verifyDrift(sandbox.url, DRIFTS.wrongType)
    const checks = failed(report)
    expect(checks.map((check) => check.id)).toEqual(['overview'])
    expect(report.checks.filter((check) => check.result === 'skip').map((check) => [check.id, check.note])).toEqual([
      ['overview.consistency', 'needs conforming GET /monitoring and /overview answers'],
      ['overview.provider', 'needs conforming GET /monitoring and /overview answers'],
    ])
    for (const check of checks) {
      expect(check.issues).toHaveLength(1)
      expect(check.issues[0]).toMatchObject({ path: 'data.sentiment_analysis.positive', expected: 'number' })
      expect(check.issues[0]?.received).toMatch(/^"0\.\d+"$/)
    }
  })

  it('reports a wrong error code against the code the contract gives', async () => {
    const report = await verifyDrift(sandbox.url, DRIFTS.wrongErrorCode)
    expect(failed(report)).toEqual([
      {
        id: 'monitoring.missing-project-id',
        issues: [{ path: 'errors.error', expected: ERRORS.missingProjectId.error, received: '"project_id_required"' }],
      },
    ])
  })
})
