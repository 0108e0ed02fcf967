/**
 * Bytes of heap the sandboxes of one server process may hold for what callers made, all of them
 * together: portal records, journals, scenario definitions and sessions. The standalone process
 * sizes its worker heap from it (src/cli/main.cts); the arithmetic is in
 * docs/decisions/bounded-by-bytes.md.
 */
export const PROCESS_BUDGET_BYTES = 128 * 1024 * 1024

/**
 * What one sandbox holds against a {@link MemoryBudget}: it takes before it grows, gives back as it
 * shrinks, and gives back all it holds when it ends (a session ended, a server closed). A sandbox
 * made in a test's own process (`createSandbox`) holds an account of no budget, which never refuses.
 *
 * @example
 * const account = budget.account()
 * if (!account.take(2048)) throw PortalError.memoryFull()
 * account.close()
 */
export class BudgetAccount {
  #held = 0
  #closed = false

  constructor(readonly budget: MemoryBudget | undefined) {}

  /** Bytes this account holds. */
  get held(): number {
    return this.#held
  }

  /** Takes `bytes` (at least 0) from the budget; false, and nothing taken, when the budget has no room or the account is closed. */
  take(bytes: number): boolean {
    if (bytes <= 0) return true
    if (this.#closed) return false
    if (this.budget !== undefined && !this.budget.reserve(bytes)) return false
    this.#held += bytes
    return true
  }

  /** Gives `bytes` back (never more than it holds). */
  give(bytes: number): void {
    const given = Math.min(Math.max(0, bytes), this.#held)
    this.#held -= given
    this.budget?.release(given)
  }

  /** Takes the difference from `before` to `after` bytes, or gives it back; false when it could not take it. */
  change(before: number, after: number): boolean {
    // The same size again (a journal entry repeating the one it replaces) moves nothing.
    if (after === before) return true
    if (after <= before) {
      this.give(before - after)
      return true
    }
    return this.take(after - before)
  }

  /** Gives back everything and takes nothing more: the sandbox has ended. */
  close(): void {
    this.give(this.#held)
    this.#closed = true
  }

  /** Whether the account has ended. */
  get closed(): boolean {
    return this.#closed
  }
}

/**
 * A budget in bytes shared by every sandbox of a server process, so a limit each sandbox keeps on
 * its own also holds for all of them together: 1,000 sessions each within its own limits cannot
 * run the process out of memory. Past it, what would grow is refused (409 `memory_full`) or, for a
 * journal, keeps fewer entries.
 *
 * @example
 * const budget = new MemoryBudget(PROCESS_BUDGET_BYTES)
 * const account = budget.account()
 * account.take(1024) // true
 * budget.used // 1024
 */
export class MemoryBudget {
  #used = 0

  constructor(readonly limitBytes: number) {}

  /** Bytes every account holds together. */
  get used(): number {
    return this.#used
  }

  /** Bytes still free. */
  get free(): number {
    return Math.max(0, this.limitBytes - this.#used)
  }

  /** A new account of this budget, for one sandbox. */
  account(): BudgetAccount {
    return new BudgetAccount(this)
  }

  /** Takes `bytes` when there is room; whether it did. Accounts call it: use an account's `take`. */
  reserve(bytes: number): boolean {
    if (this.#used + bytes > this.limitBytes) return false
    this.#used += bytes
    return true
  }

  /** Gives `bytes` back. Accounts call it: use an account's `give`. */
  release(bytes: number): void {
    this.#used = Math.max(0, this.#used - bytes)
  }
}

/**
 * An account of no budget: a sandbox in a test's own process grows within its own limits only.
 *
 * @example
 * const account = unboundedAccount()
 * account.take(1e12) // true
 */
export function unboundedAccount(): BudgetAccount {
  return new BudgetAccount(undefined)
}
