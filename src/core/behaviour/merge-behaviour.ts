import { BEHAVIOUR_RULE_NAMES, MAX_LISTED_KEYS } from '../../vocabulary/behaviour-rules.js'
import {
  reportOfRules,
  ruleVerdictOf,
  type BehaviourKeyVerdict,
  type BehaviourReport,
  type BehaviourRuleVerdict,
} from './behaviour-judge.js'

/** Whether `value` has the shape of a behaviour report (a file a sandbox of the run left; anything else is passed over). */
function isReport(value: unknown): value is BehaviourReport {
  const report = value as Partial<BehaviourReport> | null
  return (
    typeof report === 'object' &&
    report !== null &&
    Number.isSafeInteger(report.judged) &&
    Number.isSafeInteger(report.not_judged) &&
    Array.isArray(report.rules) &&
    report.rules.every((rule) => BEHAVIOUR_RULE_NAMES.includes(rule?.rule) && Array.isArray(rule.keys))
  )
}

/**
 * The verdicts of many sandboxes as one report (a `report --behaviour -- <command>` run: its
 * session's, and each sandbox the command made in its own processes, whose keys are labelled
 * `label` where they name no session): each rule's keys together, the broken first, at
 * most {@link MAX_LISTED_KEYS} of them (the rest counted in `keys_left_out`), its verdict from
 * theirs. What is not a report is passed over.
 *
 * @example
 * mergeBehaviour(sessionReport, [{ report: JSON.parse(text), label: 'in-process sandbox 1' }])
 */
export function mergeBehaviour(
  base: BehaviourReport,
  others: readonly { readonly report: unknown; readonly label: string }[],
): BehaviourReport {
  const reports = [{ report: base as unknown, label: null as string | null }, ...others].filter(
    (item): item is { report: BehaviourReport; label: string | null } => isReport(item.report),
  )
  let judged = 0
  let notJudged = 0
  for (const { report } of reports) {
    judged += report.judged
    notJudged += report.not_judged
  }
  const rules = BEHAVIOUR_RULE_NAMES.map((name): BehaviourRuleVerdict => {
    const all: BehaviourKeyVerdict[] = []
    let leftOut = 0
    for (const { report, label } of reports) {
      const rule = report.rules.find((candidate) => candidate.rule === name)
      leftOut += Number.isSafeInteger(rule?.keys_left_out) ? rule!.keys_left_out : 0
      for (const key of rule?.keys ?? []) all.push(label === null || key.session !== null ? key : { ...key, session: label })
    }
    // The broken first, as each report lists them, at most as many as one report lists.
    const keys = [...all.filter((key) => key.verdict === 'fail'), ...all.filter((key) => key.verdict !== 'fail')].slice(0, MAX_LISTED_KEYS)
    return ruleVerdictOf(name, all, keys, leftOut + all.length - keys.length)
  })
  return reportOfRules(base.scope, base.max_retries, judged, notJudged, rules)
}
