import { beforeAll, describe, expect, it } from 'vitest'
import { brandsByTopics } from '../../../src/analytics/brands.js'
import { createModel } from '../../../src/model/create-model.js'
import { defaultFixtures } from '../../../src/model/default-fixtures.js'
import type { Fixtures } from '../../../src/contract/fixtures-schema.js'
import { GENERATED_USER_KEY, generateFixtures } from '../../../src/model/generate-fixtures.js'
import { parseFixtures } from '../../../src/model/parse-fixtures.js'
import { TODAY } from '../support/default-model.js'

const COUNT = 25
const NOW_MS = TODAY * 86_400_000
let base: Fixtures
let generated: Fixtures

beforeAll(async () => {
  base = parseFixtures(defaultFixtures, 'default')
  generated = await generateFixtures(base, { seed: 7, count: COUNT, nowMs: NOW_MS })
})

function generatedProjects(fixtures: Fixtures) {
  return fixtures.projects.slice(base.projects.length)
}

describe('generateFixtures', () => {
  it('generates identical fixtures for the same seed', async () => {
    expect(await generateFixtures(base, { seed: 7, count: COUNT, nowMs: NOW_MS })).toEqual(generated)
  })

  it('generates the same fixtures for a seed after another seed was used', async () => {
    await generateFixtures(base, { seed: 8, count: 3, nowMs: NOW_MS })
    expect(await generateFixtures(base, { seed: 7, count: COUNT, nowMs: NOW_MS })).toEqual(generated)
  })

  it('generates different fixtures for a different seed', async () => {
    const other = await generateFixtures(base, { seed: 8, count: COUNT, nowMs: NOW_MS })
    expect(other).not.toEqual(generated)
    expect(generatedProjects(other).map((project) => project.display_name)).not.toEqual(
      generatedProjects(generated).map((project) => project.display_name),
    )
  })

  it('produces fixtures that pass parseFixtures unchanged', () => {
    expect(parseFixtures(generated, 'generated')).toEqual(generated)
  })

  it('keeps the base records first and unchanged', () => {
    expect(generated.users.slice(0, base.users.length)).toEqual(base.users)
    expect(generated.projects.slice(0, base.projects.length)).toEqual(base.projects)
    expect(generated.api_keys.slice(0, base.api_keys.length)).toEqual(base.api_keys)
  })

  it('adds one user after the highest base user id and numbers projects from 1001', () => {
    expect(generated.users.length).toBe(base.users.length + 1)
    expect(generated.users.at(-1)?.id).toBe(4)
    expect(generatedProjects(generated).map((project) => project.id)).toEqual(Array.from({ length: COUNT }, (_, index) => 1001 + index))
  })

  it('gives the key sbx_user_generated, a USER key, ownership of all generated projects', async () => {
    const model = await createModel(parseFixtures(generated, 'generated'))
    const key = model.index.findKey(GENERATED_USER_KEY)
    expect(GENERATED_USER_KEY).toBe('sbx_user_generated')
    expect(key?.apiKey).toMatchObject({ level: 'USER', project_id: null, revoked: false })
    const owner = key!.apiKey.user_id
    expect(model.index.listProjects(owner).map((entry) => entry.project.id)).toEqual(
      generatedProjects(generated).map((project) => project.id),
    )
    expect(key!.expiresAt).toBeGreaterThan(TODAY * 86_400_000)
  })

  it('gives each generated project a PROJECT key sbx_project_<id> for it', async () => {
    const model = await createModel(parseFixtures(generated, 'generated'))
    for (const project of generatedProjects(generated)) {
      expect(model.index.findKey(`sbx_project_${project.id}`)?.apiKey).toMatchObject({
        level: 'PROJECT',
        user_id: project.user_id,
        project_id: project.id,
        revoked: false,
      })
    }
    expect(generated.api_keys.length).toBe(base.api_keys.length + 1 + COUNT)
  })

  it('creates every project before today with data in its own region and example domains', () => {
    for (const project of generatedProjects(generated)) {
      expect(Date.parse(project.created_at)).toBeLessThan(TODAY * 86_400_000)
      expect(project.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/)
      expect(project.data_regions[0]).toBe(project.region)
      expect(project.domain.endsWith('.example')).toBe(true)
      expect(project.providers.length).toBeGreaterThanOrEqual(2)
    }
  })

  it('gives each generated project distinct topic names, so brands_by_topics shows every topic', () => {
    const merged = generatedProjects(generated)
      .filter((project) => Object.keys(brandsByTopics(project)).length !== project.topics.length)
      .map((project) => `${project.id}: ${project.topics.map((topic) => topic.name).join(', ')}`)
    expect(merged).toEqual([])
  })

  it('adds only the account and its key when asked for no projects', async () => {
    const none = await generateFixtures(base, { seed: 1, count: 0, nowMs: NOW_MS })
    expect(none.projects).toEqual(base.projects)
    expect(none.api_keys.map((apiKey) => apiKey.key).at(-1)).toBe(GENERATED_USER_KEY)
    expect(() => parseFixtures(none, 'none')).not.toThrow()
  })
})
