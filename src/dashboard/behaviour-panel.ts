import type { ApiClient } from './api-client.js'
import { behaviourHeadline } from './behaviour-headline.js'
import { behaviourPath } from './behaviour-scope.js'
import { countOf } from './count-of.js'
import { suiteLabel } from './coverage-scope.js'
import { cutText } from './cut-text.js'
import { byId, h, report } from './dom.js'
import { gapText } from './gap-text.js'
import type { BehaviourFailure, BehaviourReport, BehaviourRuleVerdict, BehaviourScope, BehaviourVerdict, JournalEntry } from './records.js'
import { verdictText } from './verdict-text.js'

/** Failing keys a rule lists: a load test can break one with hundreds; the rest are counted. */
const MAX_FAILING_KEYS = 10

/** A failing key as the panel draws it: the first of its failures, and how many times it broke the rule. */
interface FailingKey {
  readonly key: string | null
  readonly session: string | null
  readonly failed: number
  readonly first: BehaviourFailure | undefined
}

/**
 * A rule's row as drawn: what the panel shows of its verdict, and no more, so comparing two reads
 * costs little however many keys the judge holds.
 */
interface RuleView {
  readonly rule: string
  readonly verdict: BehaviourVerdict
  readonly description: string
  readonly exercise: string | null
  /** Times the rule was met, and by how many keys. */
  readonly met: number
  readonly metBy: number
  readonly failing: readonly FailingKey[]
  /** Failing keys past {@link MAX_FAILING_KEYS}. */
  readonly moreFailing: number
}

function viewOf(rule: BehaviourRuleVerdict): RuleView {
  const failing = rule.keys.filter((key) => key.verdict === 'fail')
  const met = rule.keys.filter((key) => key.exercised > 0)
  return {
    rule: rule.rule,
    verdict: rule.verdict,
    description: rule.description,
    exercise: rule.exercise,
    met: met.reduce((sum, key) => sum + key.exercised, 0),
    metBy: met.length,
    failing: failing.slice(0, MAX_FAILING_KEYS).map(({ key, session, failed, failures }) => ({ key, session, failed, first: failures[0] })),
    moreFailing: Math.max(0, failing.length - MAX_FAILING_KEYS),
  }
}

/** One request of a failure: its time to the millisecond (gaps are what a rule judges), the request, its status. */
function entryRow(entry: JournalEntry): HTMLLIElement {
  const ok = entry.status !== null && entry.status < 400 && entry.fault === null
  return h(
    'li',
    { 'data-id': entry.id },
    h('span', { class: 'time', title: entry.time }, entry.time.slice(11, 23)),
    cutText('span', `${entry.method} ${entry.path}${entry.query === '' ? '' : `?${entry.query}`}`, 'request'),
    // A fault that sent no answer has no status: it reads as the fault's name.
    cutText('span', String(entry.status ?? entry.fault ?? 'no answer'), `status ${ok ? 'ok' : 'failed'}`),
  )
}

/** A key that broke the rule: as sent (masked), its session, how often, and its first failure with the requests. */
function failingKeyItem({ key, session, failed, first }: FailingKey): HTMLLIElement {
  const gap = first === undefined ? null : gapText(first)
  return h(
    'li',
    { 'data-key': key ?? '' },
    h(
      'div',
      { class: 'key-line' },
      key === null ? h('span', { class: 'no-key' }, 'no key') : cutText('code', key),
      session === null ? null : h('span', { class: 'session' }, 'in session ', cutText('code', session)),
      h('span', { class: 'times' }, `broke it ${countOf(failed, 'time')}`),
    ),
    first === undefined
      ? null
      : h(
          'div',
          { class: 'failure' },
          h('span', { class: 'message' }, first.message),
          gap === null ? null : h('span', { class: 'gap' }, gap),
        ),
    first === undefined
      ? null
      : h(
          'ol',
          { class: 'entries', 'aria-label': `The requests of ${key ?? 'no key'}'s first failure` },
          ...first.entries.map(entryRow),
          first.more > 0 ? h('li', { class: 'more' }, `and ${countOf(first.more, 'more request')}`) : null,
        ),
  )
}

/** A rule's row: its verdict in words, its name and description, then how to exercise it, or who broke it. */
function ruleItem(view: RuleView): HTMLLIElement {
  const details: HTMLElement[] = []
  if (view.exercise !== null) details.push(h('p', { class: 'exercise' }, `To exercise it: ${view.exercise}`))
  if (view.verdict === 'pass') details.push(h('p', { class: 'met' }, `Met ${countOf(view.met, 'time')}, by ${countOf(view.metBy, 'key')}`))
  if (view.failing.length > 0)
    details.push(
      h(
        'ul',
        { class: 'failing-keys' },
        ...view.failing.map(failingKeyItem),
        view.moreFailing > 0 ? h('li', { class: 'more' }, `and ${countOf(view.moreFailing, 'more key')} that broke it`) : null,
      ),
    )
  return h(
    'li',
    { 'data-rule': view.rule, 'data-verdict': view.verdict },
    h(
      'div',
      { class: 'rule-line' },
      h('span', { class: `verdict ${view.verdict}` }, verdictText(view.verdict)),
      h('code', { class: 'rule-name' }, view.rule),
      h('span', { class: 'description' }, view.description),
    ),
    ...details,
  )
}

/**
 * The client behaviour panel (`GET /__sandbox/behaviour`): the verdicts on how the clients react to
 * what the API answers, since the last reset or since the start ({@link suiteLabel}), as its scope
 * picker says, for the sandbox shown. A row per rule, its verdict in words (pass, fail, not
 * exercised), its description; a rule not exercised says the scenario that would exercise it; a
 * rule broken lists the keys that broke it (masked as the judge gives them, with their session),
 * each with its first failure: the message, the gap and the gap wanted, and the requests with their
 * times. The page's own requests are never judged: they are not in the clients' journal. A row is
 * redrawn only when what it shows changed.
 *
 * @example
 * const behaviour = createBehaviourPanel(client)
 * await behaviour.load()
 */
export function createBehaviourPanel(client: ApiClient) {
  const headline = byId('behaviour-headline', HTMLElement)
  const list = byId('behaviour-rules', HTMLUListElement)
  const scopePicker = byId('behaviour-scope', HTMLSelectElement)
  const suiteOption = scopePicker.querySelector<HTMLOptionElement>('option[value="suite"]')!
  /** Each rule's row as drawn, with what it shows (as JSON). */
  const rows = new Map<string, { shown: string; row: HTMLLIElement }>()

  /** Reads the verdicts of the scope picked and shows what changed. */
  async function load(): Promise<void> {
    const label = suiteLabel(client.shown)
    if (suiteOption.textContent !== label) suiteOption.textContent = label
    const scope: BehaviourScope = scopePicker.value === 'suite' ? 'suite' : 'reset'
    const behaviour = await client.admin<BehaviourReport>('GET', behaviourPath(scope))
    // Another scope was picked meanwhile: its own read shows it.
    if (scopePicker.value !== scope) return
    headline.textContent = behaviourHeadline(behaviour)
    const views = behaviour.rules.map(viewOf)
    if (views.length !== rows.size || views.some((view) => !rows.has(view.rule))) {
      rows.clear()
      list.replaceChildren()
    }
    for (const view of views) {
      const shown = JSON.stringify(view)
      const drawn = rows.get(view.rule)
      if (drawn?.shown === shown) continue
      const row = ruleItem(view)
      if (drawn === undefined) list.append(row)
      else drawn.row.replaceWith(row)
      rows.set(view.rule, { shown, row })
    }
  }

  scopePicker.addEventListener('change', () => void load().catch(report))

  return { load }
}
