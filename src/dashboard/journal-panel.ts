import { errorOf, type ApiClient } from './api-client.js'
import type { ContactLine } from './contact-line.js'
import { cutOption, cutText, showChoice } from './cut-text.js'
import { byId, h, onSubmit, report } from './dom.js'
import type { JournalEntry, KeyRecord } from './records.js'

/** Rows kept on the page, newest first: the journal itself keeps more, and filters find them. */
export const MAX_JOURNAL_ROWS = 200

/** How often the page asks for new requests while it is visible. */
export const JOURNAL_POLL_MS = 1000

/** What `GET /__sandbox/requests` answers. */
interface JournalPage {
  readonly requests: readonly JournalEntry[]
  readonly recorded: number
  readonly more: boolean
}

/** What one read of the journal found: the new entries, oldest first, and whether they replace the list. */
interface Read {
  readonly fromStart: boolean
  readonly entries: readonly JournalEntry[]
  readonly recorded: number
}

/** Where a row's request went wrong without being refused: its warnings, one line each, and whether the journal cut it. */
function notes(entry: JournalEntry): HTMLElement | null {
  const lines = entry.warnings.map(({ code, detail }) => h('li', {}, h('code', {}, code), ': ', cutText('span', detail)))
  if (entry.cut) lines.push(h('li', {}, 'The path and query were cut to the journal’s 2 KiB (the cut ends in …)'))
  return lines.length === 0 ? null : h('ul', { class: 'notes' }, ...lines)
}

function row(entry: JournalEntry): HTMLLIElement {
  // A fault that sent no answer has no status: it reads as the fault's name.
  const ok = entry.status !== null && entry.status < 400 && entry.fault === null
  const codes = entry.warnings.map((warning) => warning.code).join(', ')
  return h(
    'li',
    { 'data-id': entry.id, 'data-status': entry.status ?? 'none', 'data-warnings': codes === '' ? undefined : codes },
    h(
      'details',
      {},
      h(
        'summary',
        {},
        h('span', { class: `status ${ok ? 'ok' : 'failed'}` }, entry.status ?? '—'),
        cutText('span', entry.fault ?? entry.error ?? (ok ? '' : '–'), 'error-code'),
        cutText('span', `${entry.method} ${entry.path}${entry.query === '' ? '' : `?${entry.query}`}`, 'request'),
        codes === '' ? h('span', {}) : cutText('span', codes, 'warning-codes'),
        h('span', { class: 'time' }, entry.time.slice(11, 19)),
      ),
      notes(entry),
      h('pre', {}, JSON.stringify(entry, null, 2)),
    ),
  )
}

/**
 * The live request journal: the newest requests first, new ones added as they come (read with
 * `since` every second while the page is visible), filtered by key, status and endpoint on the
 * sandbox's side; each row shows its warnings' codes and opens to their details and the whole
 * entry. The clients' requests by default; a checkbox shows the page's own instead (`source=dashboard`,
 * a journal of their own). Its form sends a request to the API as a client, to watch it arrive.
 * `readAlong` reads what else the page shows with each read of the journal (the header's count of
 * requests): it runs after the journal's read, and what it gives is shown with the new rows. A read
 * that fails is said on the `contact` line until one gets through.
 *
 * @example
 * const journal = createJournalPanel(client, () => keys.keys, async () => {
 *   const health = await client.admin<Health>('GET', 'health')
 *   return () => showHealth(health)
 * }, createContactLine())
 * journal.start()
 */
export function createJournalPanel(
  client: ApiClient,
  keysOf: () => readonly KeyRecord[],
  readAlong: () => Promise<() => void>,
  contact: ContactLine,
) {
  const list = byId('journal-list', HTMLOListElement)
  const filters = {
    key: byId('journal-key', HTMLSelectElement),
    status: byId('journal-status', HTMLSelectElement),
    path: byId('journal-path', HTMLSelectElement),
  }
  /** Ticked: the page's own requests, which the clients' journal never holds. */
  const own = byId('journal-source', HTMLInputElement)
  /** The selects that list every key: the filter, and the key the request form sends. */
  const keySelects = [filters.key, byId('try-key', HTMLSelectElement)]
  let last = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  let polling = false
  /** A read asked for while one runs, done right after it: `true` when it must start over. */
  let rerun: boolean | undefined

  function query(since: number | undefined): string {
    const params = new URLSearchParams()
    for (const [name, select] of Object.entries(filters)) if (select.value !== '') params.set(name, select.value)
    if (own.checked) params.set('source', 'dashboard')
    if (since === undefined) params.set('limit', String(MAX_JOURNAL_ROWS))
    else params.set('since', String(since))
    return params.toString()
  }

  /** Reads what is new (everything, with `fromStart`), oldest first, without showing it yet. */
  async function read(fromStart: boolean): Promise<Read> {
    let page = await client.admin<JournalPage>('GET', `requests?${query(fromStart ? undefined : last)}`)
    // A journal cleared (or a sandbox reset) counts from 1 again: start over.
    if (!fromStart && page.recorded < last) return read(true)
    const entries = [...page.requests]
    while (page.more) {
      page = await client.admin<JournalPage>('GET', `requests?${query(entries.at(-1)!.id)}`)
      entries.push(...page.requests)
    }
    return { fromStart, entries: entries.slice(-MAX_JOURNAL_ROWS), recorded: page.recorded }
  }

  /** Puts what `read` found on top (in place of the list, when it read from the start). */
  function show({ fromStart, entries, recorded }: Read): void {
    if (fromStart) {
      list.replaceChildren()
      last = 0
    }
    if (entries.length > 0) {
      list.prepend(...entries.map(row).reverse())
      last = entries.at(-1)!.id
    }
    last = Math.max(last, recorded)
    while (list.children.length > MAX_JOURNAL_ROWS) list.lastElementChild!.remove()
    byId('journal-empty', HTMLElement).hidden = list.children.length > 0
  }

  function schedule(): void {
    clearTimeout(timer)
    timer = setTimeout(tick, JOURNAL_POLL_MS)
  }

  async function tick(fromStart = false): Promise<void> {
    if (polling) {
      rerun = rerun === true || fromStart
      return
    }
    polling = true
    try {
      if (document.visibilityState === 'visible' || fromStart) {
        const found = await read(fromStart)
        // Read after the journal and shown with it: what it says counts at least the rows shown.
        const showAlong = await readAlong()
        show(found)
        showAlong()
        contact.regained('journal')
      }
    } catch (error) {
      // The sandbox stopped or restarts: the contact line says so, and the page tries again on the next tick.
      contact.lost('journal', error)
    } finally {
      polling = false
      const again = rerun
      rerun = undefined
      if (again === undefined) schedule()
      else void tick(again)
    }
  }

  /** Fills the key choices (of the filter and of the request form) with the keys as last loaded. */
  function keysChanged(): void {
    const keys = keysOf().map((record) => record.key)
    for (const select of keySelects) {
      const chosen = select.value
      const first = select === filters.key ? [h('option', { value: '' }, 'Any key')] : []
      select.replaceChildren(...first, ...keys.map((key) => cutOption(key, key)))
      // The filter may stay on "Any key"; the request form always has a key.
      select.value = keys.includes(chosen) || (chosen === '' && select === filters.key) ? chosen : (select.options[0]?.value ?? '')
      showChoice(select)
    }
  }

  for (const select of Object.values(filters)) select.addEventListener('change', () => void tick(true))
  own.addEventListener('change', () => {
    // The sandbox clears the clients' journal only: not what the list shows while this is ticked.
    byId('journal-clear', HTMLButtonElement).disabled = own.checked
    void tick(true)
  })
  for (const select of keySelects) select.addEventListener('change', () => showChoice(select))
  byId('journal-clear', HTMLButtonElement).addEventListener('click', () => {
    void client
      .admin('DELETE', 'requests')
      .then(() => tick(true))
      .catch(report)
  })
  onSubmit(byId('try-form', HTMLFormElement), async () => {
    const project = byId('try-project', HTMLInputElement).value.trim()
    // Sent on purpose, to try the API: a client's request, which counts and goes into the clients' journal.
    const answer = await client.api(
      {
        endpoint: byId('try-endpoint', HTMLSelectElement).value,
        key: byId('try-key', HTMLSelectElement).value,
        headers: project === '' ? {} : { 'X-Project-ID': project },
      },
      { observe: false },
    )
    byId('try-answer', HTMLElement).textContent = `${answer.status} ${errorOf(answer.envelope) ?? ''} ${answer.envelope.message}`
    await tick()
  })

  return {
    /** Loads the journal and keeps it live. */
    start: () => tick(true),
    keysChanged,
    /** Reads new requests (and what is read along) now, after the page itself made some or moved the clock. */
    refresh: () => tick(),
  }
}
