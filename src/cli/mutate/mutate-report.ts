import { printable } from '../../vocabulary/printable.js'
import { endpointsOf, type PlannedRun } from './plan-runs.js'

/** A run's verdict: a mutation noticed (the suite failed) or not; a variant tolerated (it passed) or not; or killed past the time-out. */
export type Verdict = 'noticed' | 'unnoticed' | 'tolerated' | 'brittle' | 'timed-out'

/** One finished run, as the json format gives it. */
export interface RunResult {
  readonly id: string
  readonly kind: PlannedRun['kind']
  readonly verdict: Verdict
  readonly ms: number
  /** The last 20 lines of a brittle or timed-out run's output; `null` for the others. */
  readonly output: readonly string[] | null
}

/** What `mutate` found: the two percentages (`null` where no run of the kind ran) and every run. */
export interface MutateReport {
  readonly tolerance: number | null
  readonly sensitivity: number | null
  readonly runs: readonly RunResult[]
  /** The endpoints the suite never got a success from (in the baseline run): their mutations cannot be noticed. */
  readonly unrequested: readonly string[]
  /** The signal that stopped the runs before all were made (the figures cover the finished ones), or `null`. */
  readonly interrupted: 'SIGINT' | 'SIGTERM' | null
}

const percentOf = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 1000) / 10)

/**
 * The report of `runs`, in the plan's order: tolerance is the share of variants tolerated,
 * sensitivity the share of mutations noticed (a timed-out run counts as noticed for a mutation,
 * brittle for a variant).
 *
 * @example
 * const report = reportOf(results) // { tolerance: 83.3, sensitivity: 61.5, runs }
 */
export function reportOf(
  runs: readonly RunResult[],
  unrequested: readonly string[] = [],
  interrupted: MutateReport['interrupted'] = null,
): MutateReport {
  const variants = runs.filter((run) => run.kind === 'variant')
  const mutations = runs.filter((run) => run.kind === 'mutation')
  return {
    tolerance: percentOf(variants.filter((run) => run.verdict === 'tolerated').length, variants.length),
    sensitivity: percentOf(mutations.filter((run) => run.verdict !== 'unnoticed').length, mutations.length),
    runs,
    unrequested,
    interrupted,
  }
}

const shown = (percent: number | null) => (percent === null ? 'none ran' : `${percent.toFixed(1)} %`)

/**
 * The report as a person reads it in a terminal: a table per endpoint (each field's mutations,
 * noticed or unnoticed), each variant tolerated or brittle with the failing output's first lines,
 * then the two percentages.
 *
 * @example
 * process.stdout.write(formatMutateText(report, plan))
 */
export function formatMutateText(report: MutateReport, plan: readonly PlannedRun[]): string {
  const byId = new Map(report.runs.map((run) => [run.id, run]))
  const lines: string[] = []
  if (report.interrupted !== null) {
    lines.push(
      `Stopped by ${report.interrupted} after ${report.runs.length} of ${plan.length} runs: the figures below cover those only.`,
      '',
    )
  }
  const variants = plan.filter((run) => run.kind === 'variant')
  if (variants.length > 0) {
    lines.push('Variants (answers the real API may give): the suite should pass')
    for (const { id } of variants) {
      const run = byId.get(id)
      if (run === undefined) continue
      lines.push(`  ${run.verdict.padEnd(10)} ${printable(id)}`)
      // The last lines the run wrote, where a failing assertion says why.
      if (run.output !== null) for (const line of run.output) lines.push(`      | ${printable(line)}`)
    }
    lines.push('')
  }
  for (const endpoint of endpointsOf(plan)) {
    // Only what ran: an interrupted report shows no empty table.
    const own = plan.filter((run) => run.mutation?.endpoint === endpoint && byId.has(run.id))
    if (own.length === 0) continue
    const width = Math.max(...own.map((run) => run.mutation!.path.length))
    const never = report.unrequested.includes(endpoint) ? ': the suite never got a success from it, so none can be noticed' : ''
    lines.push(`/${endpoint} (mutations: the suite should fail)${never}`)
    for (const planned of own) {
      const run = byId.get(planned.id)
      if (run === undefined) continue
      lines.push(`  ${planned.mutation!.kind.padEnd(7)} ${printable(planned.mutation!.path).padEnd(width)}  ${run.verdict}`)
    }
    lines.push('')
  }
  const count = (kind: PlannedRun['kind'], good: (run: RunResult) => boolean) => {
    const own = report.runs.filter((run) => run.kind === kind)
    return `${own.filter(good).length} of ${own.length}`
  }
  lines.push(`tolerance   ${shown(report.tolerance)} (${count('variant', (run) => run.verdict === 'tolerated')} variants tolerated)`)
  lines.push(`sensitivity ${shown(report.sensitivity)} (${count('mutation', (run) => run.verdict !== 'unnoticed')} mutations noticed)`)
  return `${lines.join('\n')}\n`
}

/** `text` for XML, line by line: each line made printable, the lines kept (CI tools show them). */
const xml = (text: string) =>
  text
    .split('\n')
    .map((line) => printable(line))
    .join('\n')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;')

/**
 * The report as JUnit XML: a test case per run named by its id, failed where unnoticed, brittle
 * or timed out (with the run's last lines where it has them).
 *
 * @example
 * writeFileSync('mutate.xml', formatMutateJunit(report))
 */
export function formatMutateJunit(report: MutateReport): string {
  const failing = report.runs.filter((run) => run.verdict === 'unnoticed' || run.verdict === 'brittle' || run.verdict === 'timed-out')
  const cases = report.runs.map((run) => {
    const head = `    <testcase classname="analytics-sandbox.mutate.${run.kind}" name="${xml(run.id)}" time="${(run.ms / 1000).toFixed(3)}">`
    if (!failing.includes(run)) return `${head}</testcase>`
    const message =
      run.verdict === 'unnoticed'
        ? 'the suite passed with this field broken: it does not notice'
        : run.verdict === 'brittle'
          ? 'the suite failed on an answer the API may give'
          : 'the run was killed past --timeout'
    return `${head}\n      <failure message="${xml(message)}" type="${run.verdict}">${xml((run.output ?? []).join('\n'))}</failure>\n    </testcase>`
  })
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="analytics-sandbox mutate" tests="${report.runs.length}" failures="${failing.length}">`,
    `  <testsuite name="mutate" tests="${report.runs.length}" failures="${failing.length}" errors="0" skipped="0">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n')
}
