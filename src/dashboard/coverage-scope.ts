import type { CoverageScope } from './records.js'

/**
 * How the scope pickers (the client report's, the behaviour verdicts') name the whole run
 * (`scope=suite`) for the sandbox shown: at the process's own, every session's requests are added,
 * ended ones included, so a run with a session per test shows whole there; a session's counts its
 * own requests since it started.
 *
 * @example
 * suiteLabel(undefined) // 'since the start (whole run, sessions included)'
 * suiteLabel('k3Jx') // 'since the session started (across its resets)'
 */
export function suiteLabel(session: string | undefined): string {
  return session === undefined ? 'since the start (whole run, sessions included)' : 'since the session started (across its resets)'
}

/**
 * The admin path of the client report of `scope`, below the admin API's base.
 *
 * @example
 * coveragePath('reset') // 'coverage'
 * coveragePath('suite') // 'coverage?scope=suite'
 */
export function coveragePath(scope: CoverageScope): string {
  return scope === 'suite' ? 'coverage?scope=suite' : 'coverage'
}
