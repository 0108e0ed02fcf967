import { daysInMonth } from '../vocabulary/calendar-date.js'
import type { ApiClient } from './api-client.js'
import { LAST_DATE } from './days-before.js'
import { announce, byId, onSubmit, report } from './dom.js'
import { instantText, typedInstant } from './instant-text.js'
import type { ClockState } from './records.js'

/** The clock's last second: it never passes the end of 9999, and a year 10000 is no date the API reads. */
const LAST_NOW = `${LAST_DATE}T23:59:59Z`

/**
 * A month after `now`, on the same day (or the month's last): the admin API moves the clock by
 * weeks to seconds only, since a month has no fixed length, so the page works out the date. In
 * December 9999 it is the clock's last second.
 *
 * @example
 * monthAfter('2026-01-31T10:00:00Z') // '2026-02-28T10:00:00Z'
 * monthAfter('9999-12-15T10:00:00Z') // '9999-12-31T23:59:59Z'
 */
export function monthAfter(now: string): string {
  const date = new Date(now)
  const day = date.getUTCDate()
  date.setUTCDate(1)
  date.setUTCMonth(date.getUTCMonth() + 1)
  // Not Date.UTC, which reads the years 0 to 99 as 1900 to 1999.
  date.setUTCDate(Math.min(day, daysInMonth(date.getUTCFullYear(), date.getUTCMonth() + 1)))
  if (date.getUTCFullYear() > 9999) return LAST_NOW
  return date.toISOString().replace(/\.\d+Z$/, 'Z')
}

/**
 * The clock panel: the sandbox's now, set it (frozen there), move it on by a day, a week or a month,
 * or send it back to the start clock. `onChange` runs after the page moved it. Its now, its today and
 * its field are written alike, as the API writes them ({@link instantText}): a browser's date-time
 * field would show the now in the browser's own format beside the ISO one.
 *
 * @example
 * const clock = createClockPanel(client, () => keys.load())
 * await clock.load()
 */
export function createClockPanel(client: ApiClient, onChange: () => void) {
  const input = byId('clock-input', HTMLInputElement)
  let state: ClockState | undefined

  function show(next: ClockState): void {
    const changed = state?.now !== next.now || state.frozen !== next.frozen
    state = next
    if (!changed) return
    byId('clock-now', HTMLElement).textContent = instantText(next.now)
    byId('clock-today', HTMLElement).textContent = next.today
    byId('clock-mode', HTMLElement).textContent = next.frozen ? 'frozen' : 'running'
    if (document.activeElement !== input) input.value = instantText(next.now)
  }

  async function put(body: Readonly<Record<string, string | null>>): Promise<void> {
    show(await client.admin<ClockState>('PUT', 'clock', body))
    announce(`The clock is at ${state === undefined ? '' : instantText(state.now)}`)
    onChange()
  }

  async function load(): Promise<void> {
    show(await client.admin<ClockState>('GET', 'clock'))
  }

  // What is typed is read as UTC, the sandbox's only zone.
  onSubmit(byId('clock-form', HTMLFormElement), () => put({ now: typedInstant(input.value) }))
  for (const [id, advance] of [
    ['clock-day', 'P1D'],
    ['clock-week', 'P1W'],
  ] as const) {
    byId(id, HTMLButtonElement).addEventListener('click', () => void put({ advance }).catch(report))
  }
  byId('clock-month', HTMLButtonElement).addEventListener(
    'click',
    () => void put({ now: monthAfter(state?.now ?? new Date().toISOString()) }).catch(report),
  )
  byId('clock-start', HTMLButtonElement).addEventListener('click', () => void put({ now: null }).catch(report))

  return {
    load,
    /** The clock as last seen. */
    get state(): ClockState | undefined {
      return state
    },
  }
}
