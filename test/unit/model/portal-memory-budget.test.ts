import { describe, expect, it } from 'vitest'
import { openSandbox, resolveSandboxConfig } from '../../../src/sandbox/open-sandbox.js'
import { RECORD_HEAP_BYTES } from '../../../src/model/portal-allowance.js'
import { ERRORS } from '../../../src/vocabulary/errors.js'
import { MemoryBudget } from '../../../src/vocabulary/memory-budget.js'
import { PortalError } from '../../../src/vocabulary/portal-error.js'
import { resolveScenarios } from '../../../src/scenarios/scenario-catalogue.js'

/** A sandbox whose records and definitions draw on a budget of `bytes`. */
async function onBudget(bytes: number) {
  const budget = new MemoryBudget(bytes)
  const core = await openSandbox({ ...resolveSandboxConfig({}), budget }).core
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
})
