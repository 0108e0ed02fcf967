import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { defaultFixtures } from '../../../src/model/default-fixtures.js'
import { DOCUMENTED_KEYS } from '../../../src/vocabulary/documented-keys.js'
import { parseFixtures } from '../../../src/model/parse-fixtures.js'

const DAY = 86_400_000

describe('the default fixtures', () => {
  it('embed exactly fixtures/default.json (run npm run build after editing it)', () => {
    expect(defaultFixtures).toEqual(JSON.parse(readFileSync(new URL('../../../fixtures/default.json', import.meta.url), 'utf8')))
  })

  it('are valid fixtures, already in their validated form: parsing them changes nothing, so a sandbox uses them without parsing', () => {
    expect(parseFixtures(defaultFixtures, 'fixtures/default.json')).toStrictEqual(defaultFixtures)
  })

  it('hold every documented key with its documented level, account, project and state', () => {
    const keys = new Map(parseFixtures(defaultFixtures, 'default').api_keys.map((apiKey) => [apiKey.key, apiKey]))
    const now = Date.now()
    expect(keys.get(DOCUMENTED_KEYS.user)).toMatchObject({
      level: 'USER',
      user_id: 1,
      project_id: null,
      expiry: '2099-12-31T23:59:59Z',
      revoked: false,
    })
    expect(keys.get(DOCUMENTED_KEYS.project)).toMatchObject({ level: 'PROJECT', user_id: 1, project_id: 101, revoked: false })
    expect(keys.get(DOCUMENTED_KEYS.otherUser)).toMatchObject({ level: 'USER', user_id: 2, revoked: false })
    expect(keys.get(DOCUMENTED_KEYS.emptyUser)).toMatchObject({ level: 'USER', user_id: 3, revoked: false })
    expect(keys.get(DOCUMENTED_KEYS.expired)).toMatchObject({ level: 'USER', user_id: 1, revoked: false })
    expect(Date.parse(keys.get(DOCUMENTED_KEYS.expired)!.expiry)).toBeLessThan(now)
    expect(keys.get(DOCUMENTED_KEYS.revoked)).toMatchObject({ level: 'USER', user_id: 1, revoked: true })
  })

  it('give user 1 projects 101, 102 and 103, user 2 project 201 and user 3 none', () => {
    const owners = defaultFixtures.projects.map((project) => [project.id, project.user_id])
    expect(owners).toEqual([
      [101, 1],
      [102, 1],
      [103, 1],
      [201, 2],
    ])
  })

  it('create every project more than a year ago, on .example domains, with several topics, brands and providers', () => {
    for (const project of defaultFixtures.projects) {
      expect(Date.now() - Date.parse(project.created_at)).toBeGreaterThan(366 * DAY)
      expect(project.domain).toMatch(/\.example$/)
      expect(project.topics.length).toBeGreaterThan(1)
      for (const topic of project.topics) expect(topic.brands.length).toBeGreaterThan(1)
      expect(project.providers.length).toBeGreaterThan(1)
      expect(project.data_regions).toContain(project.region)
    }
  })
})
