// First: uPlot reads the browser's language as it loads.
import './use-known-language.js'
import 'uplot/dist/uPlot.min.css'
import './dashboard.css'
import { createApiClient } from './api-client.js'
import { askToken } from './ask-token.js'
import { createBehaviourPanel } from './behaviour-panel.js'
import { createClockPanel } from './clock-panel.js'
import { createContactLine } from './contact-line.js'
import { countOf } from './count-of.js'
import { createCoveragePanel } from './coverage-panel.js'
import { announce, byId, report } from './dom.js'
import { createJournalPanel } from './journal-panel.js'
import { createKeysPanel } from './keys-panel.js'
import { createProjectsPanel } from './projects-panel.js'
import type { Health } from './records.js'
import { createSandboxPicker } from './sandbox-picker.js'
import { createScenariosPanel } from './scenarios-panel.js'

import { STATE_POLL_MS } from './state-poll.js'

// A session that answers session_not_found has ended: the picker goes back to the process's own sandbox.
const client = createApiClient(askToken, (id) => picker.ended(id))
const contact = createContactLine()
const keysChanged = () => {
  journal.keysChanged()
  void projects.loadAccounts().catch(report)
}
const keys = createKeysPanel(client, keysChanged)
const clock = createClockPanel(client, () => {
  // The header's today with it.
  void journal.refresh()
  void keys.load().then(keysChanged).catch(report)
})
const projects = createProjectsPanel(
  client,
  () => keys.keys,
  () => clock.state?.today,
)
const scenarios = createScenariosPanel(client, () => void projects.refresh().catch(report))
const journal = createJournalPanel(client, () => keys.keys, readHealth, contact)
const behaviour = createBehaviourPanel(client)
// A Send is a client's request: the journal and the verdicts show it at once.
const coverage = createCoveragePanel(client, () => {
  void journal.refresh()
  void behaviour.load().catch(report)
})
const picker = createSandboxPicker(client, async () => {
  byId('app', HTMLElement).setAttribute('aria-busy', 'true')
  await Promise.all([loadAll(), journal.start()])
})

/**
 * Reads the header's line (today, seed, requests recorded) with each read of the journal, and gives
 * what shows it: so it never lags the journal's rows, nor a clock the page moved.
 */
async function readHealth(): Promise<() => void> {
  const health = await client.admin<Health>('GET', 'health')
  return () => {
    byId('summary', HTMLElement).textContent =
      `Today ${health.today} · seed ${health.seed} · ${countOf(health.requests, 'request')} recorded`
  }
}

/** Loads everything anew: at start, after a reset, and for another sandbox (the journal and the header's line: `journal.start`). */
async function loadAll(): Promise<void> {
  await Promise.all([clock.load(), scenarios.load(), keys.load(), coverage.load(), behaviour.load()])
  journal.keysChanged()
  await projects.loadAccounts()
  byId('app', HTMLElement).setAttribute('aria-busy', 'false')
}

/**
 * Follows changes made by others, while the page is visible: the live sessions (leaving one that
 * ended), then the scenarios (and the chart, which they change), the clock, the keys, the client
 * report and the behaviour verdicts of the sandbox shown. The contact line says when it fails, and
 * when it gets through again.
 */
async function follow(): Promise<void> {
  if (document.visibilityState !== 'visible') return
  try {
    await followState()
  } catch (error) {
    contact.lost('state', error)
    return
  }
  contact.regained('state')
}

/** One look at what others changed: {@link follow}'s. */
async function followState(): Promise<void> {
  await picker.load()
  const health = await client.admin<Health>('GET', 'health')
  const before = clock.state?.today
  await Promise.all([clock.load(), coverage.load(), behaviour.load()])
  const scenariosMoved = health.active_scenarios.join() !== scenarios.active.join()
  if (scenariosMoved) await scenarios.load()
  // Either lists the projects and draws again, as the scenarios now in force answer.
  if ((await keys.load()) || before !== clock.state?.today) keysChanged()
  else if (scenariosMoved) await projects.refresh()
}

byId('reset', HTMLButtonElement).addEventListener('click', () => {
  void client
    .admin('POST', 'reset')
    .then(async () => {
      await loadAll()
      await journal.start()
      announce('The sandbox is back at its start: keys, projects, clock, scenarios, journal, client report and behaviour verdicts')
    })
    .catch(report)
})

// The sessions first: the address may name one to show.
void picker
  .start()
  .then(() => Promise.all([loadAll(), journal.start()]))
  .catch(report)
  .finally(() => setInterval(() => void follow(), STATE_POLL_MS))
