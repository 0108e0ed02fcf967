import { readFile } from 'node:fs/promises'
import { relative } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { useTempDir } from '../support/temp-dir.js'
import { ERRORS } from '../../src/vocabulary/errors.js'
import { DOCUMENTED_KEYS } from '../../src/vocabulary/documented-keys.js'
import { expectError } from '../api/contract/expect-envelope.js'
import { USER } from '../api/contract/fixtures.js'
import { get, killAllCli, REPO_ROOT, runCli } from '../cli/run-cli.js'
import { BUILT_IN_NAMES, SCENARIO_FILES, scenarioFilePath, send } from './helpers.js'
import { READY_LINE } from '../../src/cli/format-banner.js'
import { MALFORMED_SCENARIO_NAME } from '../../src/scenarios/scenario-catalogue.js'

const QUIET = ['--port', '0', '--now', '2026-03-01', '--log', 'none']
/** Like QUIET, but with the readable banner (`--log none` prints the ready line alone). */
const WITH_BANNER = ['--port', '0', '--now', '2026-03-01', '--log', 'pretty']
const STACK_LINE = /^\s+at /m
const AVAILABLE = `Available scenarios: ${BUILT_IN_NAMES.join(', ')}`

const temp = useTempDir('scenarios')
const writeTemp = temp.write

afterEach(async () => {
  await killAllCli()
})

/** A copy of a built-in's file, edited by `edit`. */
async function copyBuiltIn(
  name: string,
  edit: (scenario: Record<string, unknown> & { rules: Array<Record<string, Record<string, unknown>>> }) => void,
): Promise<string> {
  const scenario = JSON.parse(await readFile(scenarioFilePath(name), 'utf8')) as Record<string, unknown> & {
    rules: Array<Record<string, Record<string, unknown>>>
  }
  edit(scenario)
  return writeTemp(`${String(scenario.name)}.json`, JSON.stringify(scenario, null, 2))
}

/** Starts the CLI with `args`, expects exit 1 and one stderr line without a stack; returns the line. */
async function expectRefused(args: readonly string[]): Promise<string> {
  const cli = runCli([...args, ...QUIET])
  const exit = await cli.waitForExit()
  expect(exit.code).toBe(1)
  const stderr = cli.stderr()
  expect(stderr.trim().split('\n')).toHaveLength(1)
  expect(stderr).toMatch(/^analytics-sandbox: /)
  expect(stderr).not.toMatch(STACK_LINE)
  expect(cli.stdout()).not.toMatch(READY_LINE)
  return stderr.trim()
}

/** Statuses of `count` sequential GET /projects with the documented USER key. */
async function projectStatuses(url: string, count: number): Promise<number[]> {
  const result: number[] = []
  for (let index = 0; index < count; index++) result.push((await get(`${url}projects`, DOCUMENTED_KEYS.user)).status)
  return result
}

describe('scenarios on the command line: --scenario and --list-scenarios', () => {
  test('--scenario server-error makes GET /projects answer its 500, and the banner names the scenario.', async () => {
    const cli = runCli(['--scenario', 'server-error', ...WITH_BANNER])
    const url = await cli.waitForUrl()
    expect(cli.stdout()).toMatch(/^ {2}Admin .*Scenarios server-error$/m)
    expectError(await send(`${url}projects`, { headers: USER }), ERRORS.projectsFailed)
    expectError(await send(`${url}validate`, { headers: USER }), ERRORS.validateFailed)
    const active = await send(new URL('/__sandbox/scenario', url).href)
    expect(active.body.data).toEqual({ active: ['server-error'] })
  })

  test('--scenario is repeatable, and the JSON banner of --log json lists the scenarios in order.', async () => {
    const cli = runCli(['--scenario', 'no-data', '--scenario', 'empty-account', '--port', '0', '--now', '2026-03-01', '--log', 'json'])
    const url = await cli.waitForUrl()
    const banner = JSON.parse((await cli.waitForStdout(/^\{"event":"listening".*\}$/m)) as string) as { scenarios: string[] }
    expect(banner.scenarios).toEqual(['no-data', 'empty-account'])
    const projects = await send(`${url}projects`, { headers: USER })
    expect(projects.body.data).toEqual({ projects: [], total: 0 })
  })

  test('Without --scenario the banner says no scenario is in force.', async () => {
    const cli = runCli(WITH_BANNER)
    await cli.waitForUrl()
    expect(cli.stdout()).toMatch(/^ {2}Admin .*Scenarios none$/m)
  })

  test('--scenario with the path of an edited copy of a built-in file loads it under its new name, with the path as its source.', async () => {
    const path = await copyBuiltIn('server-error', (scenario) => {
      scenario.name = 'my-errors'
      const fail = scenario.rules[0]?.fail
      if (fail === undefined) throw new Error('server-error.json has no fail rule')
      fail.status = 503
    })
    const given = `./${relative(REPO_ROOT, path)}`
    const cli = runCli(['--scenario', given, ...WITH_BANNER])
    const url = await cli.waitForUrl()
    expect(cli.stdout()).toMatch(/^ {2}Admin .*Scenarios my-errors$/m)
    const answer = await send(`${url}projects`, { headers: USER })
    expectError(answer, ERRORS.serviceUnavailable)
    expect(answer.headers.get('retry-after')).toBe('30')

    const scenarios = (await send(new URL('/__sandbox/scenarios', url).href)).body.data.scenarios as Array<{
      name: string
      source: string
      active: boolean
      description: string
    }>
    expect(scenarios.find((entry) => entry.name === 'my-errors')).toEqual({
      name: 'my-errors',
      description: SCENARIO_FILES.find((file) => file.name === 'server-error')?.description,
      source: given,
      active: true,
    })
    expect(scenarios.find((entry) => entry.name === 'server-error')).toMatchObject({ source: 'built-in', active: false })
    expect(scenarios).toHaveLength(SCENARIO_FILES.length + 1)
  })

  test('--scenario with an absolute path works too.', async () => {
    const path = await copyBuiltIn('no-data', (scenario) => {
      scenario.name = 'absolutely-empty'
    })
    const cli = runCli(['--scenario', path, ...QUIET])
    const url = await cli.waitForUrl()
    const monitoring = await send(`${url}monitoring`, { headers: { ...USER, 'X-Project-ID': '101' } })
    expect(monitoring.body.message).toBe('Monitoring data retrieved successfully for 0 dates')
  })

  test('A scenario file that is not JSON exits 1 with one line naming the file, and no stack trace.', async () => {
    const path = await writeTemp('broken.json', '{ "name": "broken", ')
    const line = await expectRefused(['--scenario', path])
    expect(line).toContain(`Failed to load scenario (${path}): not valid JSON`)
  })

  test('A missing scenario file exits 1 with one line naming the file, and no stack trace.', async () => {
    const path = temp.path('does-not-exist.json')
    const line = await expectRefused(['--scenario', path])
    expect(line).toBe(`analytics-sandbox: Failed to load scenario (${path}): file not found`)
  })

  test('A scenario file with a rule forcing status 418 exits 1 with one line naming the file and rules[0].fail.status.', async () => {
    const path = await copyBuiltIn('server-error', (scenario) => {
      scenario.name = 'teapot'
      const fail = scenario.rules[0]?.fail
      if (fail === undefined) throw new Error('server-error.json has no fail rule')
      fail.status = 418
    })
    const line = await expectRefused(['--scenario', path])
    expect(line).toBe(
      `analytics-sandbox: Failed to load scenario "teapot" (${path}): rules[0].fail.status: must be one of 400, 401, 403, 404, 429, 500, 503`,
    )
  })

  test('A scenario file with an unknown field exits 1 with one line naming the file and the field.', async () => {
    const path = await copyBuiltIn('slow', (scenario) => {
      scenario.name = 'typo'
      const latency = scenario.rules[0]?.latency
      if (latency === undefined) throw new Error('slow.json has no latency rule')
      latency.maximum = 2000
    })
    const line = await expectRefused(['--scenario', path])
    expect(line).toContain(`Failed to load scenario "typo" (${path}): rules[0].latency`)
  })

  test('An unknown --scenario name exits 1 naming it and listing the available scenarios.', async () => {
    const line = await expectRefused(['--scenario', 'flakey'])
    expect(line).toBe(`analytics-sandbox: Unknown scenario "flakey". ${AVAILABLE}`)
  })

  test('--scenario slow,flaky and --scenario SLOW exit 1 with one line saying what a name is and that each scenario takes its own flag.', async () => {
    for (const value of ['slow,flaky', 'SLOW']) {
      expect(await expectRefused(['--scenario', value])).toBe(
        `analytics-sandbox: Unknown scenario: ${MALFORMED_SCENARIO_NAME}. ${AVAILABLE}`,
      )
    }
    expect(MALFORMED_SCENARIO_NAME).toContain('one --scenario flag')
  })

  test('--list-scenarios prints every built-in with its description and exits 0.', async () => {
    const cli = runCli(['--list-scenarios'])
    const exit = await cli.waitForExit()
    expect(exit.code).toBe(0)
    expect(cli.stderr()).toBe('')
    const lines = cli.stdout().trimEnd().split('\n')
    expect(lines[0]).toMatch(/^Scenarios/)
    expect(lines).toHaveLength(SCENARIO_FILES.length + 1)
    for (const file of SCENARIO_FILES) {
      expect(
        lines.some((line) =>
          new RegExp(`^ {2}${file.name.replace(/[.-]/g, '\\$&')} +${file.description.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`).test(line),
        ),
        file.name,
      ).toBe(true)
    }
  })

  test('--list-scenarios with a scenario file lists it too, with its path.', async () => {
    const path = await copyBuiltIn('flaky', (scenario) => {
      scenario.name = 'my-flaky'
    })
    const cli = runCli(['--scenario', path, '--list-scenarios'])
    expect((await cli.waitForExit()).code).toBe(0)
    expect(cli.stdout()).toMatch(new RegExp(`^ {2}my-flaky +.* \\[${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\]$`, 'm'))
    expect(cli.stdout().trimEnd().split('\n')).toHaveLength(SCENARIO_FILES.length + 2)
  })

  test('Two processes with --scenario flaky --seed 5 answer the same status sequence over 20 requests.', async () => {
    const args = ['--scenario', 'flaky', '--seed', '5', ...QUIET]
    const first = runCli(args)
    const second = runCli(args)
    const [firstUrl, secondUrl] = await Promise.all([first.waitForUrl(), second.waitForUrl()])
    const [a, b] = await Promise.all([projectStatuses(firstUrl, 20), projectStatuses(secondUrl, 20)])
    expect(a).toEqual(b)
    expect(a).toContain(500)
    expect(a).toContain(200)
  })
})
