import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

const run = promisify(execFile)
const root = new URL('../../', import.meta.url).pathname

interface BenchReport {
  smoke: boolean
  rows: Array<{ target: string; measured: number; goal: number; ok: boolean }>
}

describe('the benchmark harness', () => {
  it('runs every measurement end to end in smoke mode and reports each target with a figure', async () => {
    const { stdout } = await run(process.execPath, ['bench/run-bench.mjs', '--smoke', '--json'], {
      cwd: root,
      timeout: 170_000,
      maxBuffer: 1 << 20,
    })
    const report = JSON.parse(stdout) as BenchReport
    expect(report.smoke).toBe(true)
    const targets = report.rows.map((row) => row.target)
    for (const expected of [
      'throughput /validate vs the physical limit',
      'throughput /projects vs the physical limit',
      'throughput /monitoring (default range) vs the physical limit',
      'throughput /overview (default range) vs the physical limit',
      'throughput /overview (default range) vs the physical limit, both served at once',
      'cold /monitoring, 30-day ranges',
      'cold /overview, 366-day ranges',
      'RSS during the runs (MB)',
      'start-up to first answer (ms)',
      'in-process: msw handlers vs a trivial msw handler',
      'reset() with the default fixtures (ms)',
      'client report on vs off: /validate',
      'client report on vs off: /overview',
      'creating a session, median (ms)',
      'API under a session vs unprefixed: /validate',
      '/projects under variant-large, warm, median (ms)',
      'making a session with a mutation, median (ms)',
      'a mutated answer vs the same unmutated: /monitoring',
      'RSS after 500 mutate runs, over where it started (MB)',
      'mutate --jobs 4 vs --jobs 1, a suite that sleeps 1 s (speed-up)',
      'fault-bandwidth over a ~5 s answer: achieved rate off bytes_per_second (share)',
      'fault-slow-headers over a ~5 s head: achieved rate off head bytes / duration (share)',
      'server sockets open after 1,000 faulted answers ended, over those before',
    ]) {
      expect(targets).toContain(expected)
    }
    expect(targets.filter((target) => target.includes('projects: '))).toHaveLength(3)
    for (const row of report.rows) expect(Number.isFinite(row.measured) && row.measured >= 0, row.target).toBe(true)
  }, 180_000)
})
