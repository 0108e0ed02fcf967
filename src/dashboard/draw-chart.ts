import uPlot from 'uplot'
import { countOf } from './count-of.js'
import { h } from './dom.js'
import { restingLegend, type ScorePoint } from './resting-legend.js'

export type { ScorePoint } from './resting-legend.js'

const HEIGHT = 260

/** Seconds since 1970 of a UTC calendar date, uPlot's time axis. */
const secondsOf = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000

/** A UTC calendar date of uPlot's time axis, as the API writes it. */
const dateOf = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10)

/** The chart's element carries the uPlot instance it draws, so a test can read the points drawn. */
export interface ChartHost extends HTMLElement {
  chart?: uPlot
}

/**
 * Draws a project's visibility history in `host` (replacing what was there) as uPlot draws time
 * series: one point a date, dates in UTC as the API counts them, scores on a fixed 0–100 scale. The
 * legend shows the point hovered, and the latest one the rest of the time ({@link restingLegend}).
 *
 * @example
 * drawVisibility(byId('visibility-chart', HTMLElement), monitoring.visibility_score.history)
 */
export function drawVisibility(host: ChartHost, history: readonly ScorePoint[]): void {
  host.chart?.destroy()
  const data: uPlot.AlignedData = [history.map((point) => secondsOf(point.date)), history.map((point) => point.score)]
  const resting = restingLegend(history)
  const options: uPlot.Options = {
    width: Math.max(280, host.clientWidth),
    height: HEIGHT,
    tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
    scales: { y: { range: [0, 100] } },
    series: [
      // uPlot asks with no index while no point is hovered.
      { label: 'Date', value: (_chart, seconds, _series, index) => (index === null ? resting.date : dateOf(seconds)) },
      {
        label: 'Visibility score',
        value: (_chart, score, _series, index) => (index === null ? resting.score : score),
        stroke: '#1d4ed8',
        width: 2,
        fill: 'rgba(29, 78, 216, 0.08)',
        points: { show: history.length <= 62 },
      },
    ],
    axes: [{ stroke: '#1f2937' }, { stroke: '#1f2937', label: 'Score' }],
  }
  host.replaceChildren()
  host.chart = new uPlot(options, data, host)
}

/**
 * Redraws the chart in `host` at the width its box now has, as the window is resized.
 *
 * @example
 * addEventListener('resize', () => fitChart(host))
 */
export function fitChart(host: ChartHost): void {
  host.chart?.setSize({ width: Math.max(280, host.clientWidth), height: HEIGHT })
}

/** The shares of `/overview`'s `sentiment_analysis`. */
export interface Sentiment {
  readonly positive: number
  readonly neutral: number
  readonly negative: number
}

/**
 * The sentiment shares as one bar of three parts, each labelled with its percentage.
 *
 * @example
 * host.replaceChildren(sentimentBar({ positive: 0.5, neutral: 0.3, negative: 0.2 }))
 */
export function sentimentBar(sentiment: Sentiment): HTMLElement {
  const parts = (['positive', 'neutral', 'negative'] as const).map((name) => {
    const percent = `${(sentiment[name] * 100).toFixed(1)}%`
    const part = h('span', { class: `share ${name}`, title: `${name} ${percent}` })
    part.style.width = percent
    return { part, label: h('li', {}, h('span', { class: `swatch ${name}`, 'aria-hidden': 'true' }), `${name} ${percent}`) }
  })
  return h(
    'div',
    { class: 'sentiment' },
    h('div', { class: 'bar', 'aria-hidden': 'true' }, ...parts.map(({ part }) => part)),
    h('ul', { class: 'legend' }, ...parts.map(({ label }) => label)),
  )
}

/**
 * The points as a table, for whoever cannot see the chart (and to copy them).
 */
export function pointsTable(history: readonly ScorePoint[]): HTMLTableElement {
  return h(
    'table',
    { class: 'points' },
    h('caption', {}, countOf(history.length, 'date')),
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Date'), h('th', { scope: 'col' }, 'Visibility score'))),
    h('tbody', {}, ...history.map((point) => h('tr', {}, h('td', {}, point.date), h('td', {}, point.score)))),
  )
}
