import type { SandboxCore } from '../sandbox-core.js'
import type { BehaviourJudge, BehaviourReport, BehaviourScope } from './behaviour-judge.js'

/**
 * The verdicts on a sandbox's client, its journal read to the end first: since the last reset, or
 * for the suite (with `others`, the judges of a server's sessions), allowing `maxRetries` retries.
 *
 * @example
 * behaviourOf(sandbox, 'reset').summary // { pass: 1, fail: 0, not_exercised: 4 }
 */
export function behaviourOf(
  sandbox: Pick<SandboxCore, 'journal' | 'behaviour'>,
  scope: BehaviourScope,
  maxRetries?: number,
  others: readonly (readonly [string | null, BehaviourJudge])[] = [],
): BehaviourReport {
  sandbox.journal.drain()
  return sandbox.behaviour.report(scope, maxRetries, scope === 'suite' ? others : [])
}
