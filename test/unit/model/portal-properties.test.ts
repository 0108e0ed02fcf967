import { setClock } from '../../../src/model/clock-controls.js'
import { answeredNow } from '../../support/answered-now.js'
/**
 * Property tests of the authorization invariants under random sequences of portal and clock
 * operations (product.md, "The portal and the clock"), on the core in process.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { dispatch } from '../../../src/core/dispatch.js'
import type { SandboxCore } from '../../../src/core/sandbox-core.js'
import { openSandbox, resolveSandboxConfig } from '../../../src/sandbox/open-sandbox.js'
import { PortalError } from '../../../src/vocabulary/portal-error.js'
import { THIS_PROCESS } from '../../../src/sandbox/this-process.js'

type Operation =
  | { op: 'account'; projects: number }
  | { op: 'userKey'; user: number; hours: number }
  | { op: 'projectKey'; project: number; hours: number }
  | { op: 'revoke' | 'delete'; key: number }
  | { op: 'expiry'; key: number; hours: number }
  | { op: 'deleteProject'; project: number }
  | { op: 'advance'; hours: number }
  | { op: 'set'; hours: number }
  | { op: 'restore' }

const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({ op: fc.constant('account' as const), projects: fc.integer({ min: 0, max: 3 }) }),
  fc.record({ op: fc.constant('userKey' as const), user: fc.nat(), hours: fc.integer({ min: -48, max: 48 }) }),
  fc.record({ op: fc.constant('projectKey' as const), project: fc.nat(), hours: fc.integer({ min: -48, max: 48 }) }),
  fc.record({ op: fc.constantFrom('revoke' as const, 'delete' as const), key: fc.nat() }),
  fc.record({ op: fc.constant('expiry' as const), key: fc.nat(), hours: fc.integer({ min: -48, max: 48 }) }),
  fc.record({ op: fc.constant('deleteProject' as const), project: fc.nat() }),
  fc.record({ op: fc.constant('advance' as const), hours: fc.integer({ min: 1, max: 72 }) }),
  fc.record({ op: fc.constant('set' as const), hours: fc.integer({ min: -72, max: 72 }) }),
  fc.record({ op: fc.constant('restore' as const) }),
)

const START_MS = Date.parse('2026-03-01T12:00:00Z')
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z')

function status(core: SandboxCore, path: string, key: string, projectId?: number): number {
  const header = (name: string) =>
    name === 'x-api-key' ? key : name === 'x-project-id' && projectId !== undefined ? String(projectId) : null
  return answeredNow(dispatch(core, { method: 'GET', path: `/api/v1/${path}`, query: '', header })).status
}

/** Runs `operation`, skipping what the portal refuses (a refusal changes nothing, which other tests check). */
function apply(core: SandboxCore, step: Operation): void {
  const { portal } = core
  const keys = portal.listKeys().keys
  const projects = [...core.model.index.projects()].map((entry) => entry.project)
  const users = [...core.model.index.users()]
  const now = core.clock.now()
  try {
    switch (step.op) {
      case 'account':
        return void portal.createAccount({ projects: step.projects })
      case 'userKey':
        return void portal.createKey({
          level: 'USER',
          user_id: users[step.user % users.length]!.id,
          expiry: iso(now + step.hours * 3_600_000),
        })
      case 'projectKey':
        if (projects.length === 0) return
        return void portal.createKey({
          level: 'PROJECT',
          project_id: projects[step.project % projects.length]!.id,
          expiry: iso(now + step.hours * 3_600_000),
        })
      case 'revoke':
        return void portal.updateKey(keys[step.key % keys.length]!.key, { revoked: true })
      case 'delete':
        return void portal.deleteKey(keys[step.key % keys.length]!.key)
      case 'expiry':
        return void portal.updateKey(keys[step.key % keys.length]!.key, { expiry: iso(now + step.hours * 3_600_000) })
      case 'deleteProject':
        if (projects.length === 0) return
        return void portal.deleteProject(projects[step.project % projects.length]!.id)
      case 'advance':
        return void setClock(core.clock, { advance: `PT${step.hours}H` })
      case 'set':
        return void setClock(core.clock, { now: iso(START_MS + step.hours * 3_600_000) })
      case 'restore':
        return void setClock(core.clock, { now: null })
    }
  } catch (error) {
    if (!(error instanceof PortalError)) throw error
  }
}

describe('authorization under random sequences of portal and clock operations', () => {
  it('never lets a key read a project of another account, or a PROJECT key another project', async () => {
    const core = await openSandbox(resolveSandboxConfig({ now: iso(START_MS) }), THIS_PROCESS).core
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { maxLength: 25 }), async (steps) => {
        core.portal.reset()
        await core.model.reseed()
        core.clock.restore()
        for (const step of steps) {
          apply(core, step)
          const projects = [...core.model.index.projects()].map((entry) => entry.project)
          for (const { apiKey } of core.model.index.keys()) {
            for (const project of projects) {
              if (status(core, 'monitoring', apiKey.key, project.id) !== 200) continue
              expect(project.user_id).toBe(apiKey.user_id)
              if (apiKey.project_id !== null) expect(project.id).toBe(apiKey.project_id)
            }
          }
        }
      }),
      { numRuns: 40 },
    )
  })

  it('never answers 2xx to a revoked or deleted key, and an expired key only again after its expiry or the clock moved', async () => {
    const core = await openSandbox(resolveSandboxConfig({ now: iso(START_MS) }), THIS_PROCESS).core
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { maxLength: 30 }), async (steps) => {
        core.portal.reset()
        await core.model.reseed()
        core.clock.restore()
        const revoked = new Set<string>()
        const deleted = new Set<string>()
        /** Keys last refused as expired, with the expiry and the clock then. */
        const expired = new Map<string, { expiry: string; now: number }>()
        for (const step of steps) {
          apply(core, step)
          for (const record of core.portal.listKeys().keys) if (record.revoked) revoked.add(record.key)
          const known = new Set(core.portal.listKeys().keys.map((record) => record.key))
          for (const key of [...revoked, ...expired.keys()]) if (!known.has(key)) deleted.add(key)
          for (const record of core.portal.listKeys().keys) {
            const answered = status(core, 'validate', record.key)
            if (revoked.has(record.key)) expect(answered).toBe(401)
            const before = expired.get(record.key)
            if (answered === 200 && before !== undefined) {
              expect(before.expiry !== record.expiry || before.now !== core.clock.now()).toBe(true)
            }
            if (record.state === 'expired') expired.set(record.key, { expiry: record.expiry, now: core.clock.now() })
            else expired.delete(record.key)
          }
          for (const key of deleted) expect(status(core, 'validate', key)).toBe(401)
        }
      }),
      { numRuns: 40 },
    )
  })
})

describe('the portal at the ends of time', () => {
  it('makes keys and accounts with the clock at the last second of 9999 or the first of 0001, never answering anything but their records', async () => {
    const core = await openSandbox(resolveSandboxConfig({ now: iso(START_MS) }), THIS_PROCESS).core
    for (const now of ['9999-12-31T23:59:59Z', '0001-01-01T00:00:00Z']) {
      setClock(core.clock, { now })
      expect(core.portal.createKey({ level: 'USER', user_id: 1 }).expiry <= '9999-12-31T23:59:59Z').toBe(true)
      const account = core.portal.createAccount({ projects: 1 })
      expect(account.projects[0]!.created_at >= '0001-01-01T00:00:00Z').toBe(true)
    }
  })
})
