import type { ApiClient } from './api-client.js'
import { cutOption, isolate, showChoice } from './cut-text.js'
import { announce, byId, h, report } from './dom.js'
import type { SessionView } from './records.js'

/** The address's fragment that names the session shown, so a link opens it: `#session=<id>`. */
const HASH_PREFIX = '#session='

/** The picker's value for the process's own sandbox: a session id is never empty. */
const ROOT = ''

/** The name the page gives a session: its label, else its id. */
const nameOf = (session: Pick<SessionView, 'id' | 'label'>) => (session.label === null || session.label === '' ? session.id : session.label)

/** The session the address names, if any. */
function sessionInHash(): string | undefined {
  if (!location.hash.startsWith(HASH_PREFIX)) return undefined
  let id = location.hash.slice(HASH_PREFIX.length)
  try {
    id = decodeURIComponent(id)
  } catch {
    // Not an id the sandbox gave (those need no escapes): it names no live session, and the page says so.
  }
  return id === '' ? undefined : id
}

/** Puts the session shown in the address, without a new history entry (nor a `hashchange`). */
function writeHash(id: string | undefined): void {
  const next = id === undefined ? `${location.pathname}${location.search}` : `${HASH_PREFIX}${encodeURIComponent(id)}`
  if ((id === undefined ? '' : next) !== location.hash) history.replaceState(null, '', next)
}

/**
 * The sandbox picker at the top of the page: the process's own sandbox, and every live session
 * (read from the root's `GET /__sandbox/sessions` each time `load` runs, whichever is shown). Picking
 * one points the client at it ({@link ApiClient.show}) and runs `onSwitch`, which loads every panel
 * anew; the address keeps the choice (`#session=<id>`), so a link opens it. A session that ended
 * (gone from the list, or answering `session_not_found`: `ended`) gives way to the process's own
 * sandbox, and the status line says so.
 *
 * @example
 * const picker = createSandboxPicker(client, () => loadAll())
 * await picker.start()
 */
export function createSandboxPicker(client: ApiClient, onSwitch: () => Promise<void>) {
  const select = byId('sandbox-picker', HTMLSelectElement)
  /** The live sessions as last listed (and the one shown, until it is left): their names by id. */
  let names = new Map<string, string>()
  /** Ids and names as drawn: the options are replaced only when these change, so an open list stays open. */
  let drawn = ''

  const describe = (id: string | undefined) => (id === undefined ? "the process's own sandbox" : `session ${isolate(names.get(id) ?? id)}`)

  function draw(): void {
    const text = JSON.stringify([...names])
    if (text !== drawn) {
      drawn = text
      select.replaceChildren(
        h('option', { value: ROOT }, "The process's own sandbox"),
        ...[...names].map(([id, name]) => cutOption(id, isolate(name))),
      )
    }
    select.value = client.shown ?? ROOT
    showChoice(select)
  }

  /** Points the client at `id` (`undefined`: the process's own sandbox), and the picker and address with it. */
  function point(id: string | undefined): void {
    client.show(id)
    writeHash(id)
    draw()
  }

  /** Shows `id` and loads every panel for it. */
  async function show(id: string | undefined): Promise<void> {
    point(id)
    announce(`Showing ${describe(id)}`)
    await onSwitch()
  }

  /**
   * The session `id` ended (or went unused past its time): if the page shows it, back to the
   * process's own sandbox, saying so. Called by the client on a `session_not_found`, and by `load`.
   */
  function ended(id: string): void {
    if (client.shown !== id) return
    const name = describe(id)
    names.delete(id)
    point(undefined)
    announce(`The ${name} ended: showing the process's own sandbox`)
    void onSwitch().catch(report)
  }

  /** Reads the live sessions, at the root whichever sandbox is shown. */
  async function list(): Promise<readonly SessionView[]> {
    const { sessions } = await client.adminAtRoot<{ sessions: SessionView[] }>('GET', 'sessions')
    names = new Map(sessions.map((session) => [session.id, nameOf(session)]))
    return sessions
  }

  /** Follows the list of sessions: a session shown that is no longer among them is left, with a note. */
  async function load(): Promise<void> {
    const shown = client.shown
    const name = shown === undefined ? undefined : names.get(shown)
    const sessions = await list()
    // Switched while the list was read: the list says nothing of the one now shown.
    if (client.shown === shown && shown !== undefined && !sessions.some((session) => session.id === shown)) {
      if (name !== undefined) names.set(shown, name)
      ended(shown)
      return
    }
    draw()
  }

  /** Lists the sessions and points the client at the one the address names, when it lives. */
  async function start(): Promise<void> {
    await list()
    const wanted = sessionInHash()
    if (wanted === undefined || names.has(wanted)) {
      point(wanted)
      return
    }
    point(undefined)
    announce(`No live session has the id ${isolate(wanted)}: showing the process's own sandbox`)
  }

  select.addEventListener('change', () => void show(select.value === ROOT ? undefined : select.value).catch(report))
  // A link to another session followed in this tab, or the address edited.
  addEventListener('hashchange', () => {
    const wanted = sessionInHash()
    if (wanted === client.shown) return
    if (wanted === undefined || names.has(wanted)) {
      void show(wanted).catch(report)
      return
    }
    writeHash(client.shown)
    announce(`No live session has the id ${isolate(wanted)}: still showing ${describe(client.shown)}`)
  })

  return { start, load, ended }
}
