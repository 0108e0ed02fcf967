import { beforeAll, describe, expect, it } from 'vitest'
import { createCell } from '../../../src/analytics/cell-metrics.js'
import { createAnalytics, SERIES_BLOCK_DAYS } from '../../../src/analytics/create-analytics.js'
import { buildDailySeries, type DailySeries } from '../../../src/analytics/daily-series.js'
import type { Model } from '../../../src/model/create-model.js'
import type { ProjectEntry } from '../../../src/model/model-index.js'
import { TODAY, day, loadDefaultModel, projectEntry } from '../support/default-model.js'
import { THIS_PROCESS } from '../../../src/sandbox/this-process.js'

let model: Model
let entry101: ProjectEntry
let entry201: ProjectEntry

beforeAll(async () => {
  model = await loadDefaultModel()
  entry101 = projectEntry(model, 101)
  entry201 = projectEntry(model, 201)
})

function expectIntegerScores(values: Int32Array): void {
  let bad = 0
  for (const value of values) if (!Number.isInteger(value) || value < 0 || value > 10_000) bad++
  expect(bad).toBe(0)
}

function expectConsistentPrefixSums(series: DailySeries): void {
  let bad = 0
  for (let offset = 0; offset < series.length; offset++) {
    if (series.visibilitySum[offset + 1]! - series.visibilitySum[offset]! !== series.visibility[offset]) bad++
    for (const prefix of [series.positiveSum, series.neutralSum, series.negativeSum]) {
      const count = prefix[offset + 1]! - prefix[offset]!
      if (!Number.isInteger(count) || count < 0) bad++
    }
  }
  expect(bad).toBe(0)
  expect(series.visibilitySum[0]).toBe(0)
}

/** Days before the last one a request needs at most: a 366-day range and the period before it. */
const WINDOW = 731

describe('createAnalytics: series of the default projects', () => {
  it('covers the days a request needs, from the block of its first day (never before creation) to today, at most two blocks long', () => {
    const analytics = createAnalytics(42, THIS_PROCESS.series)
    expect(entry101.createdDay).toBe(day('2023-03-14'))
    const series = analytics.seriesFor(entry101, undefined, undefined, TODAY - WINDOW, TODAY)
    const block = Math.floor((TODAY - WINDOW) / SERIES_BLOCK_DAYS) * SERIES_BLOCK_DAYS
    expect(series.firstDay).toBe(Math.max(entry101.createdDay, block))
    expect(series.length).toBe(TODAY - series.firstDay + 1)
    const young = analytics.seriesFor(entry201, undefined, undefined, TODAY - 59, TODAY)
    expect(young.firstDay).toBe(day('2024-01-10'))
    expect(young.length).toBe(TODAY - day('2024-01-10') + 1)
    const old = analytics.seriesFor(entry101, undefined, undefined, day('2023-06-01'), TODAY)
    expect(old.firstDay).toBe(Math.max(entry101.createdDay, Math.floor(day('2023-06-01') / SERIES_BLOCK_DAYS) * SERIES_BLOCK_DAYS))
    expect(old.firstDay + old.length - 1).toBe(
      Math.min(TODAY, (Math.floor(day('2023-06-01') / SERIES_BLOCK_DAYS) + 2) * SERIES_BLOCK_DAYS - 1),
    )
  })

  it('builds no more than two blocks of days for a project however old, and as many for any far-back range', () => {
    const ancient = { ...entry101, createdDay: day('0001-01-01'), revision: -1 }
    const analytics = createAnalytics(42, THIS_PROCESS.series)
    const started = performance.now()
    const series = analytics.seriesFor(ancient, undefined, undefined, TODAY - 59, TODAY)
    expect(series.length).toBeLessThanOrEqual(2 * SERIES_BLOCK_DAYS)
    expect(analytics.seriesFor(ancient, undefined, undefined, day('0500-01-01'), day('0500-12-31')).length).toBeLessThanOrEqual(
      2 * SERIES_BLOCK_DAYS,
    )
    expect(performance.now() - started).toBeLessThan(500)
  })

  it('keeps visibility, citation and sentiment integers in 0..10000', () => {
    const series = createAnalytics(42, THIS_PROCESS.series).seriesFor(entry101, undefined, undefined, TODAY - WINDOW, TODAY)
    expectIntegerScores(series.visibility)
    expectIntegerScores(series.citation)
    expectIntegerScores(series.sentiment)
  })

  it('keeps prefix sums consistent with the daily values, for all and for filtered series', () => {
    const analytics = createAnalytics(42, THIS_PROCESS.series)
    expectConsistentPrefixSums(analytics.seriesFor(entry101, undefined, undefined, TODAY - WINDOW, TODAY))
    expectConsistentPrefixSums(analytics.seriesFor(entry101, 'claude', 'CA', TODAY - WINDOW, TODAY))
  })

  it('gives a day the same value whatever "today" is', () => {
    const analytics = createAnalytics(42, THIS_PROCESS.series)
    const early = analytics.seriesFor(entry101, undefined, undefined, day('2024-03-01') - WINDOW, day('2024-03-01'))
    const late = analytics.seriesFor(entry101, undefined, undefined, day('2024-01-01'), TODAY)
    expect(early.firstDay + early.length).toBeLessThan(late.firstDay + late.length)
    // Compared day by day over the days both cover (they may start in different blocks).
    const first = Math.max(early.firstDay, late.firstDay)
    const last = early.firstDay + early.length - 1
    expect(last - first).toBeGreaterThan(300)
    const days = (series: DailySeries, values: Int32Array) =>
      Array.from(values.subarray(first - series.firstDay, last - series.firstDay + 1))
    expect(days(late, late.visibility)).toEqual(days(early, early.visibility))
    expect(days(late, late.citation)).toEqual(days(early, early.citation))
    expect(days(late, late.sentiment)).toEqual(days(early, early.sentiment))
  })

  it('gives the same values for the same seed in a separate analytics instance', () => {
    const one = createAnalytics(42, THIS_PROCESS.series).seriesFor(entry101, undefined, undefined, TODAY - WINDOW, TODAY)
    const two = createAnalytics(42, THIS_PROCESS.series).seriesFor(entry101, undefined, undefined, TODAY - WINDOW, TODAY)
    expect(Array.from(two.visibility)).toEqual(Array.from(one.visibility))
  })

  it('gives different values for different seeds', () => {
    const one = createAnalytics(42, THIS_PROCESS.series).seriesFor(entry101, undefined, undefined, TODAY - WINDOW, TODAY)
    const two = createAnalytics(43, THIS_PROCESS.series).seriesFor(entry101, undefined, undefined, TODAY - WINDOW, TODAY)
    expect(Array.from(two.visibility)).not.toEqual(Array.from(one.visibility))
  })

  it('narrows to one provider and region: the series of that single cell', () => {
    const analytics = createAnalytics(42, THIS_PROCESS.series)
    const series = analytics.seriesFor(entry101, 'chatgpt', 'US', TODAY - WINDOW, TODAY)
    const expected = buildDailySeries([createCell(42, 101, 'chatgpt', 'US')], series.firstDay, TODAY)
    expect(Array.from(series.visibility)).toEqual(Array.from(expected.visibility))
    expect(Array.from(series.sentiment)).toEqual(Array.from(expected.sentiment))
  })

  it('averages over every tracked provider and data region when unfiltered', () => {
    const series = createAnalytics(42, THIS_PROCESS.series).seriesFor(entry101, undefined, undefined, TODAY - WINDOW, TODAY)
    const { providers, data_regions: regions } = entry101.project
    const cells = providers.flatMap((provider) => regions.map((region) => createCell(42, 101, provider, region)))
    expect(cells.length).toBe(10)
    const expected = buildDailySeries(cells, series.firstDay, TODAY)
    expect(Array.from(series.visibility)).toEqual(Array.from(expected.visibility))
  })

  it('filters by a region the project has data in but not by its own region (CA for project 101)', () => {
    const analytics = createAnalytics(42, THIS_PROCESS.series)
    const canada = analytics.seriesFor(entry101, undefined, 'CA', TODAY - WINDOW, TODAY)
    expect(canada.length).toBe(TODAY - canada.firstDay + 1)
    const cells = entry101.project.providers.map((provider) => createCell(42, 101, provider, 'CA'))
    expect(Array.from(canada.visibility)).toEqual(Array.from(buildDailySeries(cells, canada.firstDay, TODAY).visibility))
  })

  it('has length 0 for a provider the project does not track and for a region without data', () => {
    const analytics = createAnalytics(42, THIS_PROCESS.series)
    expect(analytics.seriesFor(entry101, 'grok', undefined, TODAY - WINDOW, TODAY).length).toBe(0)
    expect(analytics.seriesFor(entry101, undefined, 'FR', TODAY - WINDOW, TODAY).length).toBe(0)
    expect(analytics.seriesFor(entry101, 'chatgpt', 'FR', TODAY - WINDOW, TODAY).length).toBe(0)
  })

  it('has length 0 when today is before the project’s creation', () => {
    expect(
      createAnalytics(42, THIS_PROCESS.series).seriesFor(
        entry101,
        undefined,
        undefined,
        entry101.createdDay - 1 - WINDOW,
        entry101.createdDay - 1,
      ).length,
    ).toBe(0)
    expect(
      createAnalytics(42, THIS_PROCESS.series).seriesFor(entry101, undefined, undefined, entry101.createdDay - WINDOW, entry101.createdDay)
        .length,
    ).toBe(1)
  })

  it('serves a repeated request from its cache', () => {
    const analytics = createAnalytics(42, THIS_PROCESS.series)
    const first = analytics.seriesFor(entry101, 'gemini', undefined, TODAY - WINDOW, TODAY)
    expect(analytics.seriesFor(entry101, 'gemini', undefined, TODAY - WINDOW, TODAY)).toBe(first)
    expect(analytics.seriesFor(entry101, 'gemini', undefined, TODAY - 1 - WINDOW, TODAY - 1)).not.toBe(first)
  })
})

describe('createAnalytics: a project changed through the model', () => {
  it('keeps a cell’s values when the project gains a provider, and rebuilds the unfiltered series', async () => {
    const local = await loadDefaultModel()
    const analytics = createAnalytics(42, THIS_PROCESS.series)
    const before = projectEntry(local, 101)
    const chatgptBefore = analytics.seriesFor(before, 'chatgpt', 'US', TODAY - WINDOW, TODAY)
    const allBefore = analytics.seriesFor(before, undefined, undefined, TODAY - WINDOW, TODAY)
    await (await local.db()).projects.update((q) => q.where({ id: 101 }), {
      data(project) {
        project.providers.push('grok')
      },
    })
    const after = projectEntry(local, 101)
    expect(after.revision).not.toBe(before.revision)
    const chatgptAfter = analytics.seriesFor(after, 'chatgpt', 'US', TODAY - WINDOW, TODAY)
    expect(Array.from(chatgptAfter.visibility)).toEqual(Array.from(chatgptBefore.visibility))
    const grok = analytics.seriesFor(after, 'grok', undefined, TODAY - WINDOW, TODAY)
    expect(grok.length).toBe(TODAY - grok.firstDay + 1)
    const allAfter = analytics.seriesFor(after, undefined, undefined, TODAY - WINDOW, TODAY)
    expect(allAfter).not.toBe(allBefore)
    expect(Array.from(allAfter.visibility)).not.toEqual(Array.from(allBefore.visibility))
  })
})
