import { renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { threadId } from 'node:worker_threads'
import { Coverage, RUN_LISTENER, type CoverageReport } from '../core/report/coverage.js'
import { BEHAVIOUR_RUN } from '../core/behaviour/behaviour-run.js'

/**
 * The environment variable a `mutate` or `report -- <command>` run sets for its command: a folder
 * where every sandbox the command makes (the bin, `startSandbox`, `createSandbox`, their sessions)
 * leaves what it answered, so the run's figures are the union of them all.
 */
export const REPORT_DIR_ENV = 'ANALYTICS_SANDBOX_REPORT_DIR'

/**
 * Set (to the retries `bounded-retries` allows) by `report --behaviour -- <command>` beside
 * {@link REPORT_DIR_ENV}: every sandbox the command makes also leaves its verdicts on the client's
 * behaviour there, a file each (`<…>.behaviour`). Unset under `mutate` and a plain `report`, which
 * read no verdicts.
 */
export const REPORT_BEHAVIOUR_ENV = 'ANALYTICS_SANDBOX_REPORT_BEHAVIOUR'

/** What a sandbox's verdicts file ends in: not `.json`, so the client report's reading passes it over. */
export const BEHAVIOUR_FILE_SUFFIX = '.behaviour'

/**
 * Makes every sandbox made from now on in this process count what it answers into one client report,
 * written to a file of its own in the folder `env` names ({@link REPORT_DIR_ENV}) at every change,
 * and, where {@link REPORT_BEHAVIOUR_ENV} asks, write its verdicts on the client's behaviour
 * there too; nothing where the folder is unset. Idempotent.
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
  const write = () => writeWhole(file, () => JSON.stringify(toRunReport(coverage.report('suite'))))
  RUN_LISTENER.coverage = coverage
  listenForBehaviour(dir, env[REPORT_BEHAVIOUR_ENV])
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

/** Writes `text` to `file` whole or not at all (the run may read it at any moment); a run gone away is no error. */
function writeWhole(file: string, text: () => string): void {
  try {
    writeFileSync(`${file}.tmp`, text())
    renameSync(`${file}.tmp`, file)
  } catch {
    // A run that went away (its folder removed) reads nothing more: the suite goes on.
  }
}

/**
 * Where the run asks for verdicts (`retries` set): each sandbox made from now on writes its own to a
 * file of the folder after each request it records, once for all a microtask's requests.
 */
function listenForBehaviour(dir: string, retries: string | undefined): void {
  const maxRetries = Number(retries)
  if (retries === undefined || !Number.isInteger(maxRetries) || maxRetries < 0) return
  BEHAVIOUR_RUN.maxRetries = maxRetries
  let made = 0
  BEHAVIOUR_RUN.listen = (build) => {
    const file = join(dir, `${process.pid}-${threadId}-${++made}-${Math.random().toString(36).slice(2, 8)}${BEHAVIOUR_FILE_SUFFIX}`)
    let queued = false
    return () => {
      if (queued) return
      queued = true
      queueMicrotask(() => {
        queued = false
        writeWhole(file, () => JSON.stringify(build()))
      })
    }
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
