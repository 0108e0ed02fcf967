import { describe, expect, it } from 'vitest'
import { openSandbox, resolveSandboxConfig } from '../../../src/sandbox/open-sandbox.js'
import { HEAP_PER_JSON_CHAR, RECORD_HEAP_BYTES } from '../../../src/model/portal-allowance.js'
import { ERRORS } from '../../../src/vocabulary/errors.js'
import { MemoryBudget } from '../../../src/vocabulary/memory-budget.js'
import { PortalError } from '../../../src/vocabulary/portal-error.js'
import { resolveScenarios } from '../../../src/scenarios/scenario-catalogue.js'
import { THIS_PROCESS } from '../../../src/sandbox/this-process.js'

/** A sandbox whose records and definitions draw on a budget of `bytes`. */
async function onBudget(bytes: number) {
  const budget = new MemoryBudget(bytes)
  const core = await openSandbox({ ...resolveSandboxConfig({}), budget }, THIS_PROCESS).core
  return { budget, core }
}

describe('the portal on a process budget', () => {
  it('refuses a creation past the budget with 409 memory_full and changes nothing', async () => {
    const { budget, core } = await onBudget(RECORD_HEAP_BYTES * 30)
    core.portal.createAccount({ projects: 5 })
    const before = budget.used
    const keys = core.portal.listKeys().total
    let refusal: unknown
    try {
      core.portal.createAccount({ projects: 20 })
    } catch (error) {
      refusal = error
    }
    expect(refusal).toBeInstanceOf(PortalError)
    expect((refusal as PortalError).template).toBe(ERRORS.memoryFull)
    expect(budget.used).toBe(before)
    expect(core.portal.listKeys().total).toBe(keys)
  })

  it('gives back what deleted records held, and all of it on a reset', async () => {
    const { budget, core } = await onBudget(1_000_000)
    const account = core.portal.createAccount({ projects: 2 })
    const held = budget.used
    core.portal.deleteProject(account.projects[0]!.id)
    expect(budget.used).toBeLessThan(held)
    core.portal.reset()
    expect(budget.used).toBeLessThanOrEqual(core.journal.size * 4096)
  })

  it('refuses scenario definitions past the budget with 409 memory_full and keeps the catalogue as it was', async () => {
    const { core } = await onBudget(100_000)
    const catalogue = core.scenarios.catalogue
    const heavy = { name: 'heavy', description: 'Many rules', rules: Array.from({ length: 200 }, () => ({ latency: 1 })) }
    expect(() => resolveScenarios(catalogue, [heavy], () => 'test')).toThrow(expect.objectContaining({ template: ERRORS.memoryFull }))
    expect(catalogue.get('heavy')).toBeUndefined()
  })

  it('charges a project what its text holds in the heap: one byte a character, two where the text is not Latin-1', async () => {
    const { budget, core } = await onBudget(100_000_000)
    const { user_id: userId } = core.portal.createAccount({ projects: 0 })
    const charge = (text: string) => {
      const before = budget.used
      core.portal.createProject({ user_id: userId, topics: [{ name: 'topic', brands: [text] }] })
      return budget.used - before
    }
    const latin = charge('b'.repeat(100))
    const wide = charge('語'.repeat(100))
    // The project's own text weighs the same in JSON characters; the wide one holds twice the bytes.
    expect(latin).toBeGreaterThanOrEqual(RECORD_HEAP_BYTES + 100 * HEAP_PER_JSON_CHAR.oneByte)
    expect(wide - latin).toBeGreaterThan(0)
  })
})
