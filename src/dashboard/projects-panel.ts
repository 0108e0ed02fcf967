import { PROVIDERS } from '../vocabulary/providers.js'
import { errorOf, type ApiAnswer, type ApiClient, type ApiRequest } from './api-client.js'
import { cutOption, isolate, showChoice } from './cut-text.js'
import { daysBefore } from './days-before.js'
import { announce, byId, h, report } from './dom.js'
import { drawVisibility, fitChart, pointsTable, sentimentBar, type ChartHost, type ScorePoint, type Sentiment } from './draw-chart.js'
import type { KeyRecord, Project } from './records.js'

interface Monitoring {
  readonly visibility_score: { readonly current: number; readonly history: readonly ScorePoint[] }
  readonly historical_comparison: { readonly trend: string; readonly change_percentage: number }
}

interface Overview {
  readonly sentiment_analysis: Sentiment
}

/** Days before the clock's today that the first range starts: the API's default range, 30 days. */
const DEFAULT_DAYS = 30

/** The key an account reads its projects with: a valid USER key, else a valid PROJECT key. */
function readerOf(keys: readonly KeyRecord[], userId: number): KeyRecord | undefined {
  const valid = keys.filter((record) => record.user_id === userId && record.state === 'valid')
  return valid.find((record) => record.level === 'USER') ?? valid[0]
}

/** `status error: message` of a failed answer. */
function describe(answer: ApiAnswer): string {
  return `${answer.status} ${errorOf(answer.envelope) ?? ''}: ${answer.envelope.message}`.replace(' :', ':')
}

/**
 * The projects panel: pick an account and one of its projects (listed by `/api/v1/projects` with a
 * key that can see them), a provider and a range; it draws the visibility history of `/monitoring`
 * and the sentiment shares of `/overview`, fetched with that key as any client would. What keeps it
 * from drawing (an error, an account with no projects) shows alone, never over the figures of before;
 * projects it cannot list stay as last listed for the same account.
 *
 * @example
 * const projects = createProjectsPanel(client, () => keys.keys, () => clock.state?.today)
 * await projects.loadAccounts()
 */
export function createProjectsPanel(client: ApiClient, keysOf: () => readonly KeyRecord[], todayOf: () => string | undefined) {
  const account = byId('chart-account', HTMLSelectElement)
  const project = byId('chart-project', HTMLSelectElement)
  const provider = byId('chart-provider', HTMLSelectElement)
  const start = byId('chart-start', HTMLInputElement)
  const end = byId('chart-end', HTMLInputElement)
  const answer = byId('chart-answer', HTMLElement)
  const chart: ChartHost = byId('visibility-chart', HTMLElement)
  let datesChosen = false
  let drawing = 0
  let listing = 0
  let reader: KeyRecord | undefined
  /** The account whose projects the project picker lists: `undefined` while it lists none it could read. */
  let listedFor: number | undefined

  provider.append(...PROVIDERS.map((id) => h('option', { value: id }, id)))

  function setRange(days: number): void {
    const today = todayOf()
    if (today === undefined) return
    end.value = today
    start.value = daysBefore(today, days - 1)
  }

  async function loadAccounts(): Promise<void> {
    const keys = keysOf()
    const ids = [...new Set(keys.map((record) => record.user_id))].filter((id) => readerOf(keys, id) !== undefined).sort((a, b) => a - b)
    const chosen = account.value
    account.replaceChildren(...ids.map((id) => cutOption(id, `Account ${id} (${readerOf(keys, id)?.key})`)))
    if (ids.map(String).includes(chosen)) account.value = chosen
    showChoice(account)
    await loadProjects()
  }

  /**
   * Shows `message` in the answer line and nothing under it: no chart, no sentiment, no points, and
   * the curl of the request that led there (none by default). Whatever stops the page from drawing
   * a project (an error, no project, no key) comes here, so no message stands over another
   * project's figures.
   */
  function showNoFigures(message: string, failed: boolean, curl = ''): void {
    answer.textContent = message
    answer.className = failed ? 'answer failed' : 'answer'
    chart.chart?.destroy()
    delete chart.chart
    chart.replaceChildren()
    byId('sentiment', HTMLElement).replaceChildren()
    byId('chart-table', HTMLElement).replaceChildren()
    byId('chart-curl', HTMLElement).textContent = curl
  }

  async function loadProjects(): Promise<void> {
    reader = readerOf(keysOf(), Number(account.value))
    const turn = ++listing
    // A draw still running is for what was chosen before: its answer must not land after this one.
    drawing++
    if (reader === undefined) {
      project.replaceChildren()
      showChoice(project)
      listedFor = undefined
      showNoFigures('No account has a valid key: make one in Keys and accounts.', false)
      return
    }
    const listed = await client.api<{ projects: Project[] }>({ endpoint: 'projects', key: reader.key })
    // An older listing finishing late must not replace a newer one.
    if (turn !== listing) return
    if (!listed.envelope.success) {
      // The account's projects as last listed stay to choose from; another account's never stand for its own.
      if (listedFor !== reader.user_id) {
        project.replaceChildren(h('option', { value: '' }, 'Cannot list the projects'))
        showChoice(project)
        listedFor = undefined
      }
      showNoFigures(`/projects answered ${describe(listed)}`, true, listed.curl)
      return
    }
    const chosen = project.value
    const { projects } = listed.envelope.data
    project.replaceChildren(
      ...projects.map((item) => cutOption(item.id, `${item.id} ${isolate(item.display_name)} (${isolate(item.domain)})`)),
    )
    if (projects.some((item) => String(item.id) === chosen)) project.value = chosen
    showChoice(project)
    listedFor = reader.user_id
    await draw()
  }

  async function draw(): Promise<void> {
    if (!datesChosen) setRange(DEFAULT_DAYS)
    const id = Number(project.value)
    const turn = ++drawing
    // Its projects could not be listed: the answer line says why, and there is nothing to draw.
    if (reader === undefined || listedFor === undefined) return
    if (!(id > 0)) {
      showNoFigures('This account has no projects.', false)
      return
    }
    const query: Record<string, string> = { start_date: start.value, end_date: end.value }
    if (provider.value !== '') query.provider = provider.value
    const request = { key: reader.key, projectId: id, query } satisfies Omit<ApiRequest, 'endpoint'>
    const [monitoring, overview] = await Promise.all([
      client.api<Monitoring>({ ...request, endpoint: 'monitoring' }),
      client.api<Overview>({ ...request, endpoint: 'overview' }),
    ])
    // An older draw finishing late must not replace a newer one.
    if (turn !== drawing) return
    if (!monitoring.envelope.success || !overview.envelope.success) {
      const failed = monitoring.envelope.success ? overview : monitoring
      showNoFigures(`The API answered ${describe(failed)}`, true, failed.curl)
      return
    }
    const { visibility_score: score, historical_comparison: comparison } = monitoring.envelope.data
    answer.className = 'answer'
    const change = `${comparison.change_percentage > 0 ? '+' : ''}${comparison.change_percentage}%`
    answer.textContent = `${monitoring.envelope.message}. Visibility ${score.current}: ${comparison.trend} (${change} on the period before).`
    drawVisibility(chart, score.history)
    byId('sentiment', HTMLElement).replaceChildren(sentimentBar(overview.envelope.data.sentiment_analysis))
    byId('chart-table', HTMLElement).replaceChildren(pointsTable(score.history))
    byId('chart-curl', HTMLElement).textContent = monitoring.curl
  }

  const redraw = () => void draw().catch(report)
  account.addEventListener('change', () => {
    showChoice(account)
    void loadProjects().catch(report)
  })
  project.addEventListener('change', () => {
    showChoice(project)
    redraw()
  })
  provider.addEventListener('change', redraw)
  for (const input of [start, end]) {
    input.addEventListener('change', () => {
      datesChosen = true
      redraw()
    })
  }
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-range-days]')) {
    button.addEventListener('click', () => {
      datesChosen = true
      setRange(Number(button.dataset.rangeDays))
      redraw()
    })
  }
  byId('chart-copy', HTMLButtonElement).addEventListener('click', () => {
    void navigator.clipboard
      .writeText(byId('chart-curl', HTMLElement).textContent ?? '')
      .then(() => announce('Copied the request as curl'))
      .catch(() => announce('Select the request and copy it'))
  })
  addEventListener('resize', () => fitChart(chart))

  return { loadAccounts, refresh: loadProjects }
}
