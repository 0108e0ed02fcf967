import type { Outcome } from '../core/report/outcome-catalogue.js'
import { exampleAsCurl } from './format-coverage.js'

/**
 * `docs/outcomes.md`: every outcome of the client report, endpoint by endpoint, with the request
 * that produces it, written by `npm run build` from the catalogue (a test compares them).
 */
export function formatOutcomesDoc(outcomes: readonly Outcome[]): string {
  const lines = [
    '# Outcomes of the client report',
    '',
    '<!-- Written by `npm run build` from src/core/report/outcome-catalogue.ts: edit that, not this. -->',
    '',
    `Every outcome \`GET /__sandbox/coverage\` and \`analytics-sandbox report\` count: ${outcomes.length} in all, derived from`,
    "the endpoints' rules, the error templates and the built-in scenarios. Each comes with a request that",
    'produces it against the default data (documented keys; `X-Sandbox-Scenario` where only a scenario',
    'gives it), shown here against `http://127.0.0.1:4010/api/v1/`. The examples are independent: replayed',
    'once each, in any order, they meet every outcome.',
  ]
  let endpoint: string | null = ''
  for (const outcome of outcomes) {
    if (outcome.endpoint !== endpoint) {
      endpoint = outcome.endpoint
      const heading = endpoint === null ? "## Production's surprises: variants and faults, on any endpoint" : `## /${endpoint}`
      lines.push('', heading, '', '| id | status | `errors.error` | what | example |', '|---|---|---|---|---|')
    }
    const what = [outcome.description, outcome.scenario === null ? '' : ` (scenario \`${outcome.scenario}\`)`].join('')
    const curl = exampleAsCurl(outcome.example, 'http://127.0.0.1:4010/api/v1/').replaceAll('|', '\\|')
    lines.push(
      `| \`${outcome.id}\` | ${outcome.status ?? 'none'} | ${outcome.error === null ? '—' : `\`${outcome.error}\``} | ${what} | \`${curl}\` |`,
    )
  }
  return `${lines.join('\n')}\n`
}
