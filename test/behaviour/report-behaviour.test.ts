/**
 * `analytics-sandbox report --behaviour` and `--strict-behaviour` against the standalone process:
 * each format, the exit codes, and a command's run (product.md, "What the client does next").
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { REPORT_ERRORS, REPORT_EXIT } from '../../src/cli/report-command.js'
import { BEHAVIOUR_FAILURES } from '../../src/core/behaviour/behaviour-judge.js'
import { killAllCli, runCli, type CliProcess } from '../cli/run-cli.js'

let sandbox: CliProcess
let url = ''

async function report(args: readonly string[]) {
  const cli = runCli(['report', ...args])
  const exit = await cli.waitForExit(60_000)
  return { code: exit.code, stdout: cli.stdout(), stderr: cli.stderr() }
}

const send = (path: string, headers: Record<string, string>) =>
  fetch(`${url}${path}`, { headers }).then((response) => response.arrayBuffer())

beforeAll(async () => {
  sandbox = runCli(['--port', '0', '--log', 'none', '--now', '2026-03-01'])
  url = await sandbox.waitForUrl()
  // Six attempts at once after a 500: bounded-retries and backoff broken; a 400 mended: kept.
  for (let attempt = 0; attempt < 6; attempt++)
    await send('projects', { 'X-API-Key': 'sbx_user_alpha', 'X-Sandbox-Scenario': 'server-error' })
  await send('monitoring?start_date=2026-13-01', { 'X-API-Key': 'sbx_user_beta', 'X-Project-ID': '201' })
  await send('monitoring?start_date=2026-02-01', { 'X-API-Key': 'sbx_user_beta', 'X-Project-ID': '201' })
})
afterAll(() => killAllCli())

describe('analytics-sandbox report --behaviour', () => {
  test('prints each rule’s verdict a person reads in a CI log: the failures with their requests, the scenario that would exercise the rest; exit 0 without --strict-behaviour', async () => {
    const { code, stdout, stderr } = await report(['--url', url, '--behaviour'])
    expect(code, stderr).toBe(REPORT_EXIT.ok)
    expect(stdout.split('\n').slice(0, 2)).toEqual([
      `Client behaviour at ${url}`,
      '1 pass, 2 fail, 4 not exercised (8 requests judged, at most 3 retries allowed)',
    ])
    expect(stdout).toMatch(/^ {2}FAIL {10}bounded-retries {3}A failed request/m)
    expect(stdout).toContain(`        ${BEHAVIOUR_FAILURES.retries(6, 3)}\n`)
    expect(stdout).toMatch(/^ {10}#1 \S+ GET \/api\/v1\/projects → 500$/m)
    expect(stdout).toMatch(/^ {2}pass {10}no-retry-on-4xx /m)
    expect(stdout).toMatch(/^ {2}not exercised dead-key .*\n {34}to exercise it: run under expired-keys/m)
  })

  test('exits 1 with --strict-behaviour, naming how many rules failed; --max-retries 5 allows the six attempts', async () => {
    const strict = await report(['--url', url, '--strict-behaviour'])
    expect(strict.code).toBe(REPORT_EXIT.failed)
    expect(strict.stderr).toBe(`analytics-sandbox report: ${REPORT_ERRORS.behaviourFailed(2)}\n`)
    const allowed = await report(['--url', url, '--strict-behaviour', '--max-retries', '5', '--format', 'json'])
    const verdicts = JSON.parse(allowed.stdout)
    expect(verdicts.max_retries).toBe(5)
    expect(verdicts.rules.find((rule: { rule: string }) => rule.rule === 'bounded-retries').verdict).toBe('pass')
    expect(allowed.stderr).toBe(`analytics-sandbox report: ${REPORT_ERRORS.behaviourFailed(1)}\n`)
  })

  test('reports the verdicts where --max-retries is given alone, which says nothing of the client report', async () => {
    const { stdout } = await report(['--url', url, '--max-retries', '5', '--format', 'json'])
    expect(JSON.parse(stdout).max_retries).toBe(5)
  })

  test('prints the admin answer’s data with --format json', async () => {
    const { stdout } = await report(['--url', url, '--behaviour', '--format', 'json'])
    const answer = await (await fetch(`${new URL(url).origin}/__sandbox/behaviour?scope=suite`)).json()
    expect(JSON.parse(stdout)).toEqual(answer.data)
  })

  test('prints JUnit XML: a case per rule and key, a broken one failed with its requests under --strict-behaviour, a rule never exercised skipped', async () => {
    const { stdout } = await report(['--url', url, '--strict-behaviour', '--format', 'junit'])
    expect(
      stdout.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="analytics-sandbox client behaviour" tests="7" failures="2">',
      ),
    ).toBe(true)
    expect(stdout).toMatch(
      /<failure message="sent 6 times in a row after a failure: 5 retries, at most 3" type="bounded-retries">[^<]*\n#1 \S+ GET \/api\/v1\/projects → 500\n/,
    )
    expect(stdout).toContain('<skipped message="not exercised: run under expired-keys or revoked-keys, or revoke a key in the portal"/>')
    const told = await report(['--url', url, '--behaviour', '--format', 'junit'])
    expect(told.stdout).toContain('failures="0"')
    expect(told.stdout).toContain('<system-err>')
  })

  test('prints markdown: a table of the rules, then each failure with its requests', async () => {
    const { stdout } = await report(['--url', url, '--behaviour', '--format', 'markdown'])
    expect(stdout).toContain('## analytics-sandbox client behaviour')
    expect(stdout).toContain('| bounded-retries | FAIL |')
    expect(stdout).toMatch(/^### backoff: sbx_us…ha$/m)
  })

  test('judges the sandboxes a command makes in its own processes too (createSandbox, startSandbox), each keyed apart', async () => {
    const { code, stdout, stderr } = await report([
      '--behaviour',
      '--format',
      'json',
      '--',
      process.execPath,
      'test/behaviour/in-process-clients.mjs',
    ])
    expect(code, stderr).toBe(REPORT_EXIT.ok)
    const verdicts = JSON.parse(stdout)
    const verdictOf = (name: string) => verdicts.rules.find((rule: { rule: string }) => rule.rule === name)
    expect(verdictOf('no-retry-on-4xx').verdict).toBe('fail')
    expect(verdictOf('retry-after').verdict).toBe('pass')
    expect(verdicts.judged).toBe(4)
    const sessions = verdictOf('no-retry-on-4xx').keys.map((key: { session: string | null }) => key.session)
    expect(sessions).toEqual(['in-process sandbox 1', 'in-process sandbox 2'])
  }, 60_000)

  test('judges what a command’s clients sent under report --strict-behaviour -- <command>, and fails on a broken rule', async () => {
    const client = [
      process.execPath,
      '-e',
      "(async () => { for (let i = 0; i < 3; i++) await fetch(process.env.ANALYTICS_SANDBOX_URL + 'projects', { headers: { 'X-API-Key': 'sbx_user_alpha', 'X-Sandbox-Scenario': 'expired-keys' } }) })()",
    ]
    const { code, stdout, stderr } = await report(['--strict-behaviour', '--', ...client])
    expect(code).toBe(REPORT_EXIT.failed)
    expect(stdout.split('\n')[0]).toBe(REPORT_ERRORS.behaviourTitle(client.join(' ')))
    expect(stdout).toMatch(/^ {2}FAIL {10}dead-key/m)
    expect(stderr).toContain(REPORT_ERRORS.behaviourFailed(2))
  })
})
