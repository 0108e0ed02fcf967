import { printable } from '../../vocabulary/printable.js'
import { VARIANT_PREFIX } from '../../vocabulary/variants.js'
import type { FoundFailure } from './find-failure.js'
import { endpointsOf, type PlannedRun } from './plan-runs.js'
import type { FailingTest } from './read-junit.js'

/**
 * A run's verdict: a mutation noticed (the suite failed) or not; a variant tolerated (it passed) or
 * brittle, where the suite reads a field it changes, else unjudged; or killed past the time-out.
 */
export type Verdict = 'noticed' | 'unnoticed' | 'tolerated' | 'brittle' | 'unjudged' | 'timed-out'

/** One finished run, as the json format gives it. */
export interface RunResult {
  readonly id: string
  readonly kind: PlannedRun['kind']
  readonly verdict: Verdict
  /** How the suite itself ended. */
  readonly suite: 'passed' | 'failed' | 'timed-out'
  /** A mutation of an envelope field a client may ignore: run with `--envelope`, never counted in sensitivity. */
  readonly envelope: boolean
  readonly ms: number
  /** The last 20 lines of a failing variant's or timed-out run's output; `null` for the others. */
  readonly output: readonly string[] | null
  /** Where its output tells of the first failure, for a failing variant or a timed-out run; else `null`. */
  readonly failure: FoundFailure | null
  /** With `--junit`: the tests that failed under a noticed mutation. */
  readonly killed_by: readonly string[] | null
  /** With `--junit`: every failing test of a failing variant or a timed-out run, with its first lines. */
  readonly failing_tests: readonly FailingTest[] | null
  /** Why an unjudged variant is (absent otherwise). */
  readonly unjudged?: string
}

/** What `mutate` found: the two percentages (`null` where none counts), every run, and what was not run. */
export interface MutateReport {
  readonly tolerance: number | null
  readonly sensitivity: number | null
  readonly runs: readonly RunResult[]
  /** The endpoints the suite never got a success from (in the baseline run, over all its sandboxes). */
  readonly unrequested: readonly string[]
  /** Runs not made: their endpoint's (or every changed endpoint's) success never reached the suite. */
  readonly unreached: readonly string[]
  /** Mutations of envelope fields a client may ignore, not run (without `--envelope`). */
  readonly envelope: readonly string[]
  /** Warnings of the runs (a JUnit file not written or not well-formed), one line each. */
  readonly warnings: readonly string[]
  /** The signal that stopped the runs before all were made (the figures cover the finished ones), or `null`. */
  readonly interrupted: 'SIGINT' | 'SIGTERM' | null
}

const percentOf = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 1000) / 10)

/** Mutations that count in sensitivity: not the envelope's. */
const counted = (runs: readonly RunResult[]) => runs.filter((run) => run.kind === 'mutation' && !run.envelope)

/** Variants that count in tolerance: judged ones. */
const judged = (runs: readonly RunResult[]) => runs.filter((run) => run.kind === 'variant' && run.verdict !== 'unjudged')

/**
 * How many runs were not run for want of a success, mutations and variants told apart.
 *
 * @example
 * unreachedCounts(['drop:overview:data', 'variant-trend']) // '1 mutation, 1 variant'
 */
export function unreachedCounts(ids: readonly string[]): string {
  const variants = ids.filter((id) => id.startsWith(VARIANT_PREFIX)).length
  const mutations = ids.length - variants
  const part = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`
  return [mutations > 0 ? part(mutations, 'mutation') : '', variants > 0 ? part(variants, 'variant') : ''].filter(Boolean).join(', ')
}

/**
 * The report of `runs`, in the plan's order: tolerance is the share of judged variants tolerated,
 * sensitivity the share of counted mutations (not the envelope's) noticed; a timed-out run counts
 * as noticed for a mutation, brittle for a variant.
 *
 * @example
 * const report = reportOf(results, { unrequested: [], unreached: [], envelope: [], warnings: [] })
 */
export function reportOf(
  runs: readonly RunResult[],
  apart: Pick<MutateReport, 'unrequested' | 'unreached' | 'envelope' | 'warnings'>,
  interrupted: MutateReport['interrupted'] = null,
): MutateReport {
  const variants = judged(runs)
  const mutations = counted(runs)
  return {
    tolerance: percentOf(variants.filter((run) => run.verdict === 'tolerated').length, variants.length),
    sensitivity: percentOf(mutations.filter((run) => run.verdict !== 'unnoticed').length, mutations.length),
    runs,
    ...apart,
    interrupted,
  }
}

const shown = (percent: number | null) => (percent === null ? 'none judged' : `${percent.toFixed(1)} %`)

/**
 * What the report says under a failing variant, as labelled lines: each failing test (with its
 * first lines), else the output's first failure; then the assertion line and the runner's summary;
 * else the output's last lines. Not yet printable: each form makes them so.
 */
function failureLines(run: RunResult): Array<{ readonly label: 'test' | 'line' | 'assertion' | 'summary'; readonly text: string }> {
  const lines: Array<{ label: 'test' | 'line' | 'assertion' | 'summary'; text: string }> = []
  const tests = run.failing_tests ?? []
  for (const test of tests) {
    lines.push({ label: 'test', text: test.name })
    for (const line of test.lines.slice(0, 3)) lines.push({ label: 'line', text: line })
  }
  if (tests.length === 0) for (const line of run.failure?.first ?? []) lines.push({ label: 'line', text: line })
  if (run.failure?.assertion != null) lines.push({ label: 'assertion', text: run.failure.assertion })
  if (tests.length === 0 && run.failure?.summary != null) lines.push({ label: 'summary', text: run.failure.summary })
  if (lines.length === 0) for (const line of run.output ?? []) lines.push({ label: 'line', text: line })
  return lines
}

/** The failure lines as the text form shows them, indented under their run. */
const textLines = (run: RunResult) =>
  failureLines(run).map(({ label, text }) => (label === 'line' ? `      | ${printable(text)}` : `      ${label}: ${printable(text)}`))

/** The failure lines as JUnit and markdown show them: one line each, labelled where not a plain line. */
const plainLines = (run: RunResult) => failureLines(run).map(({ label, text }) => (label === 'line' ? text : `${label}: ${text}`))

/** Why a variant is unjudged, in a reader's words. */
export const UNJUDGED_REASON = 'the suite reads none of the fields this variant changes'

/** Why a variant is unjudged where `--only` left out every mutation of the fields it changes. */
export const UNJUDGED_UNTRIED = 'no mutation of the fields this variant changes was run (--only)'

/**
 * The report as a person reads it in a terminal: each variant tolerated, brittle (its failing tests
 * and the assertion line) or unjudged; a table per endpoint of each field's mutations; what was not
 * run and why; then the two figures.
 *
 * @example
 * process.stdout.write(formatMutateText(report, plan))
 */
export function formatMutateText(report: MutateReport, plan: readonly PlannedRun[]): string {
  const byId = new Map(report.runs.map((run) => [run.id, run]))
  const lines: string[] = []
  if (report.interrupted !== null) {
    lines.push(`Stopped by ${report.interrupted} after ${report.runs.length} runs: the figures below cover those only.`, '')
  }
  const variants = report.runs.filter((run) => run.kind === 'variant')
  if (variants.length > 0) {
    lines.push('Variants (answers the real API may give): the suite should pass')
    for (const run of variants) {
      const why = run.verdict === 'unjudged' ? ` (${run.unjudged ?? UNJUDGED_REASON})` : ''
      lines.push(`  ${run.verdict.padEnd(10)} ${printable(run.id)}${why}`)
      if (run.verdict === 'brittle' || run.verdict === 'timed-out') lines.push(...textLines(run))
    }
    lines.push('')
  }
  for (const endpoint of endpointsOf(plan)) {
    const own = plan.filter((run) => run.mutation?.endpoint === endpoint && byId.has(run.id))
    if (own.length === 0) continue
    const width = Math.max(...own.map((run) => run.mutation!.path.length))
    lines.push(`/${endpoint} (mutations: the suite should fail)`)
    for (const planned of own) {
      const run = byId.get(planned.id)!
      const by = run.killed_by !== null && run.killed_by.length > 0 ? `  by ${run.killed_by.slice(0, 3).map(printable).join(', ')}` : ''
      const envelope = run.envelope ? '  (envelope: not counted)' : ''
      lines.push(`  ${planned.mutation!.kind.padEnd(7)} ${printable(planned.mutation!.path).padEnd(width)}  ${run.verdict}${by}${envelope}`)
    }
    lines.push('')
  }
  if (report.unreached.length > 0 || report.envelope.length > 0) {
    lines.push('Not run')
    if (report.unreached.length > 0) {
      const never = report.unrequested.map((endpoint) => `/${endpoint}`).join(', ')
      lines.push(`  unreached  ${unreachedCounts(report.unreached)} (the suite never got a success from ${never})`)
    }
    if (report.envelope.length > 0)
      lines.push(
        `  envelope   ${report.envelope.length} (message, code, errors, meta_data: a correct client may ignore them; --envelope runs them)`,
      )
    lines.push('')
  }
  for (const warning of report.warnings) lines.push(`warning: ${printable(warning)}`)
  if (report.warnings.length > 0) lines.push('')
  const judgedRuns = judged(report.runs)
  const unjudged = variants.length - judgedRuns.length
  const countedRuns = counted(report.runs)
  lines.push(
    judgedRuns.length === 0
      ? `tolerance   none judged (no variant was${unjudged > 0 ? `: ${unjudged} unjudged` : ' run'})`
      : `tolerance   ${shown(report.tolerance)} (${judgedRuns.filter((run) => run.verdict === 'tolerated').length} of ${judgedRuns.length} judged variants tolerated${unjudged > 0 ? `, ${unjudged} unjudged` : ''})`,
  )
  lines.push(
    countedRuns.length === 0
      ? 'sensitivity none ran (no mutation was run)'
      : `sensitivity ${report.sensitivity === null ? 'none ran' : `${report.sensitivity.toFixed(1)} %`} (${countedRuns.filter((run) => run.verdict !== 'unnoticed').length} of ${countedRuns.length} mutations noticed)`,
  )
  return `${lines.join('\n')}\n`
}

/** `text` for XML, line by line: each line made printable, the lines kept (CI tools show them). */
export const xmlText = (text: string) =>
  text
    .split('\n')
    .map((line) => printable(line))
    .join('\n')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;')

/** Whether a run is a failure of the report's JUnit and markdown forms. */
const isFailing = (run: RunResult) =>
  run.verdict === 'brittle' || run.verdict === 'timed-out' || (run.verdict === 'unnoticed' && !run.envelope)

/**
 * The report as JUnit XML: a test case per run named by its id, failed where unnoticed, brittle or
 * timed out (with the failing tests or the run's first failure lines), skipped where unjudged or
 * an envelope field's.
 *
 * @example
 * writeFileSync('mutate.xml', formatMutateJunit(report))
 */
export function formatMutateJunit(report: MutateReport): string {
  const failing = report.runs.filter(isFailing)
  const skipped = report.runs.filter(
    (run) => !isFailing(run) && (run.verdict === 'unjudged' || (run.envelope && run.verdict === 'unnoticed')),
  )
  const cases = report.runs.map((run) => {
    const head = `    <testcase classname="analytics-sandbox.mutate.${run.kind}" name="${xmlText(run.id)}" time="${(run.ms / 1000).toFixed(3)}">`
    if (skipped.includes(run)) {
      const why = run.verdict === 'unjudged' ? UNJUDGED_REASON : 'an envelope field a client may ignore'
      return `${head}\n      <skipped message="${xmlText(why)}"/>\n    </testcase>`
    }
    if (!failing.includes(run)) return `${head}</testcase>`
    const message =
      run.verdict === 'unnoticed'
        ? 'the suite passed with this field broken: it does not notice'
        : run.verdict === 'brittle'
          ? 'the suite failed on an answer the API may give'
          : 'the run was killed past --timeout'
    return `${head}\n      <failure message="${xmlText(message)}" type="${run.verdict}">${xmlText(plainLines(run).join('\n'))}</failure>\n    </testcase>`
  })
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="analytics-sandbox mutate" tests="${report.runs.length}" failures="${failing.length}" skipped="${skipped.length}">`,
    `  <testsuite name="mutate" tests="${report.runs.length}" failures="${failing.length}" errors="0" skipped="${skipped.length}">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n')
}

/** A markdown table cell: printable, pipes escaped. */
const cell = (text: string) => printable(text).replaceAll('|', '\\|')

/** Text as a markdown code span, whatever backticks it holds (a longer fence around them). */
const code = (text: string) => {
  const fence = '`'.repeat(Math.max(0, ...[...printable(text).matchAll(/`+/g)].map((run) => run[0].length)) + 1)
  return `${fence} ${printable(text)} ${fence}`
}

/**
 * The report as markdown for a CI job's page: the figures, the unnoticed fields by endpoint, the
 * brittle variants with their failing tests and assertion lines, and what was not run.
 *
 * @example
 * appendFileSync(process.env.GITHUB_STEP_SUMMARY, formatMutateMarkdown(report))
 */
export function formatMutateMarkdown(report: MutateReport): string {
  const lines = ['## analytics-sandbox mutate', '']
  lines.push(
    `| tolerance | sensitivity |`,
    `|---|---|`,
    `| ${shown(report.tolerance)} | ${report.sensitivity === null ? 'none ran' : `${report.sensitivity.toFixed(1)} %`} |`,
    '',
  )
  const brittle = report.runs.filter((run) => run.kind === 'variant' && (run.verdict === 'brittle' || run.verdict === 'timed-out'))
  if (brittle.length > 0) {
    lines.push('### Brittle variants', '')
    for (const run of brittle) {
      lines.push(`- **${cell(run.id)}** (${run.verdict})`)
      for (const line of plainLines(run)) lines.push(`  - ${code(line)}`)
    }
    lines.push('')
  }
  const unnoticed = counted(report.runs).filter((run) => run.verdict === 'unnoticed')
  if (unnoticed.length > 0) {
    lines.push('### Unnoticed mutations', '', '| endpoint | mutation |', '|---|---|')
    for (const run of unnoticed) {
      const [kind, endpoint, path] = run.id.split(':')
      lines.push(`| /${cell(endpoint ?? '')} | ${cell(`${kind} ${path}`)} |`)
    }
    lines.push('')
  }
  const unjudged = report.runs.filter((run) => run.verdict === 'unjudged')
  if (unjudged.length > 0) lines.push(`Unjudged variants (${UNJUDGED_REASON}): ${unjudged.map((run) => cell(run.id)).join(', ')}`, '')
  if (report.unreached.length > 0)
    lines.push(
      `Not run, unreached: ${unreachedCounts(report.unreached)} (never a success from ${report.unrequested.map((endpoint) => `/${endpoint}`).join(', ')})`,
      '',
    )
  if (report.envelope.length > 0) lines.push(`Not run, envelope fields: ${report.envelope.length} (\`--envelope\` runs them)`, '')
  return `${lines.join('\n')}\n`
}
