import { beforeAll, describe, expect, it } from 'vitest'
import { createCell } from '../../../../src/core/analytics/cell-metrics.js'
import { createAnalytics } from '../../../../src/core/analytics/create-analytics.js'
import { buildDailySeries, type DailySeries } from '../../../../src/core/analytics/daily-series.js'
import type { Model } from '../../../../src/model/create-model.js'
import type { ProjectEntry } from '../../../../src/model/model-index.js'
import { TODAY, day, loadDefaultModel, projectEntry } from '../../support/default-model.js'

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

describe('createAnalytics: series of the default projects', () => {
  it('runs from the project’s creation day to today', () => {
    const analytics = createAnalytics(42)
    expect(entry101.createdDay).toBe(day('2023-03-14'))
    const series = analytics.seriesFor(entry101, undefined, undefined, TODAY)
    expect(series.firstDay).toBe(entry101.createdDay)
    expect(series.length).toBe(TODAY - entry101.createdDay + 1)
    const other = analytics.seriesFor(entry201, undefined, undefined, TODAY)
    expect(other.length).toBe(TODAY - day('2024-01-10') + 1)
  })

  it('keeps visibility, citation and sentiment integers in 0..10000', () => {
    const series = createAnalytics(42).seriesFor(entry101, undefined, undefined, TODAY)
    expectIntegerScores(series.visibility)
    expectIntegerScores(series.citation)
    expectIntegerScores(series.sentiment)
  })

  it('keeps prefix sums consistent with the daily values, for all and for filtered series', () => {
    const analytics = createAnalytics(42)
    expectConsistentPrefixSums(analytics.seriesFor(entry101, undefined, undefined, TODAY))
    expectConsistentPrefixSums(analytics.seriesFor(entry101, 'claude', 'CA', TODAY))
  })

  it('gives a day the same value whatever "today" is', () => {
    const analytics = createAnalytics(42)
    const early = analytics.seriesFor(entry101, undefined, undefined, day('2024-03-01'))
    const late = analytics.seriesFor(entry101, undefined, undefined, TODAY)
    expect(early.length).toBeLessThan(late.length)
    expect(Array.from(late.visibility.subarray(0, early.length))).toEqual(Array.from(early.visibility))
    expect(Array.from(late.citation.subarray(0, early.length))).toEqual(Array.from(early.citation))
    expect(Array.from(late.sentiment.subarray(0, early.length))).toEqual(Array.from(early.sentiment))
    expect(Array.from(late.positiveSum.subarray(0, early.length + 1))).toEqual(Array.from(early.positiveSum))
  })

  it('gives the same values for the same seed in a separate analytics instance', () => {
    const one = createAnalytics(42).seriesFor(entry101, undefined, undefined, TODAY)
    const two = createAnalytics(42).seriesFor(entry101, undefined, undefined, TODAY)
    expect(Array.from(two.visibility)).toEqual(Array.from(one.visibility))
  })

  it('gives different values for different seeds', () => {
    const one = createAnalytics(42).seriesFor(entry101, undefined, undefined, TODAY)
    const two = createAnalytics(43).seriesFor(entry101, undefined, undefined, TODAY)
    expect(Array.from(two.visibility)).not.toEqual(Array.from(one.visibility))
  })

  it('narrows to one provider and region: the series of that single cell', () => {
    const analytics = createAnalytics(42)
    const series = analytics.seriesFor(entry101, 'chatgpt', 'US', TODAY)
    const expected = buildDailySeries([createCell(42, 101, 'chatgpt', 'US')], entry101.createdDay, TODAY)
    expect(Array.from(series.visibility)).toEqual(Array.from(expected.visibility))
    expect(Array.from(series.sentiment)).toEqual(Array.from(expected.sentiment))
  })

  it('averages over every tracked provider and data region when unfiltered', () => {
    const series = createAnalytics(42).seriesFor(entry101, undefined, undefined, TODAY)
    const { providers, data_regions: regions } = entry101.project
    const cells = providers.flatMap((provider) => regions.map((region) => createCell(42, 101, provider, region)))
    expect(cells.length).toBe(10)
    const expected = buildDailySeries(cells, entry101.createdDay, TODAY)
    expect(Array.from(series.visibility)).toEqual(Array.from(expected.visibility))
  })

  it('filters by a region the project has data in but not by its own region (CA for project 101)', () => {
    const analytics = createAnalytics(42)
    const canada = analytics.seriesFor(entry101, undefined, 'CA', TODAY)
    expect(canada.length).toBe(TODAY - entry101.createdDay + 1)
    const cells = entry101.project.providers.map((provider) => createCell(42, 101, provider, 'CA'))
    expect(Array.from(canada.visibility)).toEqual(Array.from(buildDailySeries(cells, entry101.createdDay, TODAY).visibility))
  })

  it('has length 0 for a provider the project does not track and for a region without data', () => {
    const analytics = createAnalytics(42)
    expect(analytics.seriesFor(entry101, 'grok', undefined, TODAY).length).toBe(0)
    expect(analytics.seriesFor(entry101, undefined, 'FR', TODAY).length).toBe(0)
    expect(analytics.seriesFor(entry101, 'chatgpt', 'FR', TODAY).length).toBe(0)
  })

  it('has length 0 when today is before the project’s creation', () => {
    expect(createAnalytics(42).seriesFor(entry101, undefined, undefined, entry101.createdDay - 1).length).toBe(0)
    expect(createAnalytics(42).seriesFor(entry101, undefined, undefined, entry101.createdDay).length).toBe(1)
  })

  it('serves a repeated request from its cache', () => {
    const analytics = createAnalytics(42)
    const first = analytics.seriesFor(entry101, 'gemini', undefined, TODAY)
    expect(analytics.seriesFor(entry101, 'gemini', undefined, TODAY)).toBe(first)
    expect(analytics.seriesFor(entry101, 'gemini', undefined, TODAY - 1)).not.toBe(first)
  })
})

describe('createAnalytics: a project changed through the model', () => {
  it('keeps a cell’s values when the project gains a provider, and rebuilds the unfiltered series', async () => {
    const local = await loadDefaultModel()
    const analytics = createAnalytics(42)
    const before = projectEntry(local, 101)
    const chatgptBefore = analytics.seriesFor(before, 'chatgpt', 'US', TODAY)
    const allBefore = analytics.seriesFor(before, undefined, undefined, TODAY)
    await local.db.projects.update((q) => q.where({ id: 101 }), {
      data(project) {
        project.providers.push('grok')
      },
    })
    const after = projectEntry(local, 101)
    expect(after.revision).not.toBe(before.revision)
    const chatgptAfter = analytics.seriesFor(after, 'chatgpt', 'US', TODAY)
    expect(Array.from(chatgptAfter.visibility)).toEqual(Array.from(chatgptBefore.visibility))
    expect(analytics.seriesFor(after, 'grok', undefined, TODAY).length).toBe(TODAY - after.createdDay + 1)
    const allAfter = analytics.seriesFor(after, undefined, undefined, TODAY)
    expect(allAfter).not.toBe(allBefore)
    expect(Array.from(allAfter.visibility)).not.toEqual(Array.from(allBefore.visibility))
  })
})
