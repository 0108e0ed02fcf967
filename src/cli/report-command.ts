import { StringDecoder } from 'node:string_decoder'
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander'
import { readPositiveId } from '../vocabulary/read-positive-id.js'
import { formatHints, oneLineErrors } from './one-line-error.js'
import { percentOption } from './flag-readers.js'
import { COVERAGE_SCOPES, type CoverageReport, type CoverageScope } from '../core/report/coverage.js'
import { printable } from '../vocabulary/printable.js'
import { readBoundedBody } from '../vocabulary/read-bounded-body.js'
import { stringifyPrintable } from '../vocabulary/stringify-printable.js'
import { formatCoverageJunit, formatCoverageMarkdown, formatCoverageText } from './format-coverage.js'
import { formatBehaviourJunit, formatBehaviourMarkdown, formatBehaviourText } from './format-behaviour.js'
import type { BehaviourReport } from '../core/behaviour/behaviour-judge.js'
import { existsSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { startSandbox } from '../server/start-sandbox.js'
import { REPORT_BEHAVIOUR_ENV, REPORT_DIR_ENV } from '../server/run-report.js'
import { MUTATION_ENV } from '../vocabulary/mutations.js'
import { CannotStart, runControl, runSuite, type SuiteRun } from './mutate/run-suite.js'
import { makeRunFolder, readBehaviourUnion, readRunReport, removeRunFolder } from './run-union.js'
import { URL_ENV } from './mutate-command.js'
import type { VerifyOutput } from './verify-command.js'
import { optionOf } from './option-of.js'
import { OPTIONS } from '../vocabulary/options.js'

/**
 * Exit codes of `analytics-sandbox report`: all good; below `--min-coverage` or warnings with
 * `--fail-on-warnings`; the command's own usage mistake, or a sandbox it could not read.
 *
 * @example
 * if (status === REPORT_EXIT.failed) console.error('the client suite missed outcomes')
 */
export const REPORT_EXIT = { ok: 0, failed: 1, usage: 2 } as const

/**
 * Bytes of the coverage answer read at most. A client report, every outcome of the catalogue with
 * its example and every kind of warning, is a few tens of kB, so this leaves room for a catalogue
 * many times larger; a server that answers more is no sandbox, and one that streams without end
 * must not fill the client's memory. The request is aborted as soon as the answer passes it (at
 * once, when its Content-Length says it will).
 *
 * @example
 * REPORT_ERRORS.tooLarge(url) // names MAX_REPORT_BYTES in MiB
 */
export const MAX_REPORT_BYTES = 8 * 1024 * 1024

/**
 * Why `report` exits 2, as templates the tests import. Each is printed as one line on stderr after
 * `analytics-sandbox report: `, made printable as a whole, since a URL or a server's words are in
 * some of them.
 *
 * @example
 * REPORT_ERRORS.tooLarge('http://127.0.0.1:4010/__sandbox/coverage')
 * // 'http://127.0.0.1:4010/__sandbox/coverage answered more than 8 MiB, more than a client report: not read further'
 */
export const REPORT_ERRORS = {
  notUrl: (url: string) => `--url ${JSON.stringify(url)} is not a URL, such as http://127.0.0.1:4010/api/v1/`,
  notHttp: (protocol: string) => `--url must be an http:// URL (got ${protocol})`,
  unreachable: (url: string, reason: string) => `cannot reach ${url}: ${reason}`,
  unreadable: (url: string, reason: string) => `cannot read the answer of ${url}: ${reason}`,
  tooLarge: (url: string) => `${url} answered more than ${MAX_REPORT_BYTES / 1024 / 1024} MiB, more than a client report: not read further`,
  notJson: (url: string, status: number) => `${url} answered ${status} with no JSON: is a sandbox there?`,
  refused: (url: string, status: number, why: string) => `${url} answered ${status}: ${why}`,
  adminToken: 'the sandbox has an admin token: give it with --admin-token or ANALYTICS_SANDBOX_ADMIN_TOKEN',
  notReport: 'not a client report',
  noCommand: 'no command after --: give the test command to run, such as analytics-sandbox report -- npx vitest run',
  urlOrCommand: 'give --url <base url> (a running sandbox) or -- <command> (a suite to run), not both and not neither',
  outFolder: (path: string) => `--out ${JSON.stringify(path)}: its folder does not exist`,
  commandFailed: (ending: string) => `the command ${ending}: the report covers what it did`,
  behaviourFailed: (rules: number) => `${rules === 1 ? '1 rule' : `${rules} rules`} of behaviour failed, with --strict-behaviour`,
  /** The report's title under `report -- <command>`: what it covers, and where its curl lines point. */
  behaviourTitle: (command: string) => `Client behaviour of ${command}, every session it made`,
  commandTitle: (command: string) =>
    `Client report of ${command}, every sandbox it made (curl lines name a sandbox at ${REPORT_EXAMPLE_BASE})`,
} as const

/** The formats `--format` takes. */
export const REPORT_FORMATS = ['text', 'json', 'junit', 'markdown'] as const

/** The base URL a command's report shows its examples against: the run's own sandbox is gone by then. */
export const REPORT_EXAMPLE_BASE = 'http://127.0.0.1:4010/api/v1/'

interface ReportFlags {
  url?: string
  out?: string
  scope: CoverageScope
  minCoverage?: number
  failOnWarnings?: boolean
  format: (typeof REPORT_FORMATS)[number]
  adminToken?: string
  timeout: number
  behaviour?: boolean
  strictBehaviour?: boolean
  maxRetries: number
}

/** A mistake of the run itself (bad URL, no sandbox there): exit 2. */
class ReportError extends Error {}

function parseTimeout(text: string): number {
  // Written plainly (no sign, no leading zero), as an id is, and at most the flag's most.
  const value = readPositiveId(text)
  if (value === undefined || value > OPTIONS.timeout.max)
    throw new InvalidArgumentError('--timeout must be a whole number of milliseconds.')
  return value
}

/**
 * Where a sandbox's report is, from any of its URLs: `http://host:port`, the API's base
 * (`…/api/v1/`), or a session's (`…/sessions/<id>/api/v1/`); and the API's base for the examples.
 *
 * @example
 * reportUrls('http://127.0.0.1:4010/api/v1/') // { coverage: 'http://127.0.0.1:4010/__sandbox/coverage', behaviour: '…/__sandbox/behaviour', base: 'http://127.0.0.1:4010/api/v1/' }
 * reportUrls('http://127.0.0.1:4010/__sandbox/').coverage // the same
 */
export function reportUrls(url: string): { readonly coverage: string; readonly behaviour: string; readonly base: string } {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new ReportError(REPORT_ERRORS.notUrl(url))
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new ReportError(REPORT_ERRORS.notHttp(parsed.protocol))
  // The API's base, the admin API's or the bare origin: what comes before either is the sandbox (or a session).
  const at = parsed.pathname.search(/\/(?:api\/v1|__sandbox)(?:\/|$)/)
  const prefix = (at < 0 ? parsed.pathname : parsed.pathname.slice(0, at)).replace(/\/+$/, '')
  return {
    coverage: `${parsed.origin}${prefix}/__sandbox/coverage`,
    behaviour: `${parsed.origin}${prefix}/__sandbox/behaviour`,
    base: `${parsed.origin}${prefix}/api/v1/`,
  }
}

/** Why a request failed, in the words of its cause where it has one (`ECONNREFUSED`…). */
function reasonOf(error: unknown): string {
  return (error as Error).cause instanceof Error ? ((error as Error).cause as Error).message : (error as Error).message
}

async function fetchReport<Report = CoverageReport>(url: string, flags: ReportFlags, query = `scope=${flags.scope}`): Promise<Report> {
  let response: Response
  try {
    response = await fetch(`${url}?${query}`, {
      headers: flags.adminToken === undefined ? {} : { 'x-sandbox-admin-token': flags.adminToken },
      signal: AbortSignal.timeout(flags.timeout),
    })
  } catch (error) {
    throw new ReportError(REPORT_ERRORS.unreachable(url, reasonOf(error)))
  }
  let text: string | undefined
  try {
    text = await readBoundedBody(response, MAX_REPORT_BYTES)
  } catch (error) {
    throw new ReportError(REPORT_ERRORS.unreadable(url, reasonOf(error)))
  }
  if (text === undefined) throw new ReportError(REPORT_ERRORS.tooLarge(url))
  let envelope: { success?: boolean; data?: Report; errors?: { detail?: string; error?: string } } | null
  try {
    envelope = JSON.parse(text) as typeof envelope
  } catch {
    throw new ReportError(REPORT_ERRORS.notJson(url, response.status))
  }
  if (response.status !== 200 || envelope?.success !== true || envelope.data === undefined) {
    const why =
      envelope?.errors?.error === 'admin_token_required'
        ? REPORT_ERRORS.adminToken
        : String(envelope?.errors?.detail ?? envelope?.errors?.error ?? REPORT_ERRORS.notReport)
    throw new ReportError(REPORT_ERRORS.refused(url, response.status, why))
  }
  return envelope.data
}

function createReportProgram(output: VerifyOutput, run: (flags: ReportFlags, command: Command) => Promise<void>): Command {
  return new Command('analytics-sandbox report')
    .description(
      "The client report of a running sandbox: which of the API's outcomes the requests it answered met (each missing one with a request that produces it), and which requests the real API would probably misread.",
    )
    .addOption(new Option('--url <url>', "the sandbox's base URL (http://127.0.0.1:4010/api/v1/, or a session's); or -- <command> instead"))
    .addOption(
      new Option('--scope <scope>', 'suite: since the start, across resets and every session (ended ones too); reset: since the last reset')
        .choices(COVERAGE_SCOPES)
        .default('suite'),
    )
    .addOption(new Option('--min-coverage <percent>', 'exit 1 when fewer outcomes were met').argParser(percentOption('--min-coverage')))
    .addOption(new Option('--fail-on-warnings', 'exit 1 when any request got a warning'))
    .addOption(
      new Option('--format <format>', 'text, json (the admin answer’s data), junit (JUnit XML) or markdown')
        .choices(REPORT_FORMATS)
        .default('text'),
    )
    .addOption(new Option('--behaviour', "report the verdicts on the client's behaviour (retries, Retry-After, dead keys…) instead"))
    .addOption(new Option('--strict-behaviour', 'the same, and exit 1 when a rule of behaviour fails (in JUnit: a failed case)'))
    .addOption(optionOf('maxRetries'))
    .addOption(optionOf('out'))
    .addOption(optionOf('adminToken'))
    .addOption(new Option('--timeout <ms>', 'for reading the report').default(10_000).argParser(parseTimeout))
    .addHelpText(
      'after',
      `
Exit status: 0 all good, 1 below --min-coverage, warnings with --fail-on-warnings, a behaviour fail with
--strict-behaviour or a command that failed, 2 a usage mistake or no report at --url.

With -- <command>: runs the command once (ANALYTICS_SANDBOX_URL names a session of its own) and reports everything
every sandbox it made answered: the bin, startSandbox, createSandbox and their sessions.

Examples:
  $ analytics-sandbox report -- npx vitest run
  $ analytics-sandbox report --url http://127.0.0.1:4010/api/v1/
  $ analytics-sandbox report --url http://127.0.0.1:4010/api/v1/ --min-coverage 80 --format junit > report.xml
  $ analytics-sandbox report --strict-behaviour -- npx vitest run`,
    )
    .configureOutput({ writeOut: output.stdout, ...oneLineErrors('analytics-sandbox report', output.stderr, formatHints(REPORT_FORMATS)) })
    .exitOverride()
    .action(run)
}

/** The client report of everything `command` did: a session of its own, and what every sandbox it made left in the run's folder. */
async function reportOfCommand(
  command: string,
  args: readonly string[],
  stderr: (text: string) => void,
  maxRetries: number | undefined,
): Promise<{ report: CoverageReport; behaviour: BehaviourReport | undefined; ending: string; code: number | null }> {
  const sandbox = await startSandbox({ port: 0 })
  const session = await sandbox.createSession({})
  const folder = makeRunFolder()
  const stop = () => runControl.stopAll()
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
  try {
    const env: NodeJS.ProcessEnv = { ...process.env, [URL_ENV]: session.url, [REPORT_DIR_ENV]: folder }
    // Its sandboxes leave their verdicts too, where they are asked for.
    if (maxRetries !== undefined) env[REPORT_BEHAVIOUR_ENV] = String(maxRetries)
    else delete env[REPORT_BEHAVIOUR_ENV]
    delete env[MUTATION_ENV]
    let run: SuiteRun
    try {
      // Its output goes to stderr as it comes, so stdout holds the report alone.
      const decoder = new StringDecoder('utf8')
      run = await runSuite(command, args, env, COMMAND_TIMEOUT_MS, (chunk) => stderr(decoder.write(chunk)))
    } catch (error) {
      if (error instanceof CannotStart) throw new ReportError(error.message)
      throw error
    }
    // The verdicts of the run's session and the sessions made there (what every client that took
    // ANALYTICS_SANDBOX_URL sent), and of every sandbox the command made in its own processes.
    const behaviour =
      maxRetries === undefined
        ? undefined
        : readBehaviourUnion(
            folder,
            (
              (await (await fetch(`${session.adminUrl}behaviour?scope=suite&max_retries=${maxRetries}`)).json()) as {
                data: BehaviourReport
              }
            ).data,
          )
    return { report: await readRunReport(folder, session.adminUrl), behaviour, ending: run.ending, code: run.code }
  } finally {
    process.off('SIGINT', stop)
    process.off('SIGTERM', stop)
    removeRunFolder(folder)
    await session.close()
    await sandbox.close()
  }
}

/** Why a command's run fails the report: how it ended. */
const commandFailed = (ending: string, code: number | null) =>
  REPORT_ERRORS.commandFailed(
    ending === 'timed-out' ? 'timed out' : ending === 'stopped' ? 'was stopped' : `failed (exit ${code ?? 'by a signal'})`,
  )

/** How long `report -- <command>` lets the command run: a day (a suite is stopped by Ctrl-C instead). */
const COMMAND_TIMEOUT_MS = 86_400_000

/** Writes the verdicts on the client's behaviour in the format asked; gives why they fail the report (a rule failed, with --strict-behaviour). */
function writeBehaviour(
  behaviour: BehaviourReport,
  flags: ReportFlags,
  write: (text: string) => void,
  base: string,
  title: string | undefined,
): string[] {
  const strict = flags.strictBehaviour === true
  if (flags.format === 'json') write(`${stringifyPrintable(behaviour)}\n`)
  else if (flags.format === 'junit') write(formatBehaviourJunit(behaviour, strict))
  else if (flags.format === 'markdown') write(formatBehaviourMarkdown(behaviour, title))
  else write(formatBehaviourText(behaviour, title ?? `Client behaviour at ${base}`))
  const failed = behaviour.summary.fail
  return strict && failed > 0 ? [REPORT_ERRORS.behaviourFailed(failed)] : []
}

/** Writes the client report in the format asked; gives why it fails the report (--min-coverage, --fail-on-warnings). */
function writeCoverage(
  report: CoverageReport,
  flags: ReportFlags,
  write: (text: string) => void,
  base: string,
  title: string | undefined,
): string[] {
  const failOnWarnings = flags.failOnWarnings === true
  if (flags.format === 'json') write(`${stringifyPrintable(report)}\n`)
  else if (flags.format === 'junit') write(formatCoverageJunit(report, base, { failOnWarnings, minCoverage: flags.minCoverage }))
  else if (flags.format === 'markdown') write(formatCoverageMarkdown(report, base, title))
  else write(formatCoverageText(report, base, title))
  const reasons: string[] = []
  if (flags.minCoverage !== undefined && report.percent < flags.minCoverage) {
    reasons.push(`${report.percent.toFixed(1)} % of outcomes met, below --min-coverage ${flags.minCoverage}`)
  }
  if (failOnWarnings && report.warnings.length > 0) {
    reasons.push(`${report.warnings.length === 1 ? '1 kind' : `${report.warnings.length} kinds`} of warning, with --fail-on-warnings`)
  }
  return reasons
}

/**
 * The `analytics-sandbox report` command: reads `GET /__sandbox/coverage` (with `--behaviour`,
 * `GET /__sandbox/behaviour`) of the sandbox at `--url`, or of the session a command ran under,
 * and prints it as text, JSON, JUnit XML or markdown. Resolves with the exit status ({@link REPORT_EXIT}).
 *
 * @example
 * process.exitCode = await runReport(['--url', url, '--min-coverage', '80'], { stdout: (text) => process.stdout.write(text), stderr: (text) => process.stderr.write(text) })
 */
export async function runReport(argv: readonly string[], output: VerifyOutput): Promise<number> {
  let status: number = REPORT_EXIT.ok
  const split = argv.indexOf('--')
  const args = split < 0 ? argv : argv.slice(0, split)
  const [command, ...commandArgs] = split < 0 ? [] : argv.slice(split + 1)
  const program = createReportProgram(output, async (flags, parsed) => {
    if (split >= 0 && (command === undefined || command === '')) throw new ReportError(REPORT_ERRORS.noCommand)
    if ((flags.url === undefined) === split < 0) throw new ReportError(REPORT_ERRORS.urlOrCommand)
    if (flags.out !== undefined && !existsSync(dirname(resolve(flags.out)))) throw new ReportError(REPORT_ERRORS.outFolder(flags.out))
    const write = (text: string) => (flags.out === undefined ? output.stdout(text) : writeFileSync(flags.out, text))
    // --max-retries given asks for the verdicts too: it says nothing of the client report.
    const behaviourWanted =
      flags.behaviour === true || flags.strictBehaviour === true || parsed.getOptionValueSource('maxRetries') === 'cli'
    const behaviourQuery = behaviourWanted ? `scope=${flags.scope}&max_retries=${flags.maxRetries}` : undefined
    let report: CoverageReport | undefined
    let behaviour: BehaviourReport | undefined
    let base: string
    let ending = 'passed'
    let code: number | null = 0
    let title: string | undefined
    if (flags.url !== undefined) {
      const urls = reportUrls(flags.url)
      if (behaviourQuery === undefined) report = await fetchReport(urls.coverage, flags)
      else behaviour = await fetchReport<BehaviourReport>(urls.behaviour, flags, behaviourQuery)
      base = urls.base
    } else {
      ;({ report, behaviour, ending, code } = await reportOfCommand(
        command!,
        commandArgs,
        output.stderr,
        behaviourQuery === undefined ? undefined : flags.maxRetries,
      ))
      base = REPORT_EXAMPLE_BASE
      const shown = [command!, ...commandArgs].join(' ')
      title = behaviourQuery === undefined ? REPORT_ERRORS.commandTitle(shown) : REPORT_ERRORS.behaviourTitle(shown)
    }
    const reasons = ending === 'passed' ? [] : [commandFailed(ending, code)]
    if (behaviour !== undefined) reasons.push(...writeBehaviour(behaviour, flags, write, base, title))
    else reasons.push(...writeCoverage(report!, flags, write, base, title))
    for (const reason of reasons) output.stderr(`analytics-sandbox report: ${printable(reason)}\n`)
    status = reasons.length > 0 ? REPORT_EXIT.failed : REPORT_EXIT.ok
  })
  try {
    await program.parseAsync([...args], { from: 'user' })
    return status
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? REPORT_EXIT.ok : REPORT_EXIT.usage
    // A URL, a server's detail or its report's values may be in it: one line, nothing a terminal acts on.
    output.stderr(`analytics-sandbox report: ${printable((error as Error).message)}\n`)
    return REPORT_EXIT.usage
  }
}
