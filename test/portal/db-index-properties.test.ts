/**
 * One truth (issue #31): the @msw/data collections a test opens with db() hold exactly the records
 * the index answers from, after any sequence of portal operations and resets, and a copy into them
 * that fails reaches the caller instead of leaving the two apart unseen.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { openSandbox, resolveSandboxConfig } from '../../src/sandbox/open-sandbox.js'
import type { SandboxCore } from '../../src/core/sandbox-core.js'
import { THIS_PROCESS } from '../../src/sandbox/this-process.js'

const SEED = Number(process.env.HARDENING_SEED ?? 31)

/** Every record of the index and of the collections, in one comparable shape each. */
async function bothViews(core: SandboxCore) {
  const db = await core.model.db()
  const byKey = (records: readonly { key: string }[]) => [...records].sort((a, b) => a.key.localeCompare(b.key))
  const byId = <T extends { id: number }>(records: readonly T[]) => [...records].sort((a, b) => a.id - b.id)
  const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value))
  return {
    index: plain({
      users: byId([...core.model.index.users()]),
      projects: byId([...core.model.index.projects()].map((entry) => entry.project)),
      keys: byKey([...core.model.index.keys()].map((entry) => entry.apiKey)),
    }),
    db: plain({
      users: byId(db.users.findMany()),
      projects: byId(db.projects.findMany()),
      keys: byKey(db.apiKeys.findMany()),
    }),
  }
}

const operation = fc.oneof(
  fc.record({ op: fc.constant('account' as const), projects: fc.integer({ min: 0, max: 2 }) }),
  fc.record({ op: fc.constant('key' as const), user: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ op: fc.constant('revoke' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('deleteKey' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('patch' as const), pick: fc.nat(), name: fc.string({ minLength: 1, maxLength: 20 }) }),
  fc.record({ op: fc.constant('deleteProject' as const), pick: fc.nat() }),
  fc.constant({ op: 'reset' as const }),
)

describe('db() and the index', () => {
  it('hold the same records after any sequence of portal operations and resets', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { maxLength: 12 }), async (operations) => {
        const opened = openSandbox(resolveSandboxConfig({ now: '2026-03-01' }), THIS_PROCESS)
        const core = await opened.core
        await core.model.db()
        const pick = <T>(items: readonly T[], at: number) => (items.length === 0 ? undefined : items[at % items.length])
        for (const step of operations) {
          const keys = [...core.model.index.keys()].map((entry) => entry.apiKey.key)
          const projects = [...core.model.index.projects()].map((entry) => entry.project.id)
          try {
            if (step.op === 'account') await opened.accounts.create({ projects: step.projects })
            else if (step.op === 'key') await opened.keys.create({ level: 'USER', user_id: step.user })
            else if (step.op === 'revoke') await opened.keys.revoke(pick(keys, step.pick) ?? 'none')
            else if (step.op === 'deleteKey') await opened.keys.delete(pick(keys, step.pick) ?? 'none')
            else if (step.op === 'patch') await opened.projects.update(pick(projects, step.pick) ?? 1, { display_name: step.name })
            else if (step.op === 'deleteProject') await opened.projects.delete(pick(projects, step.pick) ?? 1)
            else await opened.reset()
          } catch (error) {
            // A refused operation (a revoked key revoked again, an unknown id) changes nothing.
            if ((error as Error).name !== 'PortalError') throw error
          }
        }
        await core.model.settled()
        const views = await bothViews(core)
        expect(views.db).toEqual(views.index)
      }),
      { seed: SEED, numRuns: 40 },
    )
  }, 60_000)

  it('rejects settled() with a copy into the collections that failed, once, and goes on copying later changes', async () => {
    const opened = openSandbox(resolveSandboxConfig({ now: '2026-03-01' }), THIS_PROCESS)
    const core = await opened.core
    const db = await core.model.db()
    const create = db.apiKeys.create.bind(db.apiKeys)
    let broken = true
    db.apiKeys.create = ((...args: Parameters<typeof create>) => {
      if (broken) return Promise.reject(new Error('disk full'))
      return create(...args)
    }) as typeof create
    core.portal.createKey({ level: 'USER', user_id: 1, key: 'first_key' })
    await expect(core.model.settled()).rejects.toThrow('disk full')
    await expect(core.model.settled()).resolves.toBeUndefined()
    broken = false
    core.portal.createKey({ level: 'USER', user_id: 1, key: 'second_key' })
    await core.model.settled()
    expect(db.apiKeys.findFirst((q) => q.where({ key: 'second_key' }))?.user_id).toBe(1)
  })
})
