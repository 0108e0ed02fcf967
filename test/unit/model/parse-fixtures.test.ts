import { SAFE_KEY_MESSAGE } from '../../../src/vocabulary/limits.js'
import { describe, expect, it } from 'vitest'
import { ConfigError } from '../../../src/vocabulary/config-error.js'
import { defaultFixtures } from '../../../src/model/default-fixtures.js'
import type { FixturesRecordsInput as FixturesInput } from '../../../src/contract/fixtures-schema.js'
import { parseFixtures } from '../../../src/model/parse-fixtures.js'

const SOURCE = 'fixtures/mine.json'

/** A deep copy of the default fixtures to break. */
function fixtures(): FixturesInput {
  return structuredClone(defaultFixtures)
}

/** The ConfigError parsing `input` throws; fails the test when it throws nothing else. */
function configErrorOf(input: unknown): ConfigError {
  expect(() => parseFixtures(input, SOURCE)).toThrow(ConfigError)
  try {
    parseFixtures(input, SOURCE)
  } catch (error) {
    if (error instanceof ConfigError) return error
    throw error
  }
  throw new Error('unreachable')
}

/** Asserts the message names the source and lists a problem at `path` (alone, or among others). */
function expectProblemAt(input: unknown, path: string, reason?: string): void {
  const { message } = configErrorOf(input)
  expect(message.startsWith(`Failed to load fixtures (${SOURCE}): `)).toBe(true)
  expect(message).toMatch(new RegExp(`(\\): |problems: |; )${path.replace(/[[\]().]/g, '\\$&')}: `))
  if (reason !== undefined) expect(message).toContain(reason)
}

describe('parseFixtures: valid input', () => {
  it('accepts the default fixtures and keeps every record', () => {
    const parsed = parseFixtures(defaultFixtures, 'default')
    expect(parsed.users.map((user) => user.id)).toEqual([1, 2, 3])
    expect(parsed.projects.map((project) => project.id)).toEqual([101, 102, 103, 201])
    expect(parsed.api_keys.map((apiKey) => apiKey.key)).toEqual([
      'sbx_user_alpha',
      'sbx_project_101',
      'sbx_user_beta',
      'sbx_user_empty',
      'sbx_user_expired',
      'sbx_user_revoked',
    ])
  })

  it('fills the defaults of revoked and status when they are left out', () => {
    const input = fixtures()
    delete input.api_keys[0]!.revoked
    delete input.projects[0]!.status
    const parsed = parseFixtures(input, SOURCE)
    expect(parsed.api_keys[0]!.revoked).toBe(false)
    expect(parsed.projects[0]!.status).toBe('active')
  })

  it('accepts empty lists of records', () => {
    expect(parseFixtures({ users: [], api_keys: [], projects: [] }, SOURCE)).toEqual({ users: [], api_keys: [], projects: [] })
  })
})

describe('parseFixtures: invalid input', () => {
  it.each([null, [], 'text', 42, {}])('refuses %j with a ConfigError that names the source', (input) => {
    expect(configErrorOf(input).message).toContain(`Failed to load fixtures (${SOURCE}): `)
    expect(configErrorOf(input).name).toBe('ConfigError')
  })

  it.each([
    'sbx_user\r\nX-Evil: 1',
    'sbx\u0000key',
    ' sbx_user_spaced',
    'sbx user',
    'sbx_ünïcode',
    '\t',
    '.',
    '..',
    "q'$(x)'",
    'a/b',
    'x'.repeat(129),
  ])('names api_keys[0].key for a key that a URL, a shell or a header would change: %j', (key) => {
    const input = fixtures()
    input.api_keys[0]!.key = key
    expectProblemAt(input, 'api_keys[0].key', SAFE_KEY_MESSAGE)
  })

  it('names projects[0].region for a region that is not an ISO code, or not in upper case', () => {
    const input = fixtures()
    input.projects[0]!.region = 'XX'
    expectProblemAt(input, 'projects[0].region', 'ISO 3166-1 alpha-2')
    const lower = fixtures()
    lower.projects[0]!.region = 'us'
    expectProblemAt(lower, 'projects[0].region')
  })

  it('names projects[2].data_regions[1] for a data region that is not an ISO code', () => {
    const input = fixtures()
    input.projects[2]!.data_regions[1] = 'EU'
    expectProblemAt(input, 'projects[2].data_regions[1]')
  })

  it('names the data_regions of a project whose own region is missing from them', () => {
    const input = fixtures()
    input.projects[1]!.data_regions = ['IE']
    expectProblemAt(input, 'projects[1].data_regions', 'GB')
  })

  it('names the provider of a project that tracks an unknown provider', () => {
    const input = fixtures()
    ;(input.projects[0]!.providers as string[])[2] = 'bard'
    expectProblemAt(input, 'projects[0].providers[2]')
  })

  it('names the language of a project whose language is not a lower-case ISO 639-1 code', () => {
    const input = fixtures()
    input.projects[3]!.language = 'EN'
    expectProblemAt(input, 'projects[3].language', 'ISO 639-1')
  })

  it('names the brands of a topic without brands', () => {
    const input = fixtures()
    input.projects[0]!.topics[1]!.brands = []
    expectProblemAt(input, 'projects[0].topics[1].brands')
  })

  it('names api_keys[1].project_id for a PROJECT-level key without a project', () => {
    const input = fixtures()
    input.api_keys[1]!.project_id = null
    expectProblemAt(input, 'api_keys[1].project_id', 'PROJECT-level')
  })

  it('names api_keys[0].project_id for a USER-level key with a project', () => {
    const input = fixtures()
    input.api_keys[0]!.project_id = 101
    expectProblemAt(input, 'api_keys[0].project_id', 'USER-level')
  })

  it('names api_keys[1].project_id for a key that references another user’s project', () => {
    const input = fixtures()
    input.api_keys[1]!.project_id = 201
    expectProblemAt(input, 'api_keys[1].project_id', 'not owned by user 1')
  })

  it('names api_keys[1].project_id for a key that references a project that does not exist', () => {
    const input = fixtures()
    input.api_keys[1]!.project_id = 999
    expectProblemAt(input, 'api_keys[1].project_id', 'project 999')
  })

  it('names the user_id of a key or project whose user does not exist', () => {
    const key = fixtures()
    key.api_keys[3]!.user_id = 9
    expectProblemAt(key, 'api_keys[3].user_id', 'user 9')
    const project = fixtures()
    project.projects[3]!.user_id = 9
    expectProblemAt(project, 'projects[3].user_id', 'user 9')
  })

  it('names the second record of a duplicate user id, project id or key', () => {
    const users = fixtures()
    users.users[2]!.id = 1
    expectProblemAt(users, 'users[2].id', 'duplicate')
    const projects = fixtures()
    projects.projects[2]!.id = 102
    expectProblemAt(projects, 'projects[2].id', 'duplicate')
    const keys = fixtures()
    keys.api_keys[4]!.key = 'sbx_user_alpha'
    expectProblemAt(keys, 'api_keys[4].key', 'duplicate')
  })

  it('refuses an unknown field on a record, naming the record and the field', () => {
    const input = fixtures()
    ;(input.projects[0] as Record<string, unknown>)['colour'] = 'red'
    expectProblemAt(input, 'projects[0]', 'colour')
    const key = fixtures()
    ;(key.api_keys[1] as Record<string, unknown>)['scope'] = 'all'
    expectProblemAt(key, 'api_keys[1]', 'scope')
  })

  it('refuses an unknown top-level field, naming the root', () => {
    const input = { ...fixtures(), scenarios: [] }
    expectProblemAt(input, '(root)', 'scenarios')
  })

  it.each(['2099-12-31', '2099-12-31T23:59:59+02:00', '2099-12-31 23:59:59Z', '2023-02-29T00:00:00Z', 'tomorrow'])(
    'names api_keys[0].expiry for the expiry %j, which is not an ISO 8601 UTC date-time',
    (expiry) => {
      const input = fixtures()
      input.api_keys[0]!.expiry = expiry
      expectProblemAt(input, 'api_keys[0].expiry', 'ISO 8601')
    },
  )

  it('names projects[0].created_at for a creation time that is not an ISO 8601 UTC date-time', () => {
    const input = fixtures()
    input.projects[0]!.created_at = '2023-03-14'
    expectProblemAt(input, 'projects[0].created_at')
  })

  it('names a missing field and a wrongly typed field', () => {
    const missing = fixtures()
    delete (missing.projects[1] as Partial<(typeof missing.projects)[number]>).domain
    expectProblemAt(missing, 'projects[1].domain')
    const typed = fixtures()
    ;(typed.users[0] as Record<string, unknown>)['id'] = '1'
    expectProblemAt(typed, 'users[0].id')
  })

  it('refuses ids that are not positive integers', () => {
    const input = fixtures()
    input.users[2]!.id = 0
    expectProblemAt(input, 'users[2].id')
    const fractional = fixtures()
    fractional.projects[0]!.id = 101.5
    expectProblemAt(fractional, 'projects[0].id')
  })

  it('refuses a project that lists a provider, a region or a topic name twice, naming the duplicate', () => {
    const withProject = (change: (project: FixturesInput['projects'][number]) => void) => {
      const input = fixtures()
      change(input.projects[0]!)
      return input
    }
    expectProblemAt(
      withProject((project) => project.providers.push(project.providers[0]!)),
      `projects[0].providers[${defaultFixtures.projects[0]!.providers.length}]`,
      'duplicate provider',
    )
    expectProblemAt(
      withProject((project) => project.data_regions.push('US')),
      `projects[0].data_regions[${defaultFixtures.projects[0]!.data_regions.length}]`,
      'duplicate region',
    )
    expectProblemAt(
      withProject((project) => project.topics.push({ name: project.topics[0]!.name, brands: ['X'] })),
      `projects[0].topics[${defaultFixtures.projects[0]!.topics.length}]`,
      'duplicate topic name',
    )
  })
})

describe('parseFixtures: every mistake at once', () => {
  it('lists every problem of a file on one line, each at its field, and how many there are', () => {
    const input = fixtures() as { projects: Array<Record<string, unknown>>; api_keys: Array<Record<string, unknown>> }
    input.projects[0]!.region = 'us'
    input.projects[1]!.language = 'English'
    input.api_keys[1]!.expiry = 'tomorrow'
    const { message } = configErrorOf(input)
    expect(message).not.toContain('\n')
    expect(message).toMatch(/^Failed to load fixtures \(fixtures\/mine\.json\): \d+ problems: /)
    for (const field of ['projects[0].region', 'projects[1].language', 'api_keys[1].expiry']) expect(message).toContain(`${field}: `)
  })

  it('lists at most twenty problems and counts the rest', () => {
    const input = fixtures() as { users: Array<Record<string, unknown>> }
    input.users = Array.from({ length: 30 }, () => ({ id: -1, name: 'x' }))
    const { message } = configErrorOf(input)
    expect(message).toMatch(/\d+ problems: /)
    expect(message).toMatch(/; and \d+ more$/)
    expect(message.split('; ').length).toBeLessThanOrEqual(21)
  })
})

describe('parseFixtures: extends', () => {
  const added = {
    extends: 'default',
    users: [{ id: 9, name: 'Mine' }],
    projects: [{ ...structuredClone(defaultFixtures.projects[0]!), id: 901, user_id: 9, name: 'mine' }],
    api_keys: [{ key: 'my_key_9', name: 'Mine', level: 'USER' as const, user_id: 9, project_id: null, expiry: '2099-12-31T23:59:59Z' }],
  }

  it('adds users, keys and projects to the default data without copying it', () => {
    const parsed = parseFixtures(added, SOURCE)
    expect(parsed.users.map((user) => user.id)).toEqual([1, 2, 3, 9])
    expect(parsed.projects.map((project) => project.id)).toEqual([101, 102, 103, 201, 901])
    expect(parsed.api_keys.at(-1)).toMatchObject({ key: 'my_key_9', revoked: false })
  })

  it('holds the added records to the rules across the whole: a duplicate of a base record, a key on another user’s project', () => {
    const clash = { ...added, users: [{ id: 1, name: 'Again' }, ...added.users] }
    const message = configErrorOf(clash).message
    expect(message).toContain('users[0].id: duplicate user id 1')
    const stolen = { ...added, api_keys: [{ ...added.api_keys[0]!, level: 'PROJECT' as const, project_id: 101 }] }
    expect(configErrorOf(stolen).message).toContain('api_keys[0].project_id: project 101 does not exist or is not owned by user 9')
  })

  it('extends another file only where its records are given, and refuses an unknown base by name', () => {
    const base = parseFixtures(added, 'base.json')
    const onTop = parseFixtures({ extends: './base.json', users: [{ id: 10, name: 'More' }] }, SOURCE, new Map([['./base.json', base]]))
    expect(onTop.users.map((user) => user.id)).toEqual([1, 2, 3, 9, 10])
    expect(configErrorOf({ extends: './other.json' }).message).toContain('extends: must be "default"')
  })
})
