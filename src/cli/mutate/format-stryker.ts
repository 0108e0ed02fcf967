import { readFileSync } from 'node:fs'
import { MUTATION_BY_ID } from '../../vocabulary/mutations.js'
import type { MutateReport, RunResult } from './mutate-report.js'

/** The file the mutants stand in: the public API's OpenAPI document, which the package ships at its root. */
export const STRYKER_FILE = 'openapi.json'

/** The OpenAPI document's text, read once. */
let documentText: string | undefined
function openapiText(): string {
  documentText ??= readFileSync(new URL('../../../openapi.json', import.meta.url), 'utf8')
  return documentText
}

/** Where a field's schema property is in the document: the first line naming it as a property (line 1 where none does). */
function locate(lines: readonly string[], path: string): { line: number; column: number; end: number } {
  const name = path.split('.').at(-1)!.replace(/\[\]$/, '')
  const key = `"${name}": {`
  // In the schemas, past the operations' examples (an error example's "data": {} is no schema).
  const schemas = Math.max(
    0,
    lines.findIndex((line) => line.trim() === '"schemas": {'),
  )
  const index = lines.findIndex((line, at) => at > schemas && line.includes(key))
  if (index < 0) return { line: 1, column: 1, end: 2 }
  const column = lines[index]!.indexOf(key) + 1
  return { line: index + 1, column, end: column + name.length + 2 }
}

const REPLACEMENTS: Readonly<Record<string, string>> = { drop: '(missing)', retype: '(another type)', null: 'null', empty: '[] or {}' }

/** A run's Stryker status: noticed Killed, unnoticed Survived, timed out Timeout; an envelope field's Ignored. */
function statusOf(run: RunResult): string {
  if (run.verdict === 'timed-out') return 'Timeout'
  if (run.envelope) return 'Ignored'
  return run.verdict === 'noticed' ? 'Killed' : 'Survived'
}

/**
 * The report in the mutation-testing-report-schema (version 2), which Stryker's dashboard and HTML
 * viewer read: one file, `openapi.json`, each mutation a mutant at its schema property's line;
 * Killed, Survived, Timeout, NoCoverage for an unreached one, Ignored for an envelope field's not run.
 *
 * @example
 * writeFileSync('mutation.json', JSON.stringify(formatStryker(report)))
 */
export function formatStryker(report: MutateReport): object {
  const source = openapiText()
  const lines = source.split('\n')
  const mutant = (id: string, status: string, run?: RunResult) => {
    const mutation = MUTATION_BY_ID.get(id)!
    const { line, column, end } = locate(lines, mutation.path)
    return {
      id,
      mutatorName: mutation.kind,
      replacement: REPLACEMENTS[mutation.kind],
      description: `${mutation.kind} ${mutation.path} in every success of /${mutation.endpoint}`,
      location: { start: { line, column }, end: { line, column: end } },
      status,
      ...(run === undefined ? {} : { duration: run.ms }),
      ...(run?.killed_by == null ? {} : { killedBy: [...run.killed_by] }),
      ...(status === 'NoCoverage' ? { statusReason: 'the suite never got a success from this endpoint' } : {}),
    }
  }
  const mutants = [
    ...report.runs.filter((run) => run.kind === 'mutation').map((run) => mutant(run.id, statusOf(run), run)),
    ...report.unreached.filter((id) => MUTATION_BY_ID.has(id)).map((id) => mutant(id, 'NoCoverage')),
    ...report.envelope.map((id) => mutant(id, 'Ignored')),
  ]
  return {
    schemaVersion: '2',
    thresholds: { high: 80, low: 60 },
    files: { [STRYKER_FILE]: { language: 'json', source, mutants } },
    framework: { name: 'analytics-sandbox mutate' },
  }
}

/** The bundled viewer (mutation-testing-elements, Apache-2.0), copied beside this module by the build. */
const VIEWER = new URL('./mutation-test-elements.js', import.meta.url)

/**
 * The report as one offline HTML file: the Stryker viewer (mutation-testing-elements) inlined,
 * with the report's JSON, so it opens with no network.
 *
 * @example
 * writeFileSync('mutation.html', formatMutateHtml(report))
 */
export function formatMutateHtml(report: MutateReport): string {
  // `<` escaped in both, so neither the report nor the viewer can close the script element.
  const viewer = readFileSync(VIEWER, 'utf8').replaceAll('</script', '<\\/script')
  const json = JSON.stringify(formatStryker(report)).replaceAll('<', '\\u003c')
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>analytics-sandbox mutate</title></head>
<body>
<mutation-test-report-app title-postfix="analytics-sandbox mutate"></mutation-test-report-app>
<script>${viewer}</script>
<script>document.querySelector('mutation-test-report-app').report = ${json}</script>
</body>
</html>
`
}
