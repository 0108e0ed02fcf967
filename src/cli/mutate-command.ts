import { Command, CommanderError, Option } from 'commander'
import { startSandbox, type RunningSandbox } from '../server/start-sandbox.js'
import { MUTATION_LIST } from '../core/mutation-list.js'
import { MUTATION_ENV } from '../vocabulary/mutations.js'
import { ENDPOINT_NAMES } from '../vocabulary/endpoint-rules.js'
import { printable } from '../vocabulary/printable.js'
import { formatHints, oneLineErrors } from './one-line-error.js'
import { readFixturesFile } from './read-fixtures-file.js'
import { collect, percentOption, readScenarioArguments } from './flag-readers.js'
import { planRuns, type PlannedRun } from './mutate/plan-runs.js'
import { CannotStart, runControl, runSuite, type SuiteRun } from './mutate/run-suite.js'
import {
  formatMutateJunit,
  formatMutateMarkdown,
  formatMutateText,
  reportOf,
  UNJUDGED_REASON,
  UNJUDGED_UNTRIED,
  type MutateReport,
  type RunResult,
  type Verdict,
} from './mutate/mutate-report.js'
import { formatMutateHtml, formatStryker } from './mutate/format-stryker.js'
import { findFailure } from './mutate/find-failure.js'
import { readJunit, type FailingTest } from './mutate/read-junit.js'
import { makeRunFolder, readRunReport, removeRunFolder } from './run-union.js'
import { REPORT_BEHAVIOUR_ENV, REPORT_DIR_ENV } from '../server/run-report.js'
import { VARIANT_ENDPOINTS, VARIANT_PREFIX, variantChanges, type VariantName } from '../vocabulary/variants.js'
import { MUTATION_BY_ID } from '../vocabulary/mutations.js'
import { availableParallelism } from 'node:os'
import { existsSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { optionOf } from './option-of.js'

/**
 * Exit codes of `analytics-sandbox mutate`: at or above the thresholds; below one; its own usage
 * mistake, a failing baseline, a command that cannot start or a sandbox that cannot be made; and
 * stopped by Ctrl-C (SIGINT) or SIGTERM.
 *
 * @example
 * if (status === MUTATE_EXIT.below) console.error('the suite misses broken answers')
 */
export const MUTATE_EXIT = { ok: 0, below: 1, usage: 2, interrupted: 130, terminated: 143 } as const

/** The environment variable a run's command reads the sandbox's base URL from. */
export const URL_ENV = 'ANALYTICS_SANDBOX_URL'

/**
 * Why `mutate` exits 2, as templates the tests import; each is one line on stderr after
 * `analytics-sandbox mutate: `.
 *
 * @example
 * MUTATE_ERRORS.noCommand
 */
export const MUTATE_ERRORS = {
  noCommand: 'no command after --: give the test command to run, such as analytics-sandbox mutate -- npx vitest run',
  noSeparator: 'the test command goes after --, such as analytics-sandbox mutate --jobs 2 -- python -m pytest -q',
  unmatched: (glob: string) =>
    `--only ${JSON.stringify(glob)} matches no variant or mutation (GET /__sandbox/mutations lists them; * matches any run of characters)`,
  baseline: (ending: string) => `the suite fails without any change (the baseline run ${ending}), so no mutation was run; its last lines:`,
  sandbox: (why: string) => `cannot make the sandbox: ${why}`,
  outFolder: (path: string) => `--out ${JSON.stringify(path)}: its folder does not exist`,
  nullGate: (figure: string) =>
    `no ${figure} to hold to its threshold: nothing of its kind was judged (see "Not run"), so --min-${figure} passes`,
  junitClash: (path: string) =>
    `--junit ${JSON.stringify(path)} is not an argument of the command (as itself or after =), so runs at once would write one file: running one at a time`,
} as const

/** The formats `--format` takes. */
export const MUTATE_FORMATS = ['text', 'json', 'junit', 'markdown', 'stryker', 'html'] as const

/**
 * Runs at once by default: the machine's cores, at most 4 (each run is a whole test command, and
 * most of a run's time is its runner's start-up and the suite's own waits).
 *
 * @example
 * DEFAULT_JOBS // 2 on a machine of 2 cores
 */
export const DEFAULT_JOBS = Math.max(1, Math.min(4, availableParallelism()))

interface MutateFlags {
  fixtures?: string
  seed?: number
  now?: string
  scenario: string[]
  only: string[]
  jobs: number
  timeout: number
  format: (typeof MUTATE_FORMATS)[number]
  minTolerance?: number
  minSensitivity?: number
  progress?: boolean
  envelope?: boolean
  junit?: string
  out?: string
}

/** Where `mutate` writes: its report, and its progress and errors. */
export interface MutateIo {
  stdout(text: string): void
  stderr(text: string): void
  /** Whether stderr is a terminal (progress lines are shown there, or with --progress). */
  readonly stderrIsTty?: boolean
}

function createMutateProgram(io: MutateIo): Command {
  return new Command()
    .name('analytics-sandbox mutate')
    .description(
      'Run a test command once per variant (it should pass) and once per mutation of the contract (it should fail), each against a session of its own, and report what the suite tolerates and notices.',
    )
    .usage('[flags] -- <command> [args...]')
    .configureOutput({
      writeOut: io.stdout,
      ...oneLineErrors('analytics-sandbox mutate', io.stderr, formatHints(MUTATE_FORMATS, ['--junit'])),
    })
    .exitOverride()
    .addOption(optionOf('fixtures'))
    .addOption(optionOf('seed', { default: null }))
    .addOption(optionOf('now'))
    .addOption(optionOf('scenario', { help: 'a scenario in force in every run (repeatable)', default: [], defaultHelp: 'none' }))
    .addOption(
      new Option('--only <glob>', 'run only the variants and mutations matching (repeatable; * matches anything)')
        .default([], 'every one')
        .argParser(collect),
    )
    .addOption(optionOf('jobs', { default: DEFAULT_JOBS, defaultHelp: 'the cores, at most 4' }))
    .addOption(optionOf('runTimeout'))
    .addOption(new Option('--format <format>', 'report format').choices(MUTATE_FORMATS).default('text'))
    .addOption(
      new Option('--min-tolerance <percent>', 'exit 1 below this share of variants tolerated').argParser(percentOption('--min-tolerance')),
    )
    .addOption(
      new Option('--min-sensitivity <percent>', 'exit 1 below this share of mutations noticed').argParser(
        percentOption('--min-sensitivity'),
      ),
    )
    .addOption(new Option('--progress', 'a line per finished run on stderr even when it is not a terminal'))
    .addOption(
      new Option(
        '--envelope',
        'also run the mutations of envelope fields a client may ignore (message, code, errors, meta_data); never counted',
      ),
    )
    .addOption(new Option('--junit <path>', 'the JUnit XML report the suite writes: names the tests that failed in each run'))
    .addOption(optionOf('out'))
}

/** The endpoints a variant changes that the baseline reached: none, and the variant cannot be met. */
function variantReached(id: string, reached: ReadonlySet<string>): boolean {
  const name = id.slice(VARIANT_PREFIX.length) as VariantName
  return (VARIANT_ENDPOINTS[name] ?? []).some((endpoint) => reached.has(endpoint))
}

/**
 * A variant's verdict where the suite reads what it changes: judged (tolerated or brittle) only
 * where the suite noticed a mutation of a field the variant changes.
 */
function judgeVariants(results: readonly RunResult[]): RunResult[] {
  const ran = results.filter((run) => run.kind === 'mutation').map((run) => ({ run, mutation: MUTATION_BY_ID.get(run.id)! }))
  return results.map((run) => {
    if (run.kind !== 'variant') return run
    const name = run.id.slice(VARIANT_PREFIX.length) as VariantName
    const own = ran.filter(({ mutation }) => variantChanges(name, mutation.endpoint, mutation.path))
    if (own.some(({ run: mutated }) => mutated.verdict !== 'unnoticed')) return run
    return { ...run, verdict: 'unjudged' as const, unjudged: own.length === 0 ? UNJUDGED_UNTRIED : UNJUDGED_REASON }
  })
}

/** A run's verdict from how its command ended. */
function verdictOf(run: PlannedRun, ending: SuiteRun['ending']): Verdict {
  if (ending === 'timed-out') return 'timed-out'
  if (run.kind === 'mutation') return ending === 'passed' ? 'unnoticed' : 'noticed'
  return ending === 'passed' ? 'tolerated' : 'brittle'
}

/** Where `mutate` writes its report: stdout, or `--out`'s file. */
function writeReport(io: MutateIo, out: string | undefined, text: string): void {
  if (out === undefined) io.stdout(text)
  else writeFileSync(out, text)
}

/** The report in `format`. */
function formatReport(report: MutateReport, plan: readonly PlannedRun[], format: MutateFlags['format']): string {
  switch (format) {
    case 'json':
      return `${JSON.stringify(report, null, 2)}\n`
    case 'junit':
      return formatMutateJunit(report)
    case 'markdown':
      return formatMutateMarkdown(report)
    case 'stryker':
      return `${JSON.stringify(formatStryker(report), null, 2)}\n`
    case 'html':
      return formatMutateHtml(report)
    default:
      return formatMutateText(report, plan)
  }
}

/**
 * `analytics-sandbox mutate [flags] -- <command> [args...]`: starts a sandbox, runs the command once
 * unchanged (the baseline), then once per variant and per mutation it can reach (or those `--only`
 * selects), each with a session of its own (`ANALYTICS_SANDBOX_URL`, `ANALYTICS_SANDBOX_MUTATION`)
 * and a folder where every sandbox the command makes leaves what it answered
 * (`ANALYTICS_SANDBOX_REPORT_DIR`), `--jobs` at once; prints the report and resolves to the exit code.
 *
 * @example
 * process.exitCode = await runMutate(['--only', 'variant-*', '--', 'npx', 'vitest', 'run'], io)
 */
export async function runMutate(argv: readonly string[], io: MutateIo): Promise<number> {
  const split = argv.indexOf('--')
  const flagsPart = split < 0 ? argv : argv.slice(0, split)
  const [command, ...args] = split < 0 ? [] : argv.slice(split + 1)
  // Without `--`, a test command reads as flags or arguments of mutate's own: commander's line is
  // kept back and said with where the command goes, as one line.
  let heldBack = ''
  const program = createMutateProgram(split < 0 ? { ...io, stderr: (text) => void (heldBack += text) } : io)
  try {
    program.parse(flagsPart, { from: 'user' })
  } catch (error) {
    if (!(error instanceof CommanderError)) throw error
    if (error.exitCode !== 0 && split < 0) io.stderr(`${heldBack.trimEnd().replace(/\.$/, '')}; ${MUTATE_ERRORS.noSeparator}\n`)
    else io.stderr(heldBack)
    return error.exitCode === 0 ? MUTATE_EXIT.ok : MUTATE_EXIT.usage
  }
  const fail = (line: string, lines: readonly string[] = []) => {
    io.stderr(`analytics-sandbox mutate: ${printable(line)}\n${lines.map((text) => `  ${printable(text)}\n`).join('')}`)
    return MUTATE_EXIT.usage
  }
  if (command === undefined || command === '') return fail(MUTATE_ERRORS.noCommand)
  const flags = program.opts<MutateFlags>()
  if (flags.out !== undefined && !existsSync(dirname(resolve(flags.out)))) return fail(MUTATE_ERRORS.outFolder(flags.out))
  const variants = MUTATION_LIST.variants.map((variant) => variant.name)
  const { runs: plan, envelope, unmatched } = planRuns(variants, flags.only, flags.envelope === true)
  if (unmatched.length > 0) return fail(MUTATE_ERRORS.unmatched(unmatched[0]!))
  // Each run writes its JUnit file where the command names it, made its own; a path the command does not name is one file.
  const junit = flags.junit
  // The path as an argument of its own or a flag's value (`--outputFile=junit.xml`), never inside another word.
  const namesJunit = (arg: string) => junit !== undefined && (arg === junit || arg.endsWith(`=${junit}`))
  const junitInCommand = args.some(namesJunit)
  let jobs = flags.jobs
  if (junit !== undefined && !junitInCommand && jobs > 1) {
    io.stderr(`analytics-sandbox mutate: ${printable(MUTATE_ERRORS.junitClash(junit))}\n`)
    jobs = 1
  }

  // The sandbox of every run: this process's own, never one a mutation in its environment changes.
  const inherited = { ...process.env }
  delete inherited[REPORT_DIR_ENV]
  // mutate reads no verdicts: its runs write none.
  delete inherited[REPORT_BEHAVIOUR_ENV]
  delete process.env[MUTATION_ENV]
  let sandbox: RunningSandbox
  let scenarios: unknown[]
  try {
    scenarios = await readScenarioArguments(flags.scenario)
    const fixtures = flags.fixtures === undefined ? undefined : await readFixturesFile(flags.fixtures)
    sandbox = await startSandbox({
      port: 0,
      maxSessions: Math.max(64, 16 * jobs),
      ...(fixtures === undefined ? {} : { fixtures: fixtures as never }),
      ...(flags.seed === undefined ? {} : { seed: flags.seed }),
      ...(flags.now === undefined ? {} : { now: flags.now }),
      scenarios: scenarios as never,
    })
  } catch (error) {
    return fail(MUTATE_ERRORS.sandbox(error instanceof Error ? error.message : String(error)))
  } finally {
    if (inherited[MUTATION_ENV] !== undefined) process.env[MUTATION_ENV] = inherited[MUTATION_ENV]
  }

  /** The endpoints the baseline run got a success from, over every sandbox it made. */
  let reached = new Set<string>()
  /** Warnings of the runs, by text: how many runs each holds for. */
  const warnings = new Map<string, number>()
  /** Runs the command once, in a session of its own under `run` (none: the baseline). */
  const runOnce = async (run: PlannedRun | undefined): Promise<{ outcome: SuiteRun; junit: FailingTest[] | undefined }> => {
    const session = await sandbox.createSession({ scenarios: scenarios as never, ...(run === undefined ? {} : { mutation: run.id }) })
    const folder = makeRunFolder()
    const junitPath = junit === undefined ? undefined : junitInCommand ? join(folder, 'junit.xml') : resolve(junit)
    const env: NodeJS.ProcessEnv = { ...inherited, [URL_ENV]: session.url, [REPORT_DIR_ENV]: folder }
    if (run === undefined) delete env[MUTATION_ENV]
    else env[MUTATION_ENV] = run.id
    const runArgs = junitInCommand
      ? args.map((arg) => (namesJunit(arg) ? `${arg.slice(0, arg.length - junit!.length)}${junitPath}` : arg))
      : args
    try {
      if (junitPath !== undefined && !junitInCommand) rmSync(junitPath, { force: true })
      const outcome = await runSuite(command, runArgs, env, flags.timeout * 1000)
      if (run === undefined) reached = new Set((await readRunReport(folder, session.adminUrl)).reached)
      let failing: FailingTest[] | undefined
      // Only a failed run has failing tests to name (a noticed mutation, a failing variant).
      if (junitPath !== undefined && (outcome.ending === 'failed' || outcome.ending === 'timed-out')) {
        const read = readJunit(junitPath, junit)
        // One line for the whole run, however many runs it holds for.
        if (typeof read === 'string') warnings.set(read, (warnings.get(read) ?? 0) + 1)
        else failing = [...read.failing]
      }
      return { outcome, junit: failing }
    } finally {
      await session.close()
      removeRunFolder(folder)
    }
  }

  let signal: 'SIGINT' | 'SIGTERM' | undefined
  const onSignal = (name: 'SIGINT' | 'SIGTERM') => () => {
    signal ??= name
    runControl.stopAll()
  }
  const onInterrupt = onSignal('SIGINT')
  const onTerminate = onSignal('SIGTERM')
  process.on('SIGINT', onInterrupt)
  process.on('SIGTERM', onTerminate)
  try {
    let baseline: SuiteRun
    try {
      baseline = (await runOnce(undefined)).outcome
    } catch (error) {
      if (error instanceof CannotStart) return fail(error.message)
      throw error
    }
    if (signal !== undefined) return signal === 'SIGINT' ? MUTATE_EXIT.interrupted : MUTATE_EXIT.terminated
    if (baseline.ending !== 'passed') {
      const output = baseline.output.length === 0 ? ['(it wrote nothing to stdout or stderr)'] : baseline.output
      return fail(MUTATE_ERRORS.baseline(baseline.ending === 'timed-out' ? 'timed out' : 'failed'), output)
    }
    // What the baseline never received cannot be noticed nor broken on: not run.
    const canReach = (run: PlannedRun) => (run.kind === 'variant' ? variantReached(run.id, reached) : reached.has(run.mutation!.endpoint))
    const toRun = plan.filter(canReach)
    const unreached = plan.filter((run) => !canReach(run)).map((run) => run.id)

    const results: Array<RunResult | undefined> = new Array(toRun.length)
    const showProgress = flags.progress === true || io.stderrIsTty === true
    let next = 0
    let finished = 0
    const worker = async () => {
      while (signal === undefined && next < toRun.length) {
        const index = next++
        const run = toRun[index]!
        const { outcome, junit: failingTests } = await runOnce(run)
        if (outcome.ending === 'stopped') continue
        const verdict = verdictOf(run, outcome.ending)
        const failing = outcome.ending !== 'passed' && run.kind === 'variant'
        const shown = failing || outcome.ending === 'timed-out'
        results[index] = {
          id: run.id,
          kind: run.kind,
          verdict,
          suite: outcome.ending === 'timed-out' ? 'timed-out' : outcome.ending === 'passed' ? 'passed' : 'failed',
          envelope: run.mutation?.envelope === true,
          ms: Math.round(outcome.ms),
          output: shown ? outcome.output : null,
          failure: shown ? findFailure(outcome.head, outcome.tail) : null,
          killed_by: verdict === 'noticed' && failingTests !== undefined ? failingTests.map((test) => test.name) : null,
          failing_tests: shown && failingTests !== undefined ? failingTests : null,
        }
        finished++
        if (showProgress) io.stderr(`[${finished}/${toRun.length}] ${run.id} ${verdict} ${(outcome.ms / 1000).toFixed(1)} s\n`)
      }
    }
    await Promise.all(Array.from({ length: Math.min(jobs, toRun.length) }, worker))
    const finishedRuns = judgeVariants(results.filter((result): result is RunResult => result !== undefined))
    const unrequested = ENDPOINT_NAMES.filter((endpoint) => !reached.has(endpoint))
    const warned = [...warnings].map(([text, runs]) => (runs === 1 ? text : `${text} (${runs} runs)`))
    const report = reportOf(finishedRuns, { unrequested, unreached, envelope, warnings: warned }, signal ?? null)
    if (signal !== undefined) {
      io.stderr(
        `analytics-sandbox mutate: stopped by ${signal} after ${finishedRuns.length} of ${toRun.length} runs; the report covers those only\n`,
      )
    }
    for (const warning of warned) io.stderr(`analytics-sandbox mutate: warning: ${printable(warning)}\n`)
    writeReport(io, flags.out, formatReport(report, plan, flags.format))
    if (signal !== undefined) return signal === 'SIGINT' ? MUTATE_EXIT.interrupted : MUTATE_EXIT.terminated
    const below = (percent: number | null, min: number | undefined) => min !== undefined && percent !== null && percent < min
    // A threshold on null passes (nothing of its kind counted), and says so: a suite that reached nothing must not look judged.
    for (const [name, percent, min] of [
      ['tolerance', report.tolerance, flags.minTolerance],
      ['sensitivity', report.sensitivity, flags.minSensitivity],
    ] as const)
      if (min !== undefined && percent === null) io.stderr(`analytics-sandbox mutate: warning: ${MUTATE_ERRORS.nullGate(name)}\n`)
    if (below(report.tolerance, flags.minTolerance)) {
      io.stderr(`analytics-sandbox mutate: tolerance ${report.tolerance!.toFixed(1)} % is below --min-tolerance ${flags.minTolerance}\n`)
      return MUTATE_EXIT.below
    }
    if (below(report.sensitivity, flags.minSensitivity)) {
      io.stderr(
        `analytics-sandbox mutate: sensitivity ${report.sensitivity!.toFixed(1)} % is below --min-sensitivity ${flags.minSensitivity}\n`,
      )
      return MUTATE_EXIT.below
    }
    return MUTATE_EXIT.ok
  } finally {
    process.off('SIGINT', onInterrupt)
    process.off('SIGTERM', onTerminate)
    await sandbox.close()
  }
}
