import { MAX_JUDGED_KEYS } from '../vocabulary/behaviour-rules.js'
import { countOf } from './count-of.js'
import type { BehaviourReport } from './records.js'

/**
 * The behaviour panel's headline: how many rules each verdict has (the failures first), how many
 * requests were judged, those of keys past the judge's limit that were not, and how many retries
 * `bounded-retries` allowed.
 *
 * @example
 * behaviourHeadline({ summary: { pass: 1, fail: 1, not_exercised: 3 }, judged: 12, not_judged: 0, max_retries: 3 })
 * // '1 rule failed, 1 passed, 3 not exercised · 12 requests judged · 3 retries allowed'
 */
export function behaviourHeadline(report: Pick<BehaviourReport, 'summary' | 'judged' | 'not_judged' | 'max_retries'>): string {
  const { pass, fail, not_exercised } = report.summary
  const parts = [
    `${countOf(fail, 'rule')} failed, ${pass} passed, ${not_exercised} not exercised`,
    `${countOf(report.judged, 'request')} judged`,
  ]
  if (report.not_judged > 0) parts.push(`${countOf(report.not_judged, 'request')} of keys past the first ${MAX_JUDGED_KEYS} not judged`)
  parts.push(`${countOf(report.max_retries, 'retry', 'retries')} allowed`)
  return parts.join(' · ')
}
