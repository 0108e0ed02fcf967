import type { CoverageReport, CoveredOutcome } from '../core/report/coverage.js'
import { xmlText as xml } from './xml-text.js'
import { markdownCell as cell } from './markdown-cell.js'
import type { OutcomeExample } from '../core/report/outcome-examples.js'
import { printable } from '../vocabulary/printable.js'
import { shellQuote } from '../vocabulary/shell-quote.js'

/**
 * An outcome's example as a curl line against `baseUrl` (the API's base, ending in `/api/v1/`),
 * every word quoted for a POSIX shell. The example came from a server: each of its texts is made
 * {@link printable} before it is quoted, so the line is one line and no escape sequence in it
 * can act on the terminal or take a quote with it.
 *
 * @example
 * exampleAsCurl(outcome.example, 'http://127.0.0.1:4010/api/v1/')
 * // "curl -H 'X-API-Key: sbx_user_alpha' 'http://127.0.0.1:4010/api/v1/projects'"
 */
export function exampleAsCurl(example: OutcomeExample, baseUrl: string): string {
  // URLSearchParams percent-encodes every control character of the query.
  const search = new URLSearchParams(example.query).toString()
  const url = printable(`${baseUrl}${example.path}${search === '' ? '' : `?${search}`}`)
  const headers = Object.entries(example.headers).map(([name, value]) => `-H ${shellQuote(printable(`${name}: ${value}`))} `)
  return `curl ${headers.join('')}${shellQuote(url)}`
}

/** `n things`, `1 thing`, `no things`. */
function counted(count: number, what: string): string {
  return count === 0 ? `no ${what}s` : count === 1 ? `1 ${what}` : `${printable(count)} ${what}s`
}

/**
 * What an outcome is, in a few words: `200 USER key, 0 dates`, `400 invalid_date`, `500`; each
 * value the server sent made {@link printable}, as every one below (the report is a server's).
 */
function outcomeName(outcome: CoveredOutcome): string {
  // A variant or a fault is named by its scenario.
  if (outcome.endpoint === null) return printable(outcome.id)
  const status = printable(outcome.status)
  if (outcome.key_level !== null) {
    const dates = outcome.dates === null ? '' : outcome.dates === 'some' ? ', with data' : ', 0 dates'
    return `${status} ${printable(outcome.key_level)} key${dates}`
  }
  return outcome.error === null ? status : `${status} ${printable(outcome.error)}`
}

/**
 * The report as a person reads it in a CI log: the totals, then endpoint by endpoint each outcome
 * as met (with how often) or missing (with a curl line that produces it), then the warnings.
 *
 * @example
 * process.stdout.write(formatCoverageText(report, 'http://127.0.0.1:4010/api/v1/'))
 */
export function formatCoverageText(report: CoverageReport, baseUrl: string, title = `Client report for ${baseUrl}`): string {
  const lines = [
    printable(title),
    `${printable(report.covered)} of ${printable(report.total)} outcomes met (${printable(report.percent.toFixed(1))} %); ${counted(
      report.warnings.reduce((sum, warning) => sum + warning.count, 0),
      'warning',
    )}`,
  ]
  const width = Math.max(...report.outcomes.map((outcome) => outcomeName(outcome).length))
  let endpoint: string | null = ''
  for (const outcome of report.outcomes) {
    if (outcome.endpoint !== endpoint) {
      endpoint = outcome.endpoint
      lines.push('', endpoint === null ? "Production's surprises (any endpoint)" : `/${printable(endpoint)}`)
    }
    const name = outcomeName(outcome).padEnd(width)
    lines.push(
      outcome.seen > 0 ? `  met     ${name}  ${printable(outcome.seen)}×` : `  MISSING ${name}  ${exampleAsCurl(outcome.example, baseUrl)}`,
    )
  }
  if (report.warnings.length > 0) {
    lines.push('', 'Warnings (requests the real API answers, but probably not as meant)')
    for (const warning of report.warnings) {
      lines.push(
        `  ${printable(warning.code)} ×${printable(warning.count)}: ${printable(warning.detail)} (first: journal id ${printable(warning.request_id)})`,
      )
    }
  }
  return `${lines.join('\n')}\n`
}

/** The suite of the variants and faults, which concern no endpoint in particular. */
const SURPRISES_SUITE = 'surprises'

/**
 * The report as JUnit XML, so a CI system shows outcomes as test cases: a suite per endpoint, a
 * case per outcome, and a `warnings` suite. A case fails only where the command fails: an outcome
 * never met fails when the report is below `minCoverage` (otherwise it is skipped, its curl line
 * as the reason), a warning when `failOnWarnings`.
 *
 * @example
 * writeFileSync('report.xml', formatCoverageJunit(report, baseUrl, { failOnWarnings: false, minCoverage: 80 }))
 */
export function formatCoverageJunit(
  report: CoverageReport,
  baseUrl: string,
  { failOnWarnings, minCoverage }: { readonly failOnWarnings: boolean; readonly minCoverage: number | undefined },
): string {
  const failMissing = minCoverage !== undefined && report.percent < minCoverage
  const suites: string[] = []
  const endpoints = [...new Set(report.outcomes.map((outcome) => outcome.endpoint))]
  for (const endpoint of endpoints) {
    const outcomes = report.outcomes.filter((outcome) => outcome.endpoint === endpoint)
    const missing = outcomes.filter((outcome) => outcome.seen === 0).length
    const cases = outcomes.map((outcome) => {
      const head = `    <testcase classname="analytics-sandbox.${xml(endpoint ?? SURPRISES_SUITE)}" name="${xml(`${outcomeName(outcome)} (${printable(outcome.id)})`)}">`
      if (outcome.seen > 0) return `${head}<system-out>${xml(counted(outcome.seen, 'answer'))}</system-out></testcase>`
      const message = xml(`never met: ${printable(outcome.description)}`)
      const curl = xml(exampleAsCurl(outcome.example, baseUrl))
      return failMissing
        ? `${head}\n      <failure message="${message}" type="missing_outcome">${curl}</failure>\n    </testcase>`
        : `${head}\n      <skipped message="${message}">${curl}</skipped>\n    </testcase>`
    })
    const [failures, skipped] = failMissing ? [missing, 0] : [0, missing]
    suites.push(
      `  <testsuite name="${endpoint === null ? SURPRISES_SUITE : `/${xml(endpoint)}`}" tests="${outcomes.length}" failures="${failures}" errors="0" skipped="${skipped}">\n${cases.join('\n')}\n  </testsuite>`,
    )
  }
  const warnings = report.warnings.map((warning) => {
    const head = `    <testcase classname="analytics-sandbox.warnings" name="${xml(warning.code)}">`
    const text = xml(`${printable(warning.count)}×: ${printable(warning.detail)} (first: journal id ${printable(warning.request_id)})`)
    return failOnWarnings
      ? `${head}\n      <failure message="${xml(warning.detail)}" type="${xml(warning.code)}">${text}</failure>\n    </testcase>`
      : `${head}<system-out>${text}</system-out></testcase>`
  })
  suites.push(
    `  <testsuite name="warnings" tests="${warnings.length}" failures="${failOnWarnings ? warnings.length : 0}" errors="0" skipped="0">${warnings.length === 0 ? '' : `\n${warnings.join('\n')}\n  `}</testsuite>`,
  )
  const failures = (failMissing ? report.total - report.covered : 0) + (failOnWarnings ? warnings.length : 0)
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="analytics-sandbox client report" tests="${xml(report.total + warnings.length)}" failures="${xml(failures)}">\n${suites.join('\n')}\n</testsuites>\n`
}

/**
 * The client report as markdown for a CI job's page: the figure, each endpoint's outcomes met or
 * missing (with a request that produces each missing one), and the warnings.
 *
 * @example
 * appendFileSync(process.env.GITHUB_STEP_SUMMARY, formatCoverageMarkdown(report, 'http://127.0.0.1:4010/api/v1/'))
 */
export function formatCoverageMarkdown(report: CoverageReport, baseUrl: string, title?: string): string {
  const lines = [
    '## analytics-sandbox client report',
    '',
    ...(title === undefined ? [] : [cell(title), '']),
    `**${cell(report.covered)} of ${cell(report.total)} outcomes met (${cell(report.percent.toFixed(1))} %)**; endpoints that answered a success: ${report.reached.length === 0 ? 'none' : report.reached.map((endpoint) => `/${cell(endpoint)}`).join(', ')}`,
    '',
    '| endpoint | outcome | seen | to meet it |',
    '|---|---|---|---|',
  ]
  for (const outcome of report.outcomes) {
    const example = outcome.seen > 0 ? '' : `\`${cell(exampleAsCurl(outcome.example, baseUrl))}\``
    lines.push(
      `| ${outcome.endpoint === null ? '(any)' : `/${cell(outcome.endpoint)}`} | ${cell(outcomeName(outcome))} | ${cell(outcome.seen)} | ${example} |`,
    )
  }
  if (report.warnings.length > 0) {
    lines.push('', '### Warnings', '')
    for (const warning of report.warnings) lines.push(`- \`${cell(warning.code)}\` × ${cell(warning.count)}: ${cell(warning.detail)}`)
  }
  return `${lines.join('\n')}\n`
}
