import { beforeAll, describe, expect, it } from 'vitest'
import { brandsByProviders, brandsByTopics } from '../../../src/analytics/brands.js'
import type { Project } from '../../../src/contract/fixtures-schema.js'
import { loadDefaultModel, projectEntry } from '../support/default-model.js'

let project: Project

beforeAll(async () => {
  project = projectEntry(await loadDefaultModel(), 101).project
})

describe('brandsByTopics', () => {
  it('lists each topic’s brands in fixture order', () => {
    expect(brandsByTopics(project)).toEqual({
      'hiking boots': ['Northwind', 'Summit Gear', 'TrailCo'],
      'rain jackets': ['Northwind', 'Stormline', 'Peakwear'],
      'camping tents': ['Northwind', 'Basecamp Co', 'TrailCo'],
    })
  })

  it('returns copies that do not alias the project’s arrays', () => {
    const map = brandsByTopics(project)
    map['hiking boots']!.push('Intruder')
    expect(project.topics[0]!.brands).toEqual(['Northwind', 'Summit Gear', 'TrailCo'])
  })
})

describe('brandsByProviders', () => {
  it('gives each requested provider a subset of the project’s brands that holds its own brand', () => {
    const all = new Set(project.topics.flatMap((topic) => topic.brands))
    const map = brandsByProviders(project, 42, project.providers)
    expect(Object.keys(map)).toEqual(project.providers)
    for (const brands of Object.values(map)) {
      expect(brands).toContain('Northwind')
      expect(new Set(brands).size).toBe(brands.length)
      for (const brand of brands) expect(all.has(brand)).toBe(true)
    }
  })

  it('is the same for the same seed and gives an empty map for no providers', () => {
    expect(brandsByProviders(project, 42, project.providers)).toEqual(brandsByProviders(project, 42, project.providers))
    expect(brandsByProviders(project, 42, [])).toEqual({})
  })
})
