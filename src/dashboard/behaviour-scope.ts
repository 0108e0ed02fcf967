import type { BehaviourScope } from './records.js'

/**
 * The admin path of the behaviour verdicts of `scope`, below the admin API's base: the judge's own
 * number of retries allowed, as a test that reads them without `max_retries` gets. The scope
 * picker names the whole run as the client report's does ({@link suiteLabel}).
 *
 * @example
 * behaviourPath('reset') // 'behaviour'
 * behaviourPath('suite') // 'behaviour?scope=suite'
 */
export function behaviourPath(scope: BehaviourScope): string {
  return scope === 'suite' ? 'behaviour?scope=suite' : 'behaviour'
}
