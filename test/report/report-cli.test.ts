/**
 * `analytics-sandbox report` against the standalone process: each format, each exit code, and a
 * sandbox under load. The process is the built bin, as a CI job runs it.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { REPORT_EXIT, reportUrls } from '../../src/cli/report-command.js'
import { OUTCOMES } from '../../src/core/report/outcome-catalogue.js'
import { killAllCli, runCli, type CliProcess } from '../cli/run-cli.js'

let sandbox: CliProcess
let url = ''

async function report(args: readonly string[]) {
  const cli = runCli(['report', ...args])
  const exit = await cli.waitForExit(20_000)
  return { code: exit.code, stdout: cli.stdout(), stderr: cli.stderr() }
}

const send = (path: string, headers: Record<string, string>) =>
  fetch(`${url}${path}`, { headers }).then((response) => response.arrayBuffer())

beforeAll(async () => {
  sandbox = runCli(['--port', '0', '--log', 'none', '--now', '2026-03-01'])
  url = await sandbox.waitForUrl()
  await send('projects', { 'X-API-Key': 'sbx_user_alpha' })
  await send('monitoring', { 'X-API-Key': 'sbx_user_alpha' })
  await send('monitoring?startDate=2026-01-01', { 'X-API-Key': 'sbx_user_alpha', 'X-Project-ID': '101' })
})
afterAll(() => killAllCli())

/** The share the three requests above meet, as the report prints it. */
const PERCENT = (Math.round((3 / OUTCOMES.length) * 1000) / 10).toFixed(1)

describe('analytics-sandbox report', () => {
  test('prints a table a person reads in a CI log: the totals, each outcome met or missing with a curl line that produces it, and the warnings; exit 0', async () => {
    const { code, stdout, stderr } = await report(['--url', url])
    expect(code).toBe(REPORT_EXIT.ok)
    expect(stderr).toBe('')
    expect(stdout).toContain(`Client report for ${url}`)
    expect(stdout).toMatch(new RegExp(`^3 of ${OUTCOMES.length} outcomes met \\(${PERCENT.replace('.', '\\.')} %\\); 1 warning$`, 'm'))
    expect(stdout).toMatch(/^ {2}met {5}200 USER key +1×$/m)
    expect(stdout).toMatch(
      /^ {2}MISSING 400 invalid_date +curl -H 'X-API-Key: sbx_user_alpha' -H 'X-Project-ID: 101' 'http:\/\/127\.0\.0\.1:\d+\/api\/v1\/monitoring\?start_date=2026-02-30'$/m,
    )
    expect(stdout).toMatch(
      /^ {2}unknown_parameter ×1: "startDate" is not a query parameter of \/monitoring.*did you mean start_date\? \(first: journal id 3\)$/m,
    )
  })

  test('prints the admin answer’s data with --format json', async () => {
    const { code, stdout } = await report(['--url', url, '--format', 'json'])
    expect(code).toBe(REPORT_EXIT.ok)
    const coverage = await (await fetch(`${new URL(url).origin}/__sandbox/coverage`)).json()
    expect(JSON.parse(stdout)).toEqual(coverage.data)
  })

  test('prints JUnit XML with --format junit: a suite per endpoint, a case per outcome, missing ones failed with their curl line below --min-coverage and skipped otherwise', async () => {
    const below = await report(['--url', url, '--format', 'junit', '--min-coverage', '50'])
    expect(below.code).toBe(REPORT_EXIT.failed)
    expect(below.stdout.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="analytics-sandbox client report"')).toBe(true)
    expect(below.stdout.match(/<testcase /g)).toHaveLength(OUTCOMES.length + 1)
    expect(below.stdout.match(/<failure /g)).toHaveLength(OUTCOMES.length - 3)
    expect(below.stdout).toContain('<testsuite name="/monitoring" tests="17" failures="15" errors="0" skipped="0"')
    expect(below.stdout).toContain(
      '<failure message="never met: Invalid date" type="missing_outcome">curl -H &apos;X-API-Key: sbx_user_alpha&apos;',
    )
    expect(below.stdout).toContain('<testsuite name="warnings" tests="1" failures="0"')
    const met = await report(['--url', url, '--format', 'junit', '--min-coverage', '4'])
    expect(met.code).toBe(REPORT_EXIT.ok)
    expect(met.stdout).not.toContain('<failure ')
    expect(met.stdout).toContain('<testsuite name="/monitoring" tests="17" failures="0" errors="0" skipped="15"')
  })

  test('exits 1 below --min-coverage or on warnings with --fail-on-warnings, saying why on stderr', async () => {
    const below = await report(['--url', url, '--min-coverage', '80'])
    expect(below.code).toBe(REPORT_EXIT.failed)
    expect(below.stderr).toBe(`analytics-sandbox report: ${PERCENT} % of outcomes met, below --min-coverage 80\n`)
    expect((await report(['--url', url, '--min-coverage', '4'])).code).toBe(REPORT_EXIT.ok)
    const warned = await report(['--url', url, '--fail-on-warnings', '--format', 'junit'])
    expect(warned.code).toBe(REPORT_EXIT.failed)
    expect(warned.stdout).toContain('<testsuite name="warnings" tests="1" failures="1"')
  })

  test.each([
    [['--url', 'nope'], /--url "nope" is not a URL/],
    [['--url', 'ftp://x'], /--url must be an http:\/\/ URL/],
    [['--format', 'xml', '--url', 'http://127.0.0.1:9/'], /argument 'xml' is invalid/],
    [['--min-coverage', '101', '--url', 'http://127.0.0.1:9/'], /--min-coverage must be a percentage from 0 to 100/],
    [['--timeout', '0100', '--url', 'http://127.0.0.1:9/'], /--timeout must be a whole number of milliseconds/],
    [['--timeout', '10000000', '--url', 'http://127.0.0.1:9/'], /--timeout must be a whole number of milliseconds/],
    [[], /give --url <base url> \(a running sandbox\) or -- <command>/],
    [['--'], /no command after --/],
    [['--url', 'http://127.0.0.1:9/api/v1/', '--', 'true'], /not both and not neither/],
    [['--out', '/no/such/folder/r.txt', '--', 'true'], /--out "\/no\/such\/folder\/r.txt": its folder does not exist/],
    [['--format', 'yaml', '--', 'true'], /argument 'yaml' is invalid/],
    [['--url', 'http://127.0.0.1:9/api/v1/'], /cannot reach http:\/\/127\.0\.0\.1:9\/__sandbox\/coverage/],
  ])('exits 2 with one line for its own usage mistake or no sandbox at --url: %j', async (args, message) => {
    const { code, stdout, stderr } = await report(args)
    expect(code).toBe(REPORT_EXIT.usage)
    expect(stdout).toBe('')
    expect(stderr).toMatch(message)
    expect(stderr).not.toMatch(/\n\s+at /)
  })

  test('reads the report of a sandbox under load (a client sending 2,000 requests meanwhile), every line whole', async () => {
    let stop = false
    const load = (async () => {
      let sent = 0
      while (!stop && sent < 2_000) {
        await Promise.all(Array.from({ length: 20 }, () => send('validate', { 'X-API-Key': 'sbx_project_101' })))
        sent += 20
      }
    })()
    const { code, stdout } = await report(['--url', url, '--format', 'json'])
    stop = true
    await load
    expect(code).toBe(REPORT_EXIT.ok)
    const data = JSON.parse(stdout)
    expect(data.outcomes.find((outcome: { id: string }) => outcome.id === 'validate.200.project').seen).toBeGreaterThan(0)
  })
})

describe('reportUrls', () => {
  test('finds the report from the origin, the API base or a session base', () => {
    expect(reportUrls('http://127.0.0.1:4010')).toEqual({
      coverage: 'http://127.0.0.1:4010/__sandbox/coverage',
      behaviour: 'http://127.0.0.1:4010/__sandbox/behaviour',
      base: 'http://127.0.0.1:4010/api/v1/',
    })
    expect(reportUrls('http://127.0.0.1:4010/api/v1/').coverage).toBe('http://127.0.0.1:4010/__sandbox/coverage')
    expect(reportUrls('http://h:1/sessions/abc/api/v1/')).toEqual({
      coverage: 'http://h:1/sessions/abc/__sandbox/coverage',
      behaviour: 'http://h:1/sessions/abc/__sandbox/behaviour',
      base: 'http://h:1/sessions/abc/api/v1/',
    })
  })
})
