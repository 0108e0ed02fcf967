import { describe, expect, it } from 'vitest'
import { COUNTER_HEAP_BYTES, KEY_COUNTER_LIMITS, KeyCounters, type CounterHolder } from '../../../src/scenarios/key-counters.js'
import { MemoryBudget } from '../../../src/vocabulary/memory-budget.js'

const holder = (): CounterHolder => ({
  counters: undefined,
  overflow: undefined,
  held: { counters: 0, unknown: 0, unknownChars: 0, bytes: 0 },
})

describe('KeyCounters', () => {
  it('gives each key a counter of its own, the same one on every later call', () => {
    const ledger = new KeyCounters()
    const rule = holder()
    const first = ledger.counterOf(rule, 'a', true, 0)
    first.count++
    expect(ledger.counterOf(rule, 'a', true, 0)).toBe(first)
    expect(ledger.counterOf(rule, 'b', true, 0)).not.toBe(first)
    expect(ledger.counters).toBe(2)
  })

  it('counts keys it does not know together once their bound is met, and keeps counting known keys apart', () => {
    const ledger = new KeyCounters()
    const rule = holder()
    for (let index = 0; index < KEY_COUNTER_LIMITS.unknownCounters; index++) ledger.counterOf(rule, `u${index}`, false, 0)
    expect(ledger.unknownCounters).toBe(KEY_COUNTER_LIMITS.unknownCounters)
    const past = ledger.counterOf(rule, 'one-more', false, 0)
    expect(ledger.counterOf(rule, 'and-another', false, 0)).toBe(past)
    expect(rule.overflow).toBe(past)
    expect(ledger.counterOf(rule, 'sbx_user_alpha', true, 0)).not.toBe(past)
  })

  it('bounds the characters of unknown keys it holds', () => {
    const ledger = new KeyCounters()
    const rule = holder()
    const long = (index: number) => `${index}-`.padEnd(KEY_COUNTER_LIMITS.unknownKeyChars / 4, 'k')
    for (let index = 0; index < 4; index++) expect(ledger.counterOf(rule, long(index), false, 0)).not.toBe(rule.overflow)
    expect(ledger.counterOf(rule, long(4), false, 0)).toBe(rule.overflow)
    expect(ledger.unknownCounters).toBe(4)
  })

  it('counts into the overflow when the process budget has no room, and takes from it what each counter costs', () => {
    const budget = new MemoryBudget(COUNTER_HEAP_BYTES * 3 + 10)
    const ledger = new KeyCounters(budget.account())
    const rule = holder()
    ledger.counterOf(rule, 'a', true, 0)
    expect(budget.used).toBe(COUNTER_HEAP_BYTES + 1)
    ledger.counterOf(rule, 'b', true, 0)
    ledger.counterOf(rule, 'c', true, 0)
    expect(ledger.counterOf(rule, 'd', true, 0)).toBe(rule.overflow)
  })

  it('gives back what forgotten rules held, and everything when cleared', () => {
    const budget = new MemoryBudget(1 << 20)
    const ledger = new KeyCounters(budget.account())
    const kept = holder()
    const dropped = holder()
    ledger.counterOf(kept, 'a', true, 0)
    ledger.counterOf(dropped, 'b', false, 0)
    ledger.forget([dropped])
    expect(ledger.counters).toBe(1)
    expect(ledger.unknownCounters).toBe(0)
    expect(budget.used).toBe(COUNTER_HEAP_BYTES + 1)
    ledger.clear()
    expect(ledger.counters).toBe(0)
    expect(budget.used).toBe(0)
  })
})
