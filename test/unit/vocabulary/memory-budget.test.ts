import { describe, expect, it } from 'vitest'
import { BudgetAccount, MemoryBudget, unboundedAccount } from '../../../src/vocabulary/memory-budget.js'

describe('MemoryBudget', () => {
  it('lets accounts take up to its limit together and refuses what would pass it, taking nothing', () => {
    const budget = new MemoryBudget(100)
    const first = budget.account()
    const second = budget.account()
    expect(first.take(60)).toBe(true)
    expect(second.take(50)).toBe(false)
    expect(second.held).toBe(0)
    expect(second.take(40)).toBe(true)
    expect(budget.used).toBe(100)
    expect(budget.free).toBe(0)
  })

  it('gives back what an account gives, never more than it holds, and all of it when the account closes', () => {
    const budget = new MemoryBudget(100)
    const account = budget.account()
    account.take(70)
    account.give(20)
    expect(budget.used).toBe(50)
    account.give(500)
    expect(budget.used).toBe(0)
    account.take(30)
    account.close()
    expect(budget.used).toBe(0)
    expect(account.closed).toBe(true)
  })

  it('refuses every take of a closed account, so an ended session grows no more', () => {
    const account = new MemoryBudget(100).account()
    account.close()
    expect(account.take(1)).toBe(false)
    expect(account.take(0)).toBe(true)
  })

  it('takes or gives the difference of a change from one size to another', () => {
    const budget = new MemoryBudget(100)
    const account = budget.account()
    expect(account.change(0, 80)).toBe(true)
    expect(account.change(80, 120)).toBe(false)
    expect(account.change(80, 30)).toBe(true)
    expect(budget.used).toBe(30)
  })

  it('moves nothing for a change to the same size, full budget and closed account alike', () => {
    const budget = new MemoryBudget(100)
    const account = budget.account()
    expect(account.change(0, 100)).toBe(true)
    expect(account.change(100, 100)).toBe(true)
    expect(budget.used).toBe(100)
    account.close()
    expect(account.change(40, 40)).toBe(true)
    expect(budget.used).toBe(0)
  })

  it('gives an account of no budget everything it asks for', () => {
    const account = unboundedAccount()
    expect(account).toBeInstanceOf(BudgetAccount)
    expect(account.take(Number.MAX_SAFE_INTEGER)).toBe(true)
  })
})
