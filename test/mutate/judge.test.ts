/**
 * Issue #51: `mutate` and `report` on real suites, judged by their verdicts, not only their exit
 * codes: an in-process vitest + msw suite that sets scenarios, a suite that asserts nothing, a
 * pytest suite with a session per test (examples/pytest_sessions), a client with a three-value
 * trend enum beside a test that pins documented values, and a suite with two in-process sandboxes.
 */
import { findPytest } from '../support/find-tools.js'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Ajv } from 'ajv'
import { afterEach, describe, expect, it } from 'vitest'
import { killAllCli, REPO_ROOT, runCli } from '../cli/run-cli.js'
import { useTempDir } from '../support/temp-dir.js'
import { MUTATE_ERRORS, MUTATE_EXIT } from '../../src/cli/mutate-command.js'
import { UNJUDGED_REASON } from '../../src/cli/mutate/mutate-report.js'
import { JUNIT_WARNINGS } from '../../src/cli/mutate/read-junit.js'
import { REPORT_ERRORS, REPORT_EXIT } from '../../src/cli/report-command.js'

afterEach(() => killAllCli())
const temp = useTempDir('judge')

const VITEST = [process.execPath, join(REPO_ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--root']
const JUDGE_SUITE = join(REPO_ROOT, 'test/mutate/judge-suite')
const ONLY = [
  'variant-trend',
  'variant-large',
  'drop:overview:data.visibility_score.trend',
  'drop:projects:data.total',
  'drop:projects:data.projects[].id',
].flatMap((glob) => ['--only', glob])

/** Runs `analytics-sandbox <args>` to its end. */
async function cli(args: readonly string[], cwd?: string) {
  const run = runCli(args, { env: cwd === undefined ? {} : { PYTHONPATH: cwd } })
  const exit = await run.waitForExit(110_000)
  return { code: exit.code, stdout: run.stdout(), stderr: run.stderr() }
}

interface Run {
  id: string
  verdict: string
  killed_by: string[] | null
  failing_tests: Array<{ name: string; lines: string[] }> | null
  failure: { first: string[]; assertion: string | null; summary: string | null } | null
}
const runsOf = (stdout: string): Map<string, Run> => new Map(JSON.parse(stdout).runs.map((run: Run) => [run.id, run]))

describe('mutate on a vitest + msw suite whose tests call useScenario()', () => {
  it('judges it under each variant, names the failing tests with --junit, and lists the enum bug and the value pin each with its assertion line', async () => {
    const junit = [...VITEST, JUDGE_SUITE, '--reporter=default', '--reporter=junit', '--outputFile.junit=judge-junit.xml']
    const { code, stdout, stderr } = await cli(['mutate', ...ONLY, '--junit', 'judge-junit.xml', '--format', 'json', '--', ...junit])
    expect(code, stderr).toBe(MUTATE_EXIT.ok)
    const runs = runsOf(stdout)
    // The trend test sets fail-once with useScenario(): the run's variant stays under it.
    const trend = runs.get('variant-trend')!
    expect(trend.verdict).toBe('brittle')
    expect(trend.failing_tests!.map((test) => test.name)).toEqual(['client.spec.ts > reads the trend after a failed first try'])
    expect(trend.failure!.assertion).toContain('throw new Error(`unknown trend')
    const large = runs.get('variant-large')!
    expect(large.verdict).toBe('brittle')
    expect(large.failing_tests!.map((test) => test.name)).toEqual(['client.spec.ts > lists the three documented projects'])
    expect(large.failure!.assertion).toContain('expect(projects.data.projects.map(')
    expect(runs.get('drop:projects:data.total')!.killed_by).toEqual(['client.spec.ts > counts what it lists'])
    expect(JSON.parse(stdout).tolerance).toBe(0)
    expect(JSON.parse(stdout).sensitivity).toBe(100)
  }, 120_000)

  it('shows, without --junit, the first failure, the assertion line and the runner summary, with no escape sequence and no U+FFFD', async () => {
    const { code, stdout } = await cli([
      'mutate',
      '--only',
      'variant-trend',
      '--only',
      'drop:overview:*.trend',
      '--',
      ...VITEST,
      JUDGE_SUITE,
    ])
    expect(code).toBe(MUTATE_EXIT.ok)
    expect(stdout).toMatch(/^ {2}brittle {4}variant-trend$/m)
    expect(stdout).toMatch(/^ {6}\| +FAIL +client\.spec\.ts > reads the trend after a failed first try$/m)
    expect(stdout).toMatch(/^ {6}assertion: .*throw new Error\(`unknown trend/m)
    expect(stdout).toMatch(/^ {6}summary: Tests +1 failed \| 2 passed/m)
    // oxlint-disable-next-line no-control-regex -- an escape is what must not be there
    expect(stdout).not.toMatch(/[\u001b\uFFFD]/)
  }, 120_000)
})

describe('mutate on a suite that asserts nothing', () => {
  it('gives tolerance null (every variant unjudged) and sensitivity 0, and runs nothing of an endpoint it never reached', async () => {
    const nothing = [
      process.execPath,
      '-e',
      "Promise.all(['validate', 'projects'].map((path) => fetch(process.env.ANALYTICS_SANDBOX_URL + path, { headers: { 'X-API-Key': 'sbx_user_alpha' } }))).then(() => process.exit(0))",
    ]
    const { code, stdout } = await cli([
      'mutate',
      '--only',
      'variant-*',
      '--only',
      '*:projects:*',
      '--only',
      'drop:overview:*',
      '--format',
      'json',
      '--',
      ...nothing,
    ])
    expect(code).toBe(MUTATE_EXIT.ok)
    const report = JSON.parse(stdout)
    expect(report.tolerance).toBeNull()
    expect(report.sensitivity).toBe(0)
    const variants = report.runs.filter((run: Run & { kind: string }) => run.kind === 'variant')
    expect(variants.map((run: Run & { unjudged: string }) => `${run.verdict}: ${run.unjudged}`)).toEqual(
      variants.map(() => `unjudged: ${UNJUDGED_REASON}`),
    )
    // variant-trend changes /overview only, which the suite never reached: not run, and nor is any overview mutation.
    expect(report.unreached).toContain('variant-trend')
    expect(report.unreached).toContain('drop:overview:data.visibility_score.trend')
    expect(report.unrequested).toEqual(['monitoring', 'overview'])
    // Envelope fields are listed apart, not run.
    expect(report.envelope).toContain('drop:projects:meta_data')
    expect(report.runs.map((run: Run) => run.id)).not.toContain('drop:projects:meta_data')
  }, 120_000)
})

const pytestCommand = findPytest()
const hasPytest = pytestCommand !== undefined
if (!hasPytest)
  console.log('judge.test.ts: pytest is not installed here (python3 -m pytest), so the pytest session-per-test suite is not run')

describe('mutate on a pytest suite with a session per test (examples/pytest_sessions)', () => {
  it.skipIf(!hasPytest)(
    'runs it unchanged: every session the fixture makes inside the run carries the mutation',
    async () => {
      const folder = join(REPO_ROOT, 'examples/pytest_sessions')
      const pytest = [...pytestCommand!, '-q', '-p', 'no:cacheprovider', '--rootdir', folder, folder]
      const { code, stdout, stderr } = await cli(
        [
          'mutate',
          '--only',
          '*:projects:data.total',
          '--only',
          'drop:projects:data.projects[].domain',
          '--only',
          'drop:projects:data.projects[].name',
          '--format',
          'json',
          '--',
          ...pytest,
        ],
        folder,
      )
      expect(code, stderr).toBe(MUTATE_EXIT.ok)
      const verdicts = Object.fromEntries([...runsOf(stdout)].map(([id, run]) => [id, run.verdict]))
      expect(verdicts).toEqual({
        'drop:projects:data.projects[].name': 'unnoticed',
        'drop:projects:data.projects[].domain': 'noticed',
        'drop:projects:data.total': 'noticed',
        'retype:projects:data.total': 'noticed',
        'null:projects:data.total': 'noticed',
      })
    },
    120_000,
  )
})

describe('report -- <command>', () => {
  it('prints one report of a suite with two in-process sandboxes: what both answered', async () => {
    const { code, stdout, stderr } = await cli([
      'report',
      '--format',
      'json',
      '--',
      process.execPath,
      join(REPO_ROOT, 'test/report/two-sandboxes.mjs'),
    ])
    expect(code, stderr).toBe(REPORT_EXIT.ok)
    const report = JSON.parse(stdout)
    const met = report.outcomes.filter((outcome: { seen: number }) => outcome.seen > 0).map((outcome: { id: string }) => outcome.id)
    expect(met).toEqual(['validate.200.project', 'projects.200.user'])
    expect(report.reached).toEqual(['validate', 'projects'])
    expect(report.warnings.map((warning: { code: string }) => warning.code)).toEqual(['unknown_parameter'])
  }, 60_000)

  it('prints markdown, and exits 1 naming a command that failed, the report still printed', async () => {
    const failing = [
      process.execPath,
      '-e',
      "fetch(process.env.ANALYTICS_SANDBOX_URL + 'validate', { headers: { 'X-API-Key': 'sbx_user_alpha' } }).then(() => process.exit(3))",
    ]
    const { code, stdout, stderr } = await cli(['report', '--format', 'markdown', '--', ...failing])
    expect(code).toBe(REPORT_EXIT.failed)
    expect(stdout).toContain('## analytics-sandbox client report')
    expect(stdout).toContain('| /validate | 200 USER key | 1 |')
    expect(stderr).toContain(REPORT_ERRORS.commandFailed('failed (exit 3)'))
  }, 60_000)

  it('shows the command’s output on stderr as it comes, and titles the report with the command, not an address it never used', async () => {
    const talking = [process.execPath, '-e', "console.log('3 passed'); console.error('a warning of the runner')"]
    const { code, stdout, stderr } = await cli(['report', '--', ...talking])
    expect(code, stderr).toBe(REPORT_EXIT.ok)
    expect(stderr).toContain('3 passed\n')
    expect(stderr).toContain('a warning of the runner\n')
    expect(stdout.split('\n')[0]).toBe(REPORT_ERRORS.commandTitle(talking.join(' ')))
    expect(stdout.split('\n').slice(1).join('\n')).not.toContain('3 passed')
  }, 60_000)
})

describe('mutate reports people already read', () => {
  const small = [
    process.execPath,
    '-e',
    "fetch(process.env.ANALYTICS_SANDBOX_URL + 'projects', { headers: { 'X-API-Key': 'sbx_user_alpha' } }).then((r) => r.json()).then((b) => process.exit(typeof b.data.total === 'number' ? 0 : 1))",
  ]
  const only = ['--only', '*:projects:data.total', '--only', 'drop:projects:data.projects[].name', '--only', 'drop:overview:data']

  it('writes Stryker JSON that validates against the mutation-testing-report-schema, each mutant in openapi.json', async () => {
    const out = join(await temp.write('placeholder', ''), '..', 'mutation.json')
    const { code } = await cli(['mutate', ...only, '--format', 'stryker', '--out', out, '--', ...small])
    expect(code).toBe(MUTATE_EXIT.ok)
    const report = JSON.parse(readFileSync(out, 'utf8'))
    const schema = JSON.parse(
      readFileSync(join(REPO_ROOT, 'node_modules/mutation-testing-report-schema/dist/src/mutation-testing-report-schema.json'), 'utf8'),
    )
    const validate = new Ajv({ strict: false }).compile(schema)
    expect(validate(report), JSON.stringify(validate.errors)).toBe(true)
    const statuses = Object.fromEntries(
      report.files['openapi.json'].mutants.map((mutant: { id: string; status: string }) => [mutant.id, mutant.status]),
    )
    expect(statuses).toMatchObject({
      'drop:projects:data.total': 'Killed',
      'drop:projects:data.projects[].name': 'Survived',
      'drop:overview:data': 'NoCoverage',
    })
  }, 60_000)

  it('writes one offline HTML file with the viewer inlined, and markdown with the figures', async () => {
    const html = await cli(['mutate', ...only, '--format', 'html', '--', ...small])
    expect(html.stdout).toContain('<mutation-test-report-app')
    expect(html.stdout).not.toMatch(/<script[^>]+src=/)
    const markdown = await cli(['mutate', ...only, '--format', 'markdown', '--', ...small])
    expect(markdown.stdout).toContain('| tolerance | sensitivity |')
    expect(markdown.stdout).toContain('| /projects | drop data.projects[].name |')
  }, 60_000)
})

describe('mutate and report on bad input', () => {
  it('warns once per run for a --junit file the suite never writes, the verdicts standing', async () => {
    const reach = [
      process.execPath,
      '-e',
      "fetch(process.env.ANALYTICS_SANDBOX_URL + 'projects', { headers: { 'X-API-Key': 'sbx_user_alpha' } }).then(() => process.exit(process.env.ANALYTICS_SANDBOX_MUTATION ? 1 : 0))",
    ]
    const { code, stdout, stderr } = await cli([
      'mutate',
      '--only',
      'drop:projects:data.total',
      '--junit',
      'never-written.xml',
      '--format',
      'json',
      '--',
      ...reach,
    ])
    expect(code).toBe(MUTATE_EXIT.ok)
    expect(JSON.parse(stdout).runs[0].verdict).toBe('noticed')
    expect(stderr).toContain(JUNIT_WARNINGS.missing('never-written.xml').slice(0, 30))
  }, 60_000)

  it('says a threshold has nothing to hold where nothing of its kind was judged (a threshold on null passes)', async () => {
    const { code, stderr } = await cli(['mutate', '--min-sensitivity', '80', '--min-tolerance', '80', '--', 'true'])
    expect(code).toBe(MUTATE_EXIT.ok)
    expect(stderr).toContain(MUTATE_ERRORS.nullGate('sensitivity'))
    expect(stderr).toContain(MUTATE_ERRORS.nullGate('tolerance'))
  })

  it('exits 2 naming --out where its folder does not exist', async () => {
    const { code, stderr } = await cli(['mutate', '--out', '/no/such/folder/x.json', '--', 'true'])
    expect(code).toBe(MUTATE_EXIT.usage)
    expect(stderr).toContain(MUTATE_ERRORS.outFolder('/no/such/folder/x.json'))
  })

  it('shows output holding escape sequences, NUL bytes and invalid UTF-8 in no form raw', async () => {
    const hostile = [
      process.execPath,
      '-e',
      "fetch(process.env.ANALYTICS_SANDBOX_URL + 'projects', { headers: { 'X-API-Key': 'sbx_user_alpha' } }).then(() => { if (process.env.ANALYTICS_SANDBOX_MUTATION) { process.stdout.write(Buffer.from([0x1b, 0x5b, 0x33, 0x31, 0x6d, 0x46, 0x41, 0x49, 0x4c, 0x20, 0x78, 0x00, 0xff, 0xfe, 0x1b, 0x5d, 0x30, 0x3b, 0x74, 0x07, 0x0a])); process.exit(1) } })",
    ]
    for (const format of ['text', 'json', 'junit', 'markdown']) {
      const { stdout } = await cli([
        'mutate',
        '--only',
        'variant-large',
        '--only',
        'drop:projects:data.total',
        '--format',
        format,
        '--',
        ...hostile,
      ])
      // oxlint-disable-next-line no-control-regex -- controls are what must not be there
      expect(stdout, format).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/)
    }
  }, 120_000)
})
