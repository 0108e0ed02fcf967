import type { BehaviourFailure, BehaviourKeyVerdict, BehaviourReport, BehaviourRuleVerdict } from '../core/behaviour/behaviour-judge.js'
import type { BehaviourVerdict } from '../vocabulary/behaviour-rules.js'
import { printable } from '../vocabulary/printable.js'
import { markdownCell as cell } from './markdown-cell.js'
import { xmlText as xml } from './xml-text.js'

/** A verdict as the text report prints it: a failure in capitals, so it shows in a CI log. */
const SHOWN: Readonly<Record<BehaviourVerdict, string>> = { pass: 'pass', fail: 'FAIL', 'not-exercised': 'not exercised' }

/** Who sent it: the key (masked), and the session where it was one. */
const whose = (key: BehaviourKeyVerdict) =>
  `${key.key === null ? '(no key)' : printable(key.key)}${
    key.session === null
      ? ''
      : key.session.startsWith('in-process')
        ? ` in ${printable(key.session)}`
        : ` in session ${printable(key.session)}`
  }`

/** `count` and `what`, plural where it is not one. */
const counted = (count: number, what: string) => `${printable(count)} ${count === 1 ? what : `${what}s`}`

/** One request of a failure, on one line: its journal id, time, method, path, status (or fault). */
const entryLine = (entry: BehaviourFailure['entries'][number]) =>
  `#${printable(entry.id)} ${printable(entry.time)} ${printable(entry.method)} ${printable(entry.path)}${entry.query === '' ? '' : `?${printable(entry.query)}`} → ${entry.status === null ? printable(entry.fault ?? 'no answer') : printable(entry.status)}`

/** A failure's message and, where a gap broke it, the gap and the least the rule wanted. */
const failureLine = (failure: BehaviourFailure) =>
  `${printable(failure.message)}${
    failure.gap_ms === null || failure.wanted_ms === null
      ? ''
      : ` (gap ${printable(failure.gap_ms)} ms, wanted ≥ ${printable(failure.wanted_ms)} ms)`
  }`

/** The figures of a report: how many rules have each verdict. */
const summaryLine = (report: BehaviourReport) =>
  `${printable(report.summary.pass)} pass, ${printable(report.summary.fail)} fail, ${printable(report.summary.not_exercised)} not exercised (${printable(report.judged)} requests judged${
    report.not_judged === 0 ? '' : `, ${printable(report.not_judged)} not: their keys came past the first 1,000 of a sandbox`
  }, at most ${printable(report.max_retries)} retries allowed)`

/** What a rule's list leaves out, where it does. */
const leftOutLine = (rule: BehaviourRuleVerdict) =>
  rule.keys_left_out === 0 ? [] : [`      … and ${counted(rule.keys_left_out, 'key')} more, not listed`]

/**
 * The verdicts as a person reads them in a CI log: the figures, then rule by rule its verdict; a
 * failing rule's keys with each failure and its requests; a rule not exercised with the scenario
 * that would exercise it.
 *
 * @example
 * process.stdout.write(formatBehaviourText(report))
 */
export function formatBehaviourText(report: BehaviourReport, title = 'Client behaviour'): string {
  const lines = [printable(title), summaryLine(report), '']
  const width = Math.max(...report.rules.map((rule) => rule.rule.length))
  for (const rule of report.rules) {
    lines.push(`  ${SHOWN[rule.verdict].padEnd(13)} ${rule.rule.padEnd(width)}  ${printable(rule.description)}`)
    if (rule.verdict === 'not-exercised' && rule.exercise !== null)
      lines.push(`  ${''.padEnd(13)} ${''.padEnd(width)}  to exercise it: ${printable(rule.exercise)}`)
    for (const key of rule.keys.filter((verdict) => verdict.verdict === 'fail')) {
      lines.push(`      ${whose(key)}: broken ${printable(key.failed)} of ${counted(Math.max(key.exercised, key.failed), 'time')}`)
      for (const failure of key.failures) {
        lines.push(`        ${failureLine(failure)}`)
        for (const entry of failure.entries) lines.push(`          ${entryLine(entry)}`)
        if (failure.more > 0) lines.push(`          … and ${printable(failure.more)} more`)
      }
    }
    lines.push(...leftOutLine(rule))
  }
  return `${lines.join('\n')}\n`
}

/** A rule's cases: one per key that met or broke it; one skipped case where no key exercised it. */
function ruleCases(rule: BehaviourRuleVerdict, strict: boolean): string[] {
  const classname = `analytics-sandbox.behaviour.${xml(rule.rule)}`
  const judged = rule.keys.filter((key) => key.verdict !== 'not-exercised')
  if (judged.length === 0)
    return [
      `    <testcase classname="${classname}" name="${xml(rule.rule)}">\n      <skipped message="${xml(`not exercised: ${rule.exercise ?? ''}`)}"/>\n    </testcase>`,
    ]
  return judged.map((key) => {
    const head = `    <testcase classname="${classname}" name="${xml(`${rule.rule} (${whose(key)})`)}">`
    if (key.verdict === 'pass') return `${head}<system-out>${xml(`kept ${counted(key.exercised, 'time')}`)}</system-out></testcase>`
    // Each line escaped on its own: printable() would show a newline as a character.
    const text = key.failures
      .map((failure) =>
        [failureLine(failure), ...failure.entries.map(entryLine), ...(failure.more > 0 ? [`… and ${failure.more} more`] : [])]
          .map(xml)
          .join('\n'),
      )
      .join('\n\n')
    const message = xml(key.failures[0] === undefined ? printable(rule.description) : failureLine(key.failures[0]))
    // A broken rule fails the case where --strict-behaviour fails the command; otherwise it is told, not failed.
    return strict
      ? `${head}\n      <failure message="${message}" type="${xml(rule.rule)}">${text}</failure>\n    </testcase>`
      : `${head}\n      <system-err>${text}</system-err>\n    </testcase>`
  })
}

/**
 * The verdicts as JUnit XML, a suite `behaviour` with a case per rule and key: kept, broken (a
 * failure with its requests when `strict`, as `--strict-behaviour` fails the command), or one
 * skipped case, with the scenario that would exercise it, for a rule no key exercised.
 *
 * @example
 * writeFileSync('behaviour.xml', formatBehaviourJunit(report, true))
 */
export function formatBehaviourJunit(report: BehaviourReport, strict: boolean): string {
  const cases = report.rules.flatMap((rule) => ruleCases(rule, strict))
  const failures = strict ? cases.filter((text) => text.includes('<failure ')).length : 0
  const skipped = cases.filter((text) => text.includes('<skipped ')).length
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="analytics-sandbox client behaviour" tests="${cases.length}" failures="${failures}">\n  <testsuite name="behaviour" tests="${cases.length}" failures="${failures}" errors="0" skipped="${skipped}">\n${cases.join('\n')}\n  </testsuite>\n</testsuites>\n`
}

/**
 * The verdicts as markdown for a CI job's page: a table of the rules, then each failure with its
 * requests.
 *
 * @example
 * appendFileSync(process.env.GITHUB_STEP_SUMMARY, formatBehaviourMarkdown(report))
 */
export function formatBehaviourMarkdown(report: BehaviourReport, title?: string): string {
  const lines = [
    '## analytics-sandbox client behaviour',
    '',
    ...(title === undefined ? [] : [cell(title), '']),
    `**${cell(summaryLine(report))}**`,
    '',
    '| rule | verdict | what it asks | to exercise it |',
    '|---|---|---|---|',
    ...report.rules.map(
      (rule) => `| ${cell(rule.rule)} | ${cell(SHOWN[rule.verdict])} | ${cell(rule.description)} | ${cell(rule.exercise ?? '')} |`,
    ),
  ]
  for (const rule of report.rules) {
    for (const key of rule.keys.filter((verdict) => verdict.verdict === 'fail')) {
      lines.push('', `### ${cell(rule.rule)}: ${cell(whose(key))}`)
      for (const failure of key.failures) {
        lines.push('', `- ${cell(failureLine(failure))}`, ...failure.entries.map((entry) => `  - \`${cell(entryLine(entry))}\``))
        if (failure.more > 0) lines.push(`  - … and ${cell(failure.more)} more`)
      }
    }
    if (rule.keys_left_out > 0) lines.push('', `${cell(rule.rule)}: … and ${cell(counted(rule.keys_left_out, 'key'))} more`)
  }
  return `${lines.join('\n')}\n`
}
