import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { killAllCli, REPO_ROOT, runCli } from '../cli/run-cli.js'
import { useTempDir } from '../support/temp-dir.js'
import { MUTATE_ERRORS, MUTATE_EXIT } from '../../src/cli/mutate-command.js'

const EXAMPLE = join(REPO_ROOT, 'examples/mutate')
const PYTHON_SUITE = ['--', 'python3', '-m', 'unittest', '-q', 'test_analytics_client']
const temp = useTempDir('mutate')

afterEach(() => killAllCli())

/** Runs `analytics-sandbox mutate` with `args` from `cwd` to its end. */
async function mutate(args: readonly string[], cwd = EXAMPLE, env: Record<string, string | undefined> = {}) {
  const cli = runCli(['mutate', ...args], { env: { PYTHONPATH: cwd, ...env } })
  const exit = await cli.waitForExit(110_000)
  return { code: exit.code, stdout: cli.stdout(), stderr: cli.stderr() }
}

describe('analytics-sandbox mutate against the example Python client (examples/mutate)', () => {
  it('finds what the suite notices, what it does not, and the variant it breaks on, in the json format', async () => {
    const only = [
      'variant-trend',
      'variant-extra-fields',
      'drop:projects:data.projects[].id',
      'drop:overview:data.sentiment_analysis.neutral',
      'retype:overview:data.visibility_score.current',
      'drop:overview:data.visibility_score.trend',
    ]
    const { code, stdout, stderr } = await mutate([...only.flatMap((glob) => ['--only', glob]), '--format', 'json', ...PYTHON_SUITE])
    expect(code, stderr).toBe(MUTATE_EXIT.ok)
    const report = JSON.parse(stdout)
    const verdicts = Object.fromEntries(report.runs.map((run: { id: string; verdict: string }) => [run.id, run.verdict]))
    expect(verdicts).toEqual({
      'variant-extra-fields': 'tolerated',
      'variant-trend': 'brittle',
      'drop:projects:data.projects[].id': 'noticed',
      'retype:overview:data.visibility_score.current': 'noticed',
      'drop:overview:data.visibility_score.trend': 'noticed',
      'drop:overview:data.sentiment_analysis.neutral': 'unnoticed',
    })
    expect(report.tolerance).toBe(50)
    expect(report.sensitivity).toBe(75)
    expect(report.unrequested).toEqual(['validate', 'monitoring'])
    const brittle = report.runs.find((run: { id: string }) => run.id === 'variant-trend')
    expect(brittle.output.join('\n')).toContain('volatile')
    // unittest's failure, found in the output: its first lines, the assertion and the summary.
    expect(brittle.failure.first[0]).toMatch(/^FAIL: /)
    expect(brittle.failure.assertion).toMatch(/^self\.assert/)
    expect(brittle.failure.summary).toBe('FAILED (failures=1)')
    expect(report.runs.find((run: { id: string }) => run.id === 'variant-extra-fields').output).toBeNull()
  }, 120_000)
})

describe('analytics-sandbox mutate against a vitest + msw suite that does not change (createSandbox reads ANALYTICS_SANDBOX_MUTATION)', () => {
  it('notices a dropped id, misses a dropped domain, and breaks on unicode names', async () => {
    const suite = join(REPO_ROOT, 'test/mutate/vitest-suite')
    const only = [
      'variant-unicode',
      'drop:projects:data.projects[].id',
      'drop:projects:data.projects[].domain',
      'drop:projects:data.projects[].name',
    ]
    const { code, stdout, stderr } = await mutate(
      [
        ...only.flatMap((glob) => ['--only', glob]),
        '--format',
        'json',
        '--',
        process.execPath,
        join(REPO_ROOT, 'node_modules/vitest/vitest.mjs'),
        'run',
        '--root',
        suite,
      ],
      REPO_ROOT,
    )
    expect(code, stderr).toBe(MUTATE_EXIT.ok)
    const verdicts = Object.fromEntries(JSON.parse(stdout).runs.map((run: { id: string; verdict: string }) => [run.id, run.verdict]))
    expect(verdicts).toEqual({
      'variant-unicode': 'brittle',
      'drop:projects:data.projects[].id': 'noticed',
      'drop:projects:data.projects[].name': 'noticed',
      'drop:projects:data.projects[].domain': 'unnoticed',
    })
  }, 120_000)
})

/** The start of a node one-liner that gets a success of /projects from the run's sandbox, then goes on in `.then(() => { …`: close it with `})`. */
const REACH =
  "fetch(process.env.ANALYTICS_SANDBOX_URL + 'projects', { headers: { 'X-API-Key': 'sbx_user_alpha' } }).then((r) => r.arrayBuffer()).then(() => {"

/** The same with /validate. */
const REACH_VALIDATE = REACH.replace("'projects'", "'validate'")

/** A suite in one line of node: fails where /projects has no numeric data.total. */
const TOTAL_SUITE = [
  process.execPath,
  '-e',
  "fetch(process.env.ANALYTICS_SANDBOX_URL + 'projects', { headers: { 'X-API-Key': 'sbx_user_alpha' } }).then((r) => r.json()).then((b) => process.exit(typeof b.data.total === 'number' ? 0 : 1))",
]

describe('analytics-sandbox mutate: formats, thresholds and exit codes', () => {
  const only = [
    '--only',
    'drop:projects:data.total',
    '--only',
    'retype:projects:data.total',
    '--only',
    'drop:projects:data.projects[].name',
    '--only',
    'variant-large',
  ]

  it('prints a table per endpoint, each variant, and the two percentages (text, the default); exit 0', async () => {
    const { code, stdout } = await mutate([...only, '--', ...TOTAL_SUITE])
    expect(code).toBe(MUTATE_EXIT.ok)
    expect(stdout).toMatch(/^ {2}tolerated {2}variant-large$/m)
    expect(stdout).toMatch(/^\/projects \(mutations: the suite should fail\)$/m)
    expect(stdout).toMatch(/^ {2}drop {4}data\.projects\[\]\.name +unnoticed$/m)
    expect(stdout).toMatch(/^ {2}retype {2}data\.total +noticed$/m)
    expect(stdout).toMatch(/^tolerance {3}100\.0 % \(1 of 1 judged variants tolerated\)$/m)
    expect(stdout).toMatch(/^sensitivity 66\.7 % \(2 of 3 mutations noticed\)$/m)
  }, 60_000)

  it('gives JUnit XML with a case per run, failed where unnoticed or brittle, the failing lines kept as lines', async () => {
    const failing = [
      process.execPath,
      '-e',
      `${TOTAL_SUITE[2]!.replace('process.exit(', 'process.exitCode = (')}.then(() => { if (process.env.ANALYTICS_SANDBOX_MUTATION === 'variant-large') { console.log('first line'); console.log('second line'); process.exit(1) } })`,
    ]
    const { stdout } = await mutate([...only, '--format', 'junit', '--', ...failing])
    expect(stdout.match(/<testcase /g)).toHaveLength(4)
    // The unnoticed name, and the brittle variant (judged: the suite noticed data.total, which variant-large changes).
    expect(stdout.match(/<failure /g)).toHaveLength(2)
    expect(stdout).toContain('name="drop:projects:data.projects[].name"')
    expect(stdout).toContain('first line\nsecond line</failure>')
  }, 60_000)

  it('exits 1 below --min-sensitivity, saying so on stderr, and 0 at or above it', async () => {
    const below = await mutate([...only, '--min-sensitivity', '70', '--', ...TOTAL_SUITE])
    expect(below.code).toBe(MUTATE_EXIT.below)
    expect(below.stderr).toContain('sensitivity 66.7 % is below --min-sensitivity 70')
    expect((await mutate([...only, '--min-sensitivity', '60', '--min-tolerance', '100', '--', ...TOTAL_SUITE])).code).toBe(MUTATE_EXIT.ok)
  }, 60_000)

  it.each([
    [['--'], MUTATE_ERRORS.noCommand],
    [['--only', 'drop:nowhere:*', '--', 'true'], MUTATE_ERRORS.unmatched('drop:nowhere:*')],
    [['--format', 'yaml', '--', 'true'], "option '--format <format>' argument 'yaml' is invalid"],
    [['--min-tolerance', '101', '--', 'true'], '--min-tolerance must be a percentage from 0 to 100'],
    [['--', 'no-such-command-here'], 'cannot start "no-such-command-here": ENOENT'],
  ])('exits 2 on %j with one line naming the mistake', async (args, message) => {
    const { code, stderr } = await mutate(args)
    expect(code).toBe(MUTATE_EXIT.usage)
    expect(stderr.split('\n')[0]).toContain(message)
  })

  it('exits 2 on a test command given without --, saying where it goes', async () => {
    const { code, stderr } = await mutate(['python3', '-m', 'unittest'])
    expect(code).toBe(MUTATE_EXIT.usage)
    expect(stderr).toContain(MUTATE_ERRORS.noSeparator)
  })

  it('exits 2 with the last lines of a baseline that fails, and runs no mutation', async () => {
    const { code, stdout, stderr } = await mutate([
      '--',
      process.execPath,
      '-e',
      "console.log('first'); console.log('the last line'); process.exit(3)",
    ])
    expect(code).toBe(MUTATE_EXIT.usage)
    expect(stderr).toContain(MUTATE_ERRORS.baseline('failed'))
    expect(stderr).toContain('the last line')
    expect(stdout).toBe('')
  })

  it('kills a run past --timeout with its whole process group, children included, as timed-out', async () => {
    const marker = join(await temp.write('placeholder', ''), '..', 'grandchild-alive')
    const grandchild = `setTimeout(() => require('node:fs').writeFileSync(${JSON.stringify(marker)}, 'x'), 4000)`
    const suite = `${REACH} if (process.env.ANALYTICS_SANDBOX_MUTATION) { require('node:child_process').spawn(process.execPath, ['-e', ${JSON.stringify(grandchild)}], { stdio: 'ignore' }); setTimeout(() => {}, 60000) } })`
    // The baseline must pass within the same time-out: 2 s, so a loaded machine starts node in time.
    const { code, stdout, stderr } = await mutate([
      '--only',
      'drop:projects:data.total',
      '--timeout',
      '2',
      '--format',
      'json',
      '--',
      process.execPath,
      '-e',
      suite,
    ])
    expect(code, stderr).toBe(MUTATE_EXIT.ok)
    expect(JSON.parse(stdout).runs[0].verdict).toBe('timed-out')
    // The grandchild would write its marker 4 s after it started: 2 s of time-out and 2.5 s from here.
    await new Promise((resolve) => setTimeout(resolve, 2_500))
    expect(existsSync(marker)).toBe(false)
  }, 30_000)

  it('kills what a run left behind when it ends, with its process group', async () => {
    const marker = join(await temp.write('placeholder-2', ''), '..', 'left-behind-alive')
    const grandchild = `setTimeout(() => require('node:fs').writeFileSync(${JSON.stringify(marker)}, 'x'), 1500)`
    const suite = `${REACH} if (process.env.ANALYTICS_SANDBOX_MUTATION) require('node:child_process').spawn(process.execPath, ['-e', ${JSON.stringify(grandchild)}], { stdio: 'ignore' }).unref() })`
    const { code, stdout } = await mutate(['--only', 'drop:projects:data.total', '--format', 'json', '--', process.execPath, '-e', suite])
    expect(code).toBe(MUTATE_EXIT.ok)
    expect(JSON.parse(stdout).runs[0].verdict).toBe('unnoticed')
    await new Promise((resolve) => setTimeout(resolve, 2_500))
    expect(existsSync(marker)).toBe(false)
  }, 30_000)

  // npm run bench measures the goal (3 times as fast) with more runs, where the baseline and the start weigh less.
  // Here, beside the other test files on two cores, the start of each run weighs more: 2.4 was seen in CI, so the
  // floor is the one the name promises (twice as fast), which a --jobs that ran one at a time (1.0) never reaches.
  it('runs --jobs 4 at once: more than twice as fast as --jobs 1 with a suite that sleeps a second, with the same verdicts', async () => {
    const sleeper = [
      process.execPath,
      '-e',
      `${REACH_VALIDATE} setTimeout(() => process.exit(process.env.ANALYTICS_SANDBOX_MUTATION?.startsWith("drop") ? 1 : 0), 1000) })`,
    ]
    const many = ['--only', 'drop:validate:*', '--only', 'retype:validate:*', '--envelope', '--format', 'json']
    const timed = async (jobs: string) => {
      const started = performance.now()
      const { stdout } = await mutate([...many, '--jobs', jobs, '--', ...sleeper])
      return {
        ms: performance.now() - started,
        runs: JSON.parse(stdout).runs.map((run: { id: string; verdict: string }) => [run.id, run.verdict]),
      }
    }
    const one = await timed('1')
    const four = await timed('4')
    expect(four.runs).toEqual(one.runs)
    expect(one.runs.length).toBeGreaterThanOrEqual(16)
    expect(one.ms / four.ms).toBeGreaterThan(2)
  }, 120_000)
})

describe('analytics-sandbox mutate: progress, order and interruption', () => {
  it('gives the same ids, order and verdicts for the same command and flags, and a progress line per run with --progress', async () => {
    const args = ['--only', 'drop:projects:*', '--jobs', '1', '--format', 'json', '--progress', '--', ...TOTAL_SUITE]
    const first = await mutate(args)
    const second = await mutate(args)
    const verdicts = (stdout: string) => JSON.parse(stdout).runs.map((run: { id: string; verdict: string }) => `${run.id} ${run.verdict}`)
    expect(verdicts(second.stdout)).toEqual(verdicts(first.stdout))
    const lines = first.stderr.trim().split('\n')
    expect(lines).toHaveLength(verdicts(first.stdout).length)
    expect(lines[0]).toMatch(/^\[1\/\d+\] drop:projects:success (noticed|unnoticed) \d+\.\d s$/)
  }, 60_000)

  it.each([
    ['SIGINT', MUTATE_EXIT.interrupted],
    ['SIGTERM', MUTATE_EXIT.terminated],
  ] as const)(
    'stops every run on %s, prints what finished, and exits %i',
    async (signal, exitCode) => {
      const slow = [process.execPath, '-e', `${REACH_VALIDATE} setTimeout(() => {}, process.env.ANALYTICS_SANDBOX_MUTATION ? 1500 : 0) })`]
      const cli = runCli(['mutate', '--only', 'drop:validate:*', '--jobs', '2', '--format', 'json', '--progress', '--', ...slow])
      // Once a run has finished (its progress line), however slow the machine.
      for (let waited = 0; !cli.stderr().includes('[1/') && waited < 20_000; waited += 50)
        await new Promise((resolve) => setTimeout(resolve, 50))
      cli.child.kill(signal)
      const exit = await cli.waitForExit(10_000)
      expect(exit.code).toBe(exitCode)
      const { runs, interrupted } = JSON.parse(cli.stdout())
      expect(interrupted).toBe(signal)
      expect(runs.length).toBeGreaterThan(0)
      expect(runs.length).toBeLessThan(11)
      expect(cli.stderr()).toMatch(new RegExp(`stopped by ${signal} after \\d+ of \\d+ runs; the report covers those only`))
    },
    30_000,
  )
})
