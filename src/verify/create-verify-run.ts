import type { ContractIssue } from '../contract/check-response.js'
import { expectAnswer, type Expectation } from './expect-answer.js'
import type { ProbeAnswer, Prober, ProbeRequest } from './probe.js'

/**
 * Whose word a check rests on: `spec`, the API specification itself; `sandbox`, a gap the spec
 * leaves that the sandbox fills (product.md). `--spec-only` runs the first kind alone.
 *
 * @example
 * report.checks.filter((check) => check.basis === 'spec')
 */
export type CheckBasis = 'spec' | 'sandbox'

/**
 * A check's outcome.
 *
 * @example
 * const failed = report.checks.filter((check) => check.result === 'fail')
 */
export type CheckResult = 'pass' | 'fail' | 'skip'

/** What a check is: a stable id, a sentence, and its basis. */
export interface CheckSpec {
  readonly id: string
  readonly title: string
  readonly basis: CheckBasis
}

/**
 * One row of a verify report.
 *
 * @example
 * report.checks.filter((check: VerifyCheck) => check.result === 'fail')
 */
export interface VerifyCheck extends CheckSpec {
  readonly result: CheckResult
  /** The request, without the key: `GET /monitoring (X-Project-ID: 101)`. */
  readonly request?: string
  /** The status received. */
  readonly status?: number
  readonly issues: readonly ContractIssue[]
  /** Why it was skipped. */
  readonly note?: string
}

/** An answer a check received, and whether it matched the contract. */
export interface CheckedAnswer extends ProbeAnswer {
  readonly conforms: boolean
}

/** The checks of one run, as they are made. */
export interface VerifyRun {
  readonly probe: Prober
  readonly checks: VerifyCheck[]
  /** Whether the check would run (`--spec-only` skips sandbox ones, recording why). */
  wants(spec: CheckSpec): boolean
  /**
   * Sends `request`, compares the answer with `expectation` and `extra` (run only when the answer
   * itself conforms) and records the check. Resolves with the answer and whether it conforms;
   * `undefined` when the check is skipped.
   */
  check(
    spec: CheckSpec,
    request: ProbeRequest,
    expectation: Expectation,
    extra?: (answer: ProbeAnswer) => ContractIssue[],
  ): Promise<CheckedAnswer | undefined>
  /** Records a check made from answers already received. */
  record(spec: CheckSpec, answer: ProbeAnswer | undefined, issues: readonly ContractIssue[]): void
  skip(spec: CheckSpec, note: string): void
}

/**
 * A run against one deployment; `specOnly` skips the sandbox's own decisions.
 *
 * @example
 * const run = createVerifyRun(probe, false)
 * await run.check(VALIDATE, { path: 'validate' }, { endpoint: 'validate', status: 200 })
 */
export function createVerifyRun(probe: Prober, specOnly: boolean): VerifyRun {
  const checks: VerifyCheck[] = []
  const record = (spec: CheckSpec, answer: ProbeAnswer | undefined, issues: readonly ContractIssue[]) => {
    checks.push({
      ...spec,
      result: issues.length === 0 ? 'pass' : 'fail',
      ...(answer === undefined ? {} : { request: answer.request, status: answer.status }),
      issues,
    })
  }
  const skip = (spec: CheckSpec, note: string) => void checks.push({ ...spec, result: 'skip', issues: [], note })
  const wants = (spec: CheckSpec) => {
    if (!specOnly || spec.basis === 'spec') return true
    skip(spec, 'a sandbox decision (--spec-only)')
    return false
  }
  return {
    probe,
    checks,
    wants,
    record,
    skip,
    async check(spec, request, expectation, extra) {
      if (!wants(spec)) return undefined
      const answer = await probe(request)
      const issues = expectAnswer(answer, expectation)
      record(spec, answer, issues.length === 0 && extra !== undefined ? extra(answer) : issues)
      return { ...answer, conforms: issues.length === 0 }
    },
  }
}
