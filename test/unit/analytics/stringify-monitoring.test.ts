import { beforeAll, describe, expect, it } from 'vitest'
import { createAnalytics, type Analytics } from '../../../src/analytics/create-analytics.js'
import { stringifyMonitoring } from '../../../src/analytics/stringify-monitoring.js'
import { ok } from '../../../src/contract/envelope.js'
import { MESSAGES } from '../../../src/vocabulary/endpoint-rules.js'
import type { MonitoringData } from '../../../src/contract/resource-schemas.js'
import { createModel, type Model } from '../../../src/model/create-model.js'
import { defaultFixtures } from '../../../src/model/default-fixtures.js'
import { parseFixtures } from '../../../src/model/parse-fixtures.js'
import { DATA_CASES, EMPTY_CASES } from '../support/analytics-cases.js'
import { TODAY, loadDefaultModel, monitoringOf, projectEntry, query } from '../support/default-model.js'
import { THIS_PROCESS } from '../../../src/sandbox/this-process.js'

let model: Model
let analytics: Analytics

beforeAll(async () => {
  model = await loadDefaultModel()
  analytics = createAnalytics(42, THIS_PROCESS.series)
})

/** Asserts stringifyMonitoring writes exactly JSON.stringify's text and leaves the envelope as it was. */
function expectSameText(data: MonitoringData, dates: number): void {
  const envelope = ok(data, MESSAGES.monitoring(dates))
  const before = structuredClone(envelope)
  expect(stringifyMonitoring(envelope)).toBe(JSON.stringify(envelope))
  expect(envelope).toEqual(before)
}

describe('stringifyMonitoring', () => {
  it.each([...DATA_CASES, ...EMPTY_CASES])('writes the same text as JSON.stringify over $name', ({ projectId, query: analyticsQuery }) => {
    const { data, dates } = monitoringOf(analytics, projectEntry(model, projectId), analyticsQuery, TODAY)
    expectSameText(data, dates)
  })

  it('writes the same text over a whole year of every filter of every default project', () => {
    for (const projectId of [101, 102, 103, 201]) {
      for (const provider of [undefined, 'chatgpt', 'gemini'] as const) {
        const { data, dates } = monitoringOf(analytics, projectEntry(model, projectId), query(TODAY - 365, TODAY, provider), TODAY)
        expectSameText(data, dates)
      }
    }
  })

  it('splices the history into its own place when a topic is named "history" too', async () => {
    const fixtures = structuredClone(defaultFixtures)
    const project = fixtures.projects.find((candidate) => candidate.id === 101)!
    project.topics = [{ name: 'history', brands: ['Northwind'] }, ...project.topics]
    const renamed = await createModel(parseFixtures(fixtures, 'history topic'))
    const { data, dates } = monitoringOf(analytics, projectEntry(renamed, 101), query(TODAY - 29, TODAY), TODAY)
    expect(Object.keys(data.brands_by_topics)).toContain('history')
    expectSameText(data, dates)
  })

  it('writes scores that are not whole hundredths, or outside 0 to 100, as JSON.stringify does', () => {
    const { data, dates } = monitoringOf(analytics, projectEntry(model, 101), query(TODAY - 9, TODAY), TODAY)
    const scores = [0, 100, 0.5, 33.33, 0.125, -1, 100.01, 1e21, 5e-7, Number.NaN]
    data.visibility_score.history = scores.map((score, index) => ({ date: data.visibility_score.history[index]!.date, score }))
    expectSameText(data, dates)
  })
})
