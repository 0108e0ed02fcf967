// First: uPlot reads the browser's language as it loads.
import './use-known-language.js'
import 'uplot/dist/uPlot.min.css'
import './dashboard.css'
import { createApiClient } from './api-client.js'
import { askToken } from './ask-token.js'
import { createClockPanel } from './clock-panel.js'
import { createCoveragePanel } from './coverage-panel.js'
import { announce, byId, report } from './dom.js'
import { createJournalPanel } from './journal-panel.js'
import { createKeysPanel } from './keys-panel.js'
import { createProjectsPanel } from './projects-panel.js'
import type { Health } from './records.js'
import { createScenariosPanel } from './scenarios-panel.js'

/** How often the page looks for changes made elsewhere (a test, a script, another tab). */
const STATE_POLL_MS = 3000

const client = createApiClient(askToken)
const keysChanged = () => {
  journal.keysChanged()
  void projects.loadAccounts().catch(report)
}
const keys = createKeysPanel(client, keysChanged)
const clock = createClockPanel(client, () => {
  void keys.load().then(keysChanged).catch(report)
})
const projects = createProjectsPanel(
  client,
  () => keys.keys,
  () => clock.state?.today,
)
const scenarios = createScenariosPanel(client, () => void projects.refresh().catch(report))
const journal = createJournalPanel(client, () => keys.keys)
const coverage = createCoveragePanel(client, () => void journal.refresh())

function showHealth(health: Health): void {
  byId('summary', HTMLElement).textContent = `Today ${health.today} · seed ${health.seed} · ${health.requests} requests recorded`
}

/** Loads everything anew: at start, and after a reset. */
async function loadAll(): Promise<void> {
  await Promise.all([clock.load(), scenarios.load(), keys.load(), coverage.load()])
  showHealth(await client.admin<Health>('GET', 'health'))
  journal.keysChanged()
  await projects.loadAccounts()
}

/** Follows changes made by others: scenarios, the clock, the keys and the client report, while the page is visible. */
async function follow(): Promise<void> {
  if (document.visibilityState !== 'visible') return
  const health = await client.admin<Health>('GET', 'health')
  showHealth(health)
  const before = clock.state?.today
  await Promise.all([clock.load(), coverage.load()])
  if (health.active_scenarios.join() !== scenarios.active.join()) await scenarios.load()
  if ((await keys.load()) || before !== clock.state?.today) keysChanged()
}

byId('reset', HTMLButtonElement).addEventListener('click', () => {
  void client
    .admin('POST', 'reset')
    .then(async () => {
      await loadAll()
      await journal.start()
      announce('The sandbox is back at its start: keys, projects, clock, scenarios, journal and client report')
    })
    .catch(report)
})

void loadAll()
  .then(() => {
    byId('app', HTMLElement).setAttribute('aria-busy', 'false')
    setInterval(() => void follow().catch(() => undefined), STATE_POLL_MS)
  })
  .catch(report)
void journal.start()
