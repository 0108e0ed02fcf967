import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { CoverageReport, WarningCount } from '../core/report/coverage.js'
import { ENDPOINT_NAMES, type EndpointName } from '../vocabulary/endpoint-rules.js'
import type { BehaviourReport } from '../core/behaviour/behaviour-judge.js'
import { mergeBehaviour } from '../core/behaviour/merge-behaviour.js'
import { BEHAVIOUR_FILE_SUFFIX } from '../server/run-report.js'

/** Files of one run's folder read at most: a process (or a module graph of one) leaves one each. */
export const MAX_RUN_FILES = 1_000

/** Bytes of one file read at most: a run report is a few kB (an outcome count and six warnings). */
export const MAX_RUN_FILE_BYTES = 1024 * 1024

/**
 * A new folder for one run's sandboxes to leave their reports in (REPORT_DIR_ENV), removed with
 * {@link removeRunFolder}.
 *
 * @example
 * const folder = makeRunFolder()
 */
export function makeRunFolder(): string {
  return mkdtempSync(join(tmpdir(), 'analytics-sandbox-run-'))
}

/** Removes a run's folder and what its sandboxes left there. */
export function removeRunFolder(folder: string): void {
  rmSync(folder, { recursive: true, force: true })
}

/** The files of a run's folder that end in `suffix`, in name order, at most {@link MAX_RUN_FILES}; none where the folder is gone. */
function runFiles(folder: string, suffix: string): string[] {
  try {
    return readdirSync(folder)
      .filter((name) => name.endsWith(suffix))
      .sort()
      .slice(0, MAX_RUN_FILES)
  } catch {
    return []
  }
}

/** One file's counts, where it is a run report; `undefined` for anything else (cut, foreign, too large). */
function readRunFile(path: string): { outcomes: Record<string, unknown>; warnings: unknown[]; reached: unknown[] } | undefined {
  try {
    if (statSync(path).size > MAX_RUN_FILE_BYTES) return undefined
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as { outcomes?: unknown; warnings?: unknown; reached?: unknown }
    if (
      typeof parsed.outcomes !== 'object' ||
      parsed.outcomes === null ||
      !Array.isArray(parsed.warnings) ||
      !Array.isArray(parsed.reached)
    )
      return undefined
    return { outcomes: parsed.outcomes as Record<string, unknown>, warnings: parsed.warnings, reached: parsed.reached }
  } catch {
    return undefined
  }
}

const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0

/**
 * The client report of a whole run: `base` (the run's session, with the sessions it made) plus what
 * every sandbox the command made left in `folder`. Counts add up by outcome, warnings by kind, and
 * an endpoint is reached where any sandbox answered it a success. What is not a run report is
 * passed over.
 *
 * @example
 * const union = readRunUnion(folder, await sessionCoverage(session))
 * union.reached // ['validate', 'projects', 'monitoring', 'overview']
 */
export function readRunUnion(folder: string, base: CoverageReport): CoverageReport {
  const seen = new Map(base.outcomes.map((outcome) => [outcome.id, outcome.seen]))
  const warnings = new Map<string, WarningCount>(base.warnings.map((warning) => [warning.code, { ...warning }]))
  const reached = new Set<string>(base.reached)
  const names = runFiles(folder, '.json')
  for (const name of names) {
    const file = readRunFile(join(folder, name))
    if (file === undefined) continue
    for (const [id, count] of Object.entries(file.outcomes)) if (seen.has(id) && isCount(count)) seen.set(id, seen.get(id)! + count)
    for (const item of file.warnings) {
      const { code, count, detail } = (item ?? {}) as { code?: unknown; count?: unknown; detail?: unknown }
      if (typeof code !== 'string' || !isCount(count) || typeof detail !== 'string') continue
      const kept = warnings.get(code)
      // A warning met only in another process has no entry in this journal: its request_id is 0.
      if (kept === undefined) warnings.set(code, { code, count, detail, request_id: 0 })
      else warnings.set(code, { ...kept, count: kept.count + count })
    }
    for (const endpoint of file.reached) if (typeof endpoint === 'string') reached.add(endpoint)
  }
  const outcomes = base.outcomes.map((outcome) => ({ ...outcome, seen: seen.get(outcome.id)! }))
  const covered = outcomes.filter((outcome) => outcome.seen > 0).length
  return {
    total: base.total,
    covered,
    percent: Math.round((covered / base.total) * 1000) / 10,
    outcomes,
    warnings: [...warnings.values()],
    reached: ENDPOINT_NAMES.filter((endpoint: EndpointName) => reached.has(endpoint)),
  }
}

/**
 * The client report of a whole run: its session's (with the sessions it made, `GET …/coverage?scope=suite`
 * at `adminUrl`) and what every sandbox the command made left in `folder` ({@link readRunUnion}).
 *
 * @example
 * const report = await readRunReport(folder, session.adminUrl)
 */
export async function readRunReport(folder: string, adminUrl: string): Promise<CoverageReport> {
  const answer = (await (await fetch(`${adminUrl}coverage?scope=suite`)).json()) as { data: CoverageReport }
  return readRunUnion(folder, answer.data)
}

/** Bytes of one sandbox's verdicts file read at most: a thousand keys' verdicts with their failures. */
export const MAX_BEHAVIOUR_FILE_BYTES = 8 * 1024 * 1024

/**
 * The verdicts of a whole run: `base` (its session's, with the sessions made there) plus what every
 * sandbox the command made in its own processes left in `folder` (a `.behaviour` file each),
 * each such sandbox's keys labelled `in-process sandbox <n>`. What is not a report is passed over.
 *
 * @example
 * const verdicts = readBehaviourUnion(folder, sessionVerdicts)
 */
export function readBehaviourUnion(folder: string, base: BehaviourReport): BehaviourReport {
  const names = runFiles(folder, BEHAVIOUR_FILE_SUFFIX)
  const others = names.flatMap((name, index) => {
    const path = join(folder, name)
    try {
      if (statSync(path).size > MAX_BEHAVIOUR_FILE_BYTES) return []
      return [{ report: JSON.parse(readFileSync(path, 'utf8')) as unknown, label: `in-process sandbox ${index + 1}` }]
    } catch {
      return []
    }
  })
  return mergeBehaviour(base, others)
}
