import type { ContractIssue } from '../contract/check-response.js'
import { printable } from '../vocabulary/printable.js'
import type { VerifyReport } from './verify-contract.js'

const RESULT_TEXT = { pass: 'pass', fail: 'FAIL', skip: 'skip' } as const
const WIDTH = { check: 36, field: 44, expected: 44 } as const

/** A cell: made {@link printable} (fields, values and requests may be a deployment's words), then cut or padded to `width`. */
function fit(value: unknown, width: number): string {
  const text = printable(value)
  return text.length > width ? `${text.slice(0, width - 1)}…` : text.padEnd(width)
}

/** Issues that differ only in an array index are one row, with a count: a renamed field in every project is one finding. */
function collapse(issues: readonly ContractIssue[]): Array<ContractIssue & { more: number }> {
  const rows = new Map<string, ContractIssue & { more: number }>()
  for (const issue of issues) {
    const shape = `${issue.path.replace(/\[\d+\]/g, '[]')}\u0000${issue.expected}`
    const row = rows.get(shape)
    if (row === undefined) rows.set(shape, { ...issue, more: 0 })
    else row.more++
  }
  return [...rows.values()]
}

/**
 * A verify report as a table: one row per check (check, result), and for a failed check one row
 * per difference (field, expected, received), then a summary line. No key appears in it, and no
 * control character or escape sequence a deployment sent: every value is made {@link printable}.
 *
 * @example
 * process.stdout.write(formatVerifyTable(await verifyContract(options)))
 */
export function formatVerifyTable(report: VerifyReport): string {
  const lines = [
    printable(
      `analytics-sandbox verify: ${report.baseUrl} with key ${report.key}` +
        `${report.keyLevel === undefined ? '' : ` (${report.keyLevel})`}${report.projectId === undefined ? '' : `, project ${report.projectId}`}`,
    ),
    '',
    `${fit('check', WIDTH.check)} result  ${fit('field', WIDTH.field)} ${fit('expected', WIDTH.expected)} received`,
  ]
  for (const check of report.checks) {
    const head = `${fit(check.id, WIDTH.check)} ${RESULT_TEXT[check.result].padEnd(6)}  `
    if (check.result === 'skip') lines.push(`${head}(${printable(check.note ?? 'skipped')})`)
    else if (check.result === 'pass') lines.push(`${head}${printable(check.title)}`)
    else {
      collapse(check.issues).forEach((issue, index) => {
        const received = `${printable(issue.received)}${issue.more === 0 ? '' : ` (and ${issue.more} more like it)`}`
        const start = index === 0 ? head : ' '.repeat(head.length)
        lines.push(`${start}${fit(issue.path, WIDTH.field)} ${fit(issue.expected, WIDTH.expected)} ${received}`)
      })
      lines.push(
        `${' '.repeat(head.length)}↳ ${printable(check.request ?? '')}${check.status === undefined || check.status === 0 ? '' : ` → ${check.status}`}: ${printable(check.title)}`,
      )
    }
  }
  lines.push('', `${report.checks.length} checks: ${report.passed} passed, ${report.failed} failed, ${report.skipped} skipped`, '')
  return lines.join('\n')
}
