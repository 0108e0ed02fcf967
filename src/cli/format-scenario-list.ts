import type { CatalogueEntry } from '../scenarios/scenario-catalogue.js'

/**
 * The `--list-scenarios` output: one scenario a line, name, source and description.
 */
export function formatScenarioList(entries: readonly CatalogueEntry[]): string {
  const width = Math.max(...entries.map((entry) => entry.scenario.name.length))
  const lines = entries.map(({ scenario, source }) => {
    const from = source === 'built-in' ? '' : ` [${source}]`
    return `  ${scenario.name.padEnd(width)}  ${scenario.description}${from}`
  })
  return `Scenarios (use with --scenario, PUT /__sandbox/scenario or the X-Sandbox-Scenario header):\n${lines.join('\n')}\n`
}
