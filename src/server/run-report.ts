import { renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { threadId } from 'node:worker_threads'
import { Coverage, RUN_LISTENER, type CoverageReport } from '../core/report/coverage.js'

/**
 * The environment variable a `mutate` or `report -- <command>` run sets for its command: a folder
 * where every sandbox the command makes (the bin, `startSandbox`, `createSandbox`, their sessions)
 * leaves what it answered, so the run's figures are the union of them all.
 */
export const REPORT_DIR_ENV = 'ANALYTICS_SANDBOX_REPORT_DIR'

/**
 * Makes every sandbox made from now on in this process count what it answers into one client report,
 * written to a file of its own in the folder `env` names ({@link REPORT_DIR_ENV}) at every change;
 * nothing where the variable is unset. Idempotent.
 *
 * @example
 * listenForRun(process.env) // where mutate or report runs this process
 */
export function listenForRun(env: NodeJS.ProcessEnv = process.env): void {
  const dir = env[REPORT_DIR_ENV]?.trim()
  if (dir === undefined || dir === '' || RUN_LISTENER.coverage !== undefined) return
  const coverage = new Coverage()
  // A file per loaded copy of this module: vitest loads a module graph per test file, in one process.
  const file = join(dir, `${process.pid}-${threadId}-${Math.random().toString(36).slice(2, 10)}.json`)
  // Written at every change, synchronously: a test runner may kill its worker (SIGTERM, no exit
  // event) the moment its last test ends. About 40 µs a request, and only under a run.
  const write = () => {
    try {
      // Whole or not at all: the run may read it at any moment.
      writeFileSync(`${file}.tmp`, JSON.stringify(toRunReport(coverage.report('suite'))))
      renameSync(`${file}.tmp`, file)
    } catch {
      // A run that went away (its folder removed) reads nothing more: the suite goes on.
    }
  }
  RUN_LISTENER.coverage = coverage
  // Once for all a request counts: after its counts, before anything else can run.
  let queued = false
  RUN_LISTENER.changed = () => {
    if (queued) return
    queued = true
    queueMicrotask(() => {
      queued = false
      write()
    })
  }
}

/**
 * What one process leaves for its run: the count of every outcome met (by id), the warnings by
 * kind, and the endpoints that answered a success.
 *
 * @example
 * const left: RunReport = JSON.parse(readFileSync(file, 'utf8'))
 */
export interface RunReport {
  readonly outcomes: Readonly<Record<string, number>>
  readonly warnings: readonly { readonly code: string; readonly count: number; readonly detail: string }[]
  readonly reached: readonly string[]
}

/** A client report as a run keeps it: counts by outcome id. */
export function toRunReport(report: CoverageReport): RunReport {
  return {
    outcomes: Object.fromEntries(report.outcomes.filter((outcome) => outcome.seen > 0).map((outcome) => [outcome.id, outcome.seen])),
    warnings: report.warnings.map(({ code, count, detail }) => ({ code, count, detail })),
    reached: report.reached,
  }
}
