import { describe, expect, it } from 'vitest'
import { day, loadDefaultModel, projectEntry } from '../support/default-model.js'

const NEW_PROJECT = {
  id: 99,
  user_id: 1,
  name: 'fabrikam',
  display_name: 'Fabrikam Fibers',
  domain: 'fabrikam.example',
  region: 'FR',
  language: 'fr',
  status: 'active',
  created_at: '2024-05-01T12:00:00Z',
  providers: ['chatgpt' as const],
  data_regions: ['FR'],
  topics: [{ name: 'yarn', brands: ['Fabrikam'] }],
}

function ids(entries: ReadonlyArray<{ project: { id: number } }>): number[] {
  return entries.map((entry) => entry.project.id)
}

describe('createModel: the index of the default fixtures', () => {
  it('indexes every key with its expiry instant', async () => {
    const model = await loadDefaultModel()
    expect(model.index.findKey('sbx_user_alpha')?.apiKey).toMatchObject({ level: 'USER', user_id: 1, project_id: null, revoked: false })
    expect(model.index.findKey('sbx_user_alpha')?.expiresAt).toBe(Date.parse('2099-12-31T23:59:59Z'))
    expect(model.index.findKey('sbx_project_101')?.apiKey).toMatchObject({ level: 'PROJECT', user_id: 1, project_id: 101 })
    expect(model.index.findKey('sbx_user_revoked')?.apiKey.revoked).toBe(true)
    expect(model.index.findKey('sbx_user_expired')?.expiresAt).toBe(Date.parse('2020-01-01T00:00:00Z'))
    expect(model.index.findKey('sbx_user_nobody')).toBeUndefined()
    expect(model.index.findKey('SBX_USER_ALPHA')).toBeUndefined()
  })

  it('indexes every project with its UTC creation day', async () => {
    const model = await loadDefaultModel()
    expect(projectEntry(model, 101).project.domain).toBe('northwind-outdoor.example')
    expect(projectEntry(model, 101).createdDay).toBe(day('2023-03-14'))
    expect(projectEntry(model, 201).createdDay).toBe(day('2024-01-10'))
    expect(model.index.findProject(104)).toBeUndefined()
  })

  it('lists each user’s projects sorted by id, and none for a user without projects or an unknown user', async () => {
    const model = await loadDefaultModel()
    expect(ids(model.index.listProjects(1))).toEqual([101, 102, 103])
    expect(ids(model.index.listProjects(2))).toEqual([201])
    expect(model.index.listProjects(3)).toEqual([])
    expect(model.index.listProjects(999)).toEqual([])
  })

  it('holds the seeded records in its collections', async () => {
    const model = await loadDefaultModel()
    expect((await model.db()).users.count()).toBe(3)
    expect((await model.db()).apiKeys.count()).toBe(6)
    expect((await model.db()).projects.count()).toBe(4)
  })
})

describe('createModel: changes through the collections', () => {
  it('indexes a project created through db, keeping the owner’s list sorted by id', async () => {
    const model = await loadDefaultModel()
    await (await model.db()).projects.create(NEW_PROJECT)
    expect(projectEntry(model, 99).project.display_name).toBe('Fabrikam Fibers')
    expect(projectEntry(model, 99).createdDay).toBe(day('2024-05-01'))
    expect(ids(model.index.listProjects(1))).toEqual([99, 101, 102, 103])
  })

  it('reflects a project updated through db, with a new revision', async () => {
    const model = await loadDefaultModel()
    const before = projectEntry(model, 101)
    await (await model.db()).projects.update((q) => q.where({ id: 101 }), {
      data(project) {
        project.display_name = 'X'
      },
    })
    const after = projectEntry(model, 101)
    expect(after.project.display_name).toBe('X')
    expect(after.revision).not.toBe(before.revision)
    expect(ids(model.index.listProjects(1))).toEqual([101, 102, 103])
    expect(model.index.listProjects(1)[0]).toBe(after)
  })

  it('moves a project to its new owner when its user_id is updated', async () => {
    const model = await loadDefaultModel()
    await (await model.db()).projects.update((q) => q.where({ id: 102 }), {
      data(project) {
        project.user_id = 2
      },
    })
    expect(ids(model.index.listProjects(1))).toEqual([101, 103])
    expect(ids(model.index.listProjects(2))).toEqual([102, 201])
  })

  it('re-indexes a project whose id alone is updated', async () => {
    const model = await loadDefaultModel()
    await (await model.db()).projects.update((q) => q.where({ id: 103 }), {
      data(project) {
        project.id = 100
      },
    })
    expect(model.index.findProject(103)).toBeUndefined()
    expect(projectEntry(model, 100).project.display_name).toBe('Bergblick Reisen')
    expect(ids(model.index.listProjects(1))).toEqual([100, 101, 102])
  })

  it('lists a project once after one update call changes its id and another field', async () => {
    // @msw/data emits one 'update' event per changed path, each with the same prevRecord/nextRecord.
    const model = await loadDefaultModel()
    await (await model.db()).projects.update((q) => q.where({ id: 103 }), {
      data(project) {
        project.id = 100
        project.created_at = '2024-02-29T23:59:59Z'
      },
    })
    expect(model.index.findProject(103)).toBeUndefined()
    expect(projectEntry(model, 100).createdDay).toBe(day('2024-02-29'))
    expect(ids(model.index.listProjects(1))).toEqual([100, 101, 102])
  })

  it('reflects an update call that changes several fields without changing the id', async () => {
    const model = await loadDefaultModel()
    await (await model.db()).projects.update((q) => q.where({ id: 102 }), {
      data(project) {
        project.display_name = 'Contoso'
        project.created_at = '2024-02-29T00:00:00Z'
        project.topics[0]!.brands.push('A', 'B')
      },
    })
    expect(projectEntry(model, 102).project.display_name).toBe('Contoso')
    expect(projectEntry(model, 102).createdDay).toBe(day('2024-02-29'))
    expect(ids(model.index.listProjects(1))).toEqual([101, 102, 103])
  })

  it('forgets a project deleted through db', async () => {
    const model = await loadDefaultModel()
    ;(await model.db()).projects.delete((q) => q.where({ id: 101 }))
    expect(model.index.findProject(101)).toBeUndefined()
    expect(ids(model.index.listProjects(1))).toEqual([102, 103])
    ;(await model.db()).projects.delete((q) => q.where({ id: 201 }))
    expect(model.index.listProjects(2)).toEqual([])
  })

  it('reflects keys created, updated and deleted through db', async () => {
    const model = await loadDefaultModel()
    await (await model.db()).apiKeys.create({
      key: 'sbx_user_new',
      name: 'New key',
      level: 'USER',
      user_id: 2,
      project_id: null,
      expiry: '2030-01-01T00:00:00Z',
    })
    expect(model.index.findKey('sbx_user_new')?.apiKey.revoked).toBe(false)
    await (await model.db()).apiKeys.update((q) => q.where({ key: 'sbx_user_beta' }), {
      data(apiKey) {
        apiKey.key = 'sbx_user_beta_2'
        apiKey.revoked = true
      },
    })
    expect(model.index.findKey('sbx_user_beta')).toBeUndefined()
    expect(model.index.findKey('sbx_user_beta_2')?.apiKey.revoked).toBe(true)
    ;(await model.db()).apiKeys.delete((q) => q.where({ key: 'sbx_user_alpha' }))
    expect(model.index.findKey('sbx_user_alpha')).toBeUndefined()
  })
})

describe('createModel: reseed', () => {
  it('restores the initial projects and keys after creates, updates and deletes', async () => {
    const model = await loadDefaultModel()
    await (await model.db()).projects.create(NEW_PROJECT)
    await (await model.db()).projects.update((q) => q.where({ id: 101 }), {
      data(project) {
        project.display_name = 'X'
      },
    })
    ;(await model.db()).projects.delete((q) => q.where({ id: 201 }))
    ;(await model.db()).apiKeys.delete((q) => q.where({ key: 'sbx_user_alpha' }))
    model.reseed()
    await model.settled()
    expect(model.index.findProject(99)).toBeUndefined()
    expect(projectEntry(model, 101).project.display_name).toBe('Northwind Outdoor')
    expect(projectEntry(model, 201).project.display_name).toBe('Tailspin Toys')
    expect(model.index.findKey('sbx_user_alpha')?.apiKey.level).toBe('USER')
    expect(ids(model.index.listProjects(1))).toEqual([101, 102, 103])
    expect(ids(model.index.listProjects(2))).toEqual([201])
    expect((await model.db()).projects.count()).toBe(4)
    expect((await model.db()).apiKeys.count()).toBe(6)
  })

  it('restores nested fields changed in place through db (a topic’s brands, the providers)', async () => {
    const model = await loadDefaultModel()
    await (await model.db()).projects.update((q) => q.where({ id: 101 }), {
      data(project) {
        project.topics[0]!.brands.push('Intruder')
        project.providers.push('grok')
      },
    })
    expect(projectEntry(model, 101).project.topics[0]!.brands).toContain('Intruder')
    model.reseed()
    await model.settled()
    expect(projectEntry(model, 101).project.topics[0]!.brands).toEqual(['Northwind', 'Summit Gear', 'TrailCo'])
    expect(projectEntry(model, 101).project.providers).toEqual(['chatgpt', 'perplexity', 'gemini', 'claude', 'google_ai_overview'])
  })

  it('gives restored projects new revisions, so caches keyed by revision miss', async () => {
    const model = await loadDefaultModel()
    const before = projectEntry(model, 102)
    ;(await model.db()).projects.delete((q) => q.where({ id: 101 }))
    model.reseed()
    await model.settled()
    expect(projectEntry(model, 102).revision).not.toBe(before.revision)
  })

  it('restores the users collection after a user is created or deleted through db', async () => {
    const model = await loadDefaultModel()
    await (await model.db()).users.create({ id: 4, name: 'Intruder Inc' })
    ;(await model.db()).users.delete((q) => q.where({ id: 3 }))
    model.reseed()
    await model.settled()
    expect(
      (await model.db()).users
        .findMany()
        .map((user) => user.id)
        .sort(),
    ).toEqual([1, 2, 3])
  })

  it('does nothing, in under 5 ms, when nothing changed', async () => {
    const model = await loadDefaultModel()
    const entry = projectEntry(model, 101)
    const started = performance.now()
    model.reseed()
    await model.settled()
    const elapsed = performance.now() - started
    expect(projectEntry(model, 101)).toBe(entry)
    expect(elapsed).toBeLessThan(5)
  })

  it('does nothing after a reseed that already restored the records', async () => {
    const model = await loadDefaultModel()
    ;(await model.db()).projects.delete((q) => q.where({ id: 101 }))
    model.reseed()
    await model.settled()
    const entry = projectEntry(model, 101)
    model.reseed()
    await model.settled()
    expect(projectEntry(model, 101)).toBe(entry)
  })

  it('keeps two models of the same fixtures independent', async () => {
    const one = await loadDefaultModel()
    const two = await loadDefaultModel()
    ;(await one.db()).projects.delete((q) => q.where({ id: 101 }))
    expect(two.index.findProject(101)).toBeDefined()
  })
})
