import { execFile } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DOCUMENTED_KEYS } from '../../src/vocabulary/documented-keys.js'
import { VERIFY_EXIT } from '../../src/cli/verify-command.js'
import type { VerifyReport } from '../../src/verify/verify-contract.js'
import { TODAY } from '../api/contract/fixtures.js'
import { CLI_PATH, killAllCli, REPO_ROOT, runCli } from '../cli/run-cli.js'
import { DRIFTS, startDriftProxy } from '../support/drift-proxy.js'

interface Run {
  readonly code: number
  readonly stdout: string
  readonly stderr: string
}

/** `node dist/cli/main.cjs verify …args`, to its end. */
function verify(args: readonly string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('ANALYTICS_')))
    execFile(
      process.execPath,
      [CLI_PATH, 'verify', ...args],
      { cwd: REPO_ROOT, env: { ...inherited, ...env }, timeout: 30_000 },
      (error, stdout, stderr) => {
        resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : -1, stdout, stderr })
      },
    )
  })
}

describe('analytics-sandbox verify, the command', () => {
  let url = ''
  beforeAll(async () => {
    url = await runCli(['--port', '0', '--log', 'none', '--now', TODAY]).waitForUrl()
  })
  afterAll(() => killAllCli())

  it('prints an all-pass table and exits 0 against a running sandbox with the documented USER key', async () => {
    const run = await verify(['--base-url', url, '--api-key', DOCUMENTED_KEYS.user])
    expect(run.stderr).toBe('')
    expect(run.code).toBe(VERIFY_EXIT.ok)
    expect(run.stdout).toMatch(/^analytics-sandbox verify: http:\/\/127\.0\.0\.1:\d+\/api\/v1\/ with key sbx_us…ha \(USER\), project 101$/m)
    expect(run.stdout).toMatch(/^check +result +field +expected +received$/m)
    expect(run.stdout).toMatch(/^validate +pass +GET \/validate gives the key’s details$/m)
    expect(run.stdout).toMatch(/^24 checks: 24 passed, 0 failed, 0 skipped$/m)
    expect(run.stdout).not.toMatch(/FAIL/)
  })

  it('never prints the key, in the table, in JSON or in an error', async () => {
    const secret = 'sbx_secret_key_that_must_not_leak'
    const runs = await Promise.all([
      verify(['--base-url', url, '--api-key', secret]),
      verify(['--base-url', url, '--api-key', secret, '--json']),
      verify(['--base-url', 'http://127.0.0.1:9/api/v1/', '--api-key', secret]),
      verify(['--base-url', url, '--api-key', DOCUMENTED_KEYS.user, '--json']),
    ])
    for (const run of runs.slice(0, 3)) expect(`${run.stdout}${run.stderr}`).not.toContain(secret)
    expect(`${runs[3]?.stdout}${runs[3]?.stderr}`).not.toContain(DOCUMENTED_KEYS.user)
  })

  it('prints the report as JSON with --json', async () => {
    const run = await verify(['--base-url', url, '--api-key', DOCUMENTED_KEYS.project, '--json'])
    expect(run.code).toBe(VERIFY_EXIT.ok)
    const report = JSON.parse(run.stdout) as VerifyReport
    expect(report).toMatchObject({ ok: true, failed: 0, keyLevel: 'PROJECT', projectId: 101, key: 'sbx_pr…01' })
    expect(report.checks[0]).toEqual({
      id: 'validate',
      title: 'GET /validate gives the key’s details',
      basis: 'spec',
      result: 'pass',
      request: 'GET /validate',
      status: 200,
      issues: [],
    })
  })

  it('takes the key and base URL from ANALYTICS_API_KEY and ANALYTICS_BASE_URL', async () => {
    const run = await verify([], { ANALYTICS_API_KEY: DOCUMENTED_KEYS.user, ANALYTICS_BASE_URL: url })
    expect(run.code).toBe(VERIFY_EXIT.ok)
  })

  it('exits 1 and names the field when the deployment drifted', async () => {
    const proxy = await startDriftProxy(url, DRIFTS.renamedField)
    try {
      const run = await verify(['--base-url', proxy.url, '--api-key', DOCUMENTED_KEYS.user])
      expect(run.code).toBe(VERIFY_EXIT.drift)
      expect(run.stdout).toMatch(/^projects +FAIL +data\.projects\[0\]\.display_name +string +\(missing\) \(and 2 more like it\)$/m)
      expect(run.stdout).toMatch(
        /^ +data\.projects\[0\]\.displayName +absent \(not in the contract\) +"Northwind Outdoor" \(and 2 more like it\)$/m,
      )
      expect(run.stdout).toMatch(/^ +↳ GET \/projects → 200: GET \/projects lists the key’s projects$/m)
      expect(run.stdout).toMatch(/^24 checks: 22 passed, 1 failed, 1 skipped$/m)
    } finally {
      await proxy.close()
    }
  })

  it('exits 2 with one clear line when the base URL is not a URL, nothing answers, or a flag is missing', async () => {
    const bad = await verify(['--base-url', 'localhost:4010', '--api-key', 'k'])
    expect(bad).toMatchObject({ code: VERIFY_EXIT.unusable, stdout: '' })
    expect(bad.stderr).toBe('analytics-sandbox verify: --base-url must be an http(s) URL (got "localhost:")\n')
    const down = await verify(['--base-url', 'http://127.0.0.1:9/api/v1/', '--api-key', 'k'])
    expect(down.code).toBe(VERIFY_EXIT.unusable)
    expect(down.stderr).toMatch(/^analytics-sandbox verify: cannot reach http:\/\/127\.0\.0\.1:9\/api\/v1\/: \S+/)
    const missing = await verify(['--base-url', url])
    expect(missing.code).toBe(VERIFY_EXIT.unusable)
    expect(missing.stderr).toContain("required option '--api-key <key>' not specified")
    const empty = await verify(['--base-url', url], { ANALYTICS_API_KEY: '' })
    expect(empty).toMatchObject({ code: VERIFY_EXIT.unusable, stderr: 'analytics-sandbox verify: --api-key must not be empty\n' })
    for (const written of ['abc', '0101', '0']) {
      const project = await verify(['--base-url', url, '--api-key', 'k', '--project-id', written])
      expect(project.code).toBe(VERIFY_EXIT.unusable)
      expect(project.stderr).toContain('--project-id must be a positive integer.')
    }
    const timeout = await verify(['--base-url', url, '--api-key', 'k', '--timeout', '0100'])
    expect(timeout.code).toBe(VERIFY_EXIT.unusable)
    expect(timeout.stderr).toContain('--timeout must be a positive integer.')
  })

  it('exits 2 with one line, not 1 (drift), for the user’s own mistakes: an expired or unknown key, a base URL without /api/v1/, a --project-id the key cannot see', async () => {
    const runs = await Promise.all([
      verify(['--base-url', url, '--api-key', DOCUMENTED_KEYS.expired]),
      verify(['--base-url', url, '--api-key', 'sbx_unknown_key_123']),
      verify(['--base-url', new URL('/', url).href, '--api-key', DOCUMENTED_KEYS.user]),
      verify(['--base-url', url, '--api-key', DOCUMENTED_KEYS.user, '--project-id', '201']),
    ])
    for (const run of runs) {
      expect(run.code, run.stderr).toBe(VERIFY_EXIT.unusable)
      expect(run.stdout).toBe('')
      expect(run.stderr.trimEnd().split('\n')).toHaveLength(1)
      expect(run.stderr).not.toContain('sbx_unknown_key_123')
    }
    expect(runs[0]!.stderr).toContain('the key was refused (401)')
    expect(runs[2]!.stderr).toContain('ending in /api/v1/')
    expect(runs[3]!.stderr).toContain('--project-id 201')
  })

  it('prints its help, with the exit statuses, and exits 0', async () => {
    const run = await verify(['--help'])
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('Usage: analytics-sandbox verify [options]')
    expect(run.stdout).toContain('Exit status: 0 every check passed, 1 some check failed (drift), 2 the run could not be made.')
  })
})
