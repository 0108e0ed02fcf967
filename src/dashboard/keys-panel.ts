import type { ApiClient } from './api-client.js'
import { countOf } from './count-of.js'
import { cutText } from './cut-text.js'
import { isDocumentedKey } from './documented-keys.js'
import { announce, byId, h, onSubmit, report } from './dom.js'
import type { KeyRecord } from './records.js'

/** Rows shown at most: a sandbox with thousands of keys is searched, not scrolled. */
export const MAX_KEY_ROWS = 200

/** The keys table's columns: a heading each, and a width in dashboard.css (`.col-key`, …). */
const COLUMNS = ['Key', 'Level', 'Expires', 'State', 'Action'] as const

/** What `POST /__sandbox/accounts` answers. */
interface CreatedAccount {
  readonly user_id: number
  readonly user_key: string
  readonly project_keys: Readonly<Record<string, string>>
}

async function copy(key: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(key)
    announce(`Copied ${key}`)
  } catch {
    // A browser that refuses the clipboard still lets the person select the key and copy it.
    announce(`Select the key and copy it: ${key}`)
  }
}

/** What the Action cell holds for a documented key: no Revoke, and why. */
function fixedNote(key: string): HTMLElement {
  return h(
    'span',
    { class: 'fixed', title: `${key} is a documented key: it never changes, so tests can hard-code it. Make an account to revoke a key.` },
    'fixed',
  )
}

/**
 * The keys and accounts panel: every key with its state at the clock's now, grouped by account;
 * copy a key, revoke one, make an account. A documented key is never offered to revoke
 * ({@link isDocumentedKey}): the README promises it never changes. `onChange` runs after the page
 * changed keys.
 *
 * @example
 * const keys = createKeysPanel(client, () => projects.loadAccounts())
 * await keys.load()
 */
export function createKeysPanel(client: ApiClient, onChange: () => void) {
  const list = byId('key-list', HTMLElement)
  const search = byId('key-search', HTMLInputElement)
  let keys: readonly KeyRecord[] = []
  let fresh = new Set<string>()
  let loaded = ''

  function row(record: KeyRecord): HTMLTableRowElement {
    return h(
      'tr',
      { class: fresh.has(record.key) ? 'fresh' : undefined, 'data-key': record.key },
      h(
        'td',
        {},
        h(
          'div',
          { class: 'key-cell' },
          cutText('code', record.key),
          h('button', { type: 'button', class: 'small', 'aria-label': `Copy ${record.key}`, onclick: () => void copy(record.key) }, 'Copy'),
        ),
      ),
      h('td', {}, cutText('span', record.level === 'USER' ? 'USER' : `PROJECT ${record.project_id}`)),
      h('td', {}, record.expiry.slice(0, 10)),
      h('td', {}, h('span', { class: `state ${record.state}` }, record.state)),
      h('td', {}, action(record)),
    )
  }

  /** A key's Action cell: Revoke, but for a documented key (it never changes) or one already revoked. */
  function action(record: KeyRecord): HTMLElement | string {
    if (isDocumentedKey(record.key)) return fixedNote(record.key)
    if (record.revoked) return ''
    return h(
      'button',
      { type: 'button', class: 'small', 'aria-label': `Revoke ${record.key}`, onclick: () => void revoke(record.key).catch(report) },
      'Revoke',
    )
  }

  function render(): void {
    const needle = search.value.trim().toLowerCase()
    const shown = (
      needle === '' ? keys : keys.filter((record) => `${record.key} ${record.name} user ${record.user_id}`.toLowerCase().includes(needle))
    ).slice(0, MAX_KEY_ROWS)
    const accounts = new Map<number, KeyRecord[]>()
    for (const record of shown) {
      const group = accounts.get(record.user_id)
      if (group === undefined) accounts.set(record.user_id, [record])
      else group.push(record)
    }
    const tables = [...accounts].map(([userId, records]) =>
      h(
        'table',
        { class: 'keys' },
        h('caption', {}, `Account ${userId}`),
        // Fixed widths but the key's (table-layout: fixed): a long key is cut, and never pushes the
        // Revoke buttons out of the panel.
        h('colgroup', {}, ...COLUMNS.map((title) => h('col', { class: `col-${title.toLowerCase()}` }))),
        h('thead', {}, h('tr', {}, ...COLUMNS.map((title) => h('th', { scope: 'col' }, title)))),
        h('tbody', {}, ...records.map(row)),
      ),
    )
    const more =
      keys.length > shown.length && needle === ''
        ? h('p', {}, `Showing ${shown.length} of ${countOf(keys.length, 'key')}: search to find the others.`)
        : null
    list.replaceChildren(...tables, more ?? '')
  }

  /** Loads the keys; redraws (and says `true`) only when they changed, so focus and selection stay. */
  async function load(): Promise<boolean> {
    const next = (await client.admin<{ keys: KeyRecord[] }>('GET', 'keys')).keys
    const text = JSON.stringify(next)
    if (text === loaded) return false
    loaded = text
    keys = next
    render()
    return true
  }

  async function revoke(key: string): Promise<void> {
    await client.admin('PATCH', `keys/${encodeURIComponent(key)}`, { revoked: true })
    announce(`Revoked ${key}: the API now refuses it with 401`)
    await load()
    onChange()
  }

  search.addEventListener('input', render)
  const form = byId('create-account', HTMLFormElement)
  onSubmit(form, async () => {
    const projects = Number(byId('account-projects', HTMLInputElement).value)
    const account = await client.admin<CreatedAccount>('POST', 'accounts', { projects })
    fresh = new Set([account.user_key, ...Object.values(account.project_keys)])
    announce(`Account ${account.user_id} made: its USER key is ${account.user_key}`)
    await load()
    onChange()
  })

  return {
    load,
    /** The keys as last loaded. */
    get keys(): readonly KeyRecord[] {
      return keys
    },
  }
}
