import type { BehaviourVerdict } from './records.js'

/**
 * A verdict on a rule as the page writes it: a word, so it never reads by its colour alone.
 *
 * @example
 * verdictText('pass') // 'pass'
 * verdictText('not-exercised') // 'not exercised'
 */
export function verdictText(verdict: BehaviourVerdict): string {
  return verdict === 'not-exercised' ? 'not exercised' : verdict
}
