import { errorOf, type ApiClient, type ApiRequest } from './api-client.js'
import { countOf } from './count-of.js'
import { cutText } from './cut-text.js'
import { coveragePath, suiteLabel } from './coverage-scope.js'
import { announce, byId, h, report } from './dom.js'
import type { CoverageReport, CoverageScope, CoveredOutcome, WarningCount } from './records.js'

/**
 * An outcome as a person reads it: its status, its error code, for a success the key level and
 * (analytics) the data, and the scenario that alone gives it.
 *
 * @example
 * nameOutcome(report.outcomes[0]) // '200 USER key'
 * // '200 USER key, 0 dates', '400 invalid_date', '500', '429 rate_limited (rate-limited)'
 */
export function nameOutcome(outcome: CoveredOutcome): string {
  // A variant or a fault is its scenario's name, with what the client sees.
  if (outcome.endpoint === null) return `${outcome.id} (${outcome.status ?? 'no answer'})`
  const words = [String(outcome.status)]
  if (outcome.error !== null) words.push(outcome.error)
  if (outcome.key_level !== null) words.push(`${outcome.key_level} key${outcome.dates === null ? '' : ','}`)
  if (outcome.dates !== null) words.push(outcome.dates === 'some' ? 'with data' : '0 dates')
  if (outcome.scenario !== null) words.push(`(${outcome.scenario})`)
  return words.join(' ')
}

/** The table of the variants and faults, which concern no endpoint in particular. */
const SURPRISES = 'surprises'

/** The table an outcome is drawn in: its endpoint's, or the surprises'. */
const groupOf = (outcome: CoveredOutcome): string => outcome.endpoint ?? SURPRISES

/** The example of `outcome` as the page sends it: the path below the API's base, its query, its headers. */
const exampleRequest = ({ example }: CoveredOutcome): ApiRequest => ({
  endpoint: example.path,
  query: example.query,
  headers: example.headers,
})

/** `code ×count: detail` of a kind of warning. */
const describeWarning = (warning: WarningCount) => `${warning.code} ×${warning.count}: ${warning.detail}`

/**
 * The client report's panel (`GET /__sandbox/coverage`): how many of the API's outcomes the clients'
 * requests met, since the last reset or since the start ({@link suiteLabel}: at the process's own
 * sandbox, the whole run with every session, ended ones included), as its scope picker says; then a
 * table per endpoint of its outcomes, each met (how often) or missing; a missing
 * one shows its example request as curl and a Send button that sends it as a client would (it counts),
 * and the panel reads the report again. Then the warnings by kind. A row is redrawn only when its
 * count changed, so focus stays where it is while the page follows the report.
 *
 * @example
 * const coverage = createCoveragePanel(client, () => journal.refresh())
 * await coverage.load()
 */
export function createCoveragePanel(client: ApiClient, onSent: () => void) {
  const headline = byId('coverage-headline', HTMLElement)
  const tables = byId('coverage-outcomes', HTMLElement)
  const warnings = byId('coverage-warnings', HTMLUListElement)
  const scopePicker = byId('coverage-scope', HTMLSelectElement)
  const suiteOption = scopePicker.querySelector<HTMLOptionElement>('option[value="suite"]')!
  /** Each outcome's row as drawn, with the count it shows. */
  const rows = new Map<string, { seen: number; row: HTMLTableRowElement }>()
  /** Each endpoint's caption, to say how many of its outcomes were met. */
  const captions = new Map<string, HTMLTableCaptionElement>()
  let warningsShown = ''
  /** The sandbox the tables were drawn for: their curl lines carry its URL. */
  let drawnFor: string | undefined

  async function send(outcome: CoveredOutcome): Promise<void> {
    // Sent on purpose: a client's request, so it counts (coverage, counters, the clients' journal).
    const answer = await client.api(exampleRequest(outcome), { observe: false })
    announce(`${outcome.id}: the API answered ${answer.status} ${errorOf(answer.envelope) ?? ''}`.trim())
    onSent()
    await load()
  }

  function copy(outcome: CoveredOutcome): void {
    void navigator.clipboard
      .writeText(client.curlOf(exampleRequest(outcome)))
      .then(() => announce(`Copied the example of ${outcome.id} as curl`))
      .catch(() => announce('Select the example and copy it'))
  }

  function row(outcome: CoveredOutcome): HTMLTableRowElement {
    const name = cutText('span', nameOutcome(outcome))
    name.title = `${nameOutcome(outcome)}: ${outcome.description}`
    const met = outcome.seen > 0
    return h(
      'tr',
      { 'data-outcome': outcome.id, 'data-seen': outcome.seen },
      h('td', {}, name),
      h('td', {}, h('span', { class: `state ${met ? 'valid' : 'missing'}` }, met ? `met ×${outcome.seen}` : 'missing')),
      h(
        'td',
        {},
        met
          ? null
          : h(
              'div',
              { class: 'example' },
              cutText('code', client.curlOf(exampleRequest(outcome))),
              h(
                'button',
                {
                  type: 'button',
                  class: 'small',
                  'aria-label': `Send the example of ${outcome.id}`,
                  onclick: () => void send(outcome).catch(report),
                },
                'Send',
              ),
              h(
                'button',
                { type: 'button', class: 'small', 'aria-label': `Copy the example of ${outcome.id} as curl`, onclick: () => copy(outcome) },
                'Copy',
              ),
            ),
      ),
    )
  }

  /** A table per endpoint, in the catalogue's order: drawn once, its rows then replaced one by one. */
  function drawTables(outcomes: readonly CoveredOutcome[]): void {
    rows.clear()
    captions.clear()
    drawnFor = client.shown
    const bodies = new Map<string, HTMLTableSectionElement>()
    for (const outcome of outcomes) {
      const group = groupOf(outcome)
      let body = bodies.get(group)
      if (body === undefined) {
        bodies.set(group, (body = h('tbody', {})))
        captions.set(group, h('caption', {}))
      }
      const drawn = row(outcome)
      rows.set(outcome.id, { seen: outcome.seen, row: drawn })
      body.append(drawn)
    }
    tables.replaceChildren(
      ...[...bodies].map(([endpoint, body]) =>
        h(
          'div',
          { class: 'table-box' },
          h(
            'table',
            { class: 'outcomes', 'data-endpoint': endpoint },
            captions.get(endpoint),
            h('colgroup', {}, h('col', { class: 'col-outcome' }), h('col', { class: 'col-met' }), h('col', {})),
            h(
              'thead',
              {},
              h('tr', {}, h('th', { scope: 'col' }, 'Outcome'), h('th', { scope: 'col' }, 'Met'), h('th', { scope: 'col' }, 'Example')),
            ),
            body,
          ),
        ),
      ),
    )
  }

  function drawWarnings(list: readonly WarningCount[], scope: CoverageScope): void {
    const shown = JSON.stringify([scope, list])
    if (shown === warningsShown) return
    warningsShown = shown
    if (list.length === 0) {
      warnings.replaceChildren(h('li', { class: 'none' }, 'None: every request was read as it was sent.'))
      return
    }
    warnings.replaceChildren(
      ...list.map((warning) => {
        const line = cutText('span', describeWarning(warning))
        // The whole run's first may be another sandbox's (a session's): its id would point into the wrong journal.
        if (scope === 'reset') line.title = `${describeWarning(warning)} (first: request ${warning.request_id} of the journal)`
        return h('li', { 'data-code': warning.code }, line)
      }),
    )
  }

  /** Reads the report of the scope picked and shows what changed. */
  async function load(): Promise<void> {
    const label = suiteLabel(client.shown)
    if (suiteOption.textContent !== label) suiteOption.textContent = label
    const scope: CoverageScope = scopePicker.value === 'suite' ? 'suite' : 'reset'
    const coverage = await client.admin<CoverageReport>('GET', coveragePath(scope))
    // Another scope was picked meanwhile: its own read shows it.
    if (scopePicker.value !== scope) return
    headline.textContent = `${coverage.covered} of ${countOf(coverage.total, 'outcome')} met (${coverage.percent} %)`
    const sameCatalogue = coverage.outcomes.length === rows.size && coverage.outcomes.every((outcome) => rows.has(outcome.id))
    if (!sameCatalogue || drawnFor !== client.shown) drawTables(coverage.outcomes)
    for (const outcome of coverage.outcomes) {
      const drawn = rows.get(outcome.id)!
      if (drawn.seen === outcome.seen) continue
      const next = row(outcome)
      drawn.row.replaceWith(next)
      rows.set(outcome.id, { seen: outcome.seen, row: next })
    }
    for (const [group, caption] of captions) {
      const own = coverage.outcomes.filter((outcome) => groupOf(outcome) === group)
      const title = group === SURPRISES ? "Production's surprises" : `/${group}`
      caption.textContent = `${title}: ${own.filter((outcome) => outcome.seen > 0).length} of ${own.length} met`
    }
    drawWarnings(coverage.warnings, scope)
  }

  scopePicker.addEventListener('change', () => void load().catch(report))

  return { load }
}
