import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { PROCESS_BUDGET_BYTES } from '../../../src/vocabulary/memory-budget.js'

describe('the launcher’s heap', () => {
  it('is sized from the same process budget the sandboxes draw on', () => {
    // The launcher loads nothing of the sandbox, so it says the number again; this holds them equal.
    const launcher = readFileSync(new URL('../../../src/cli/main.cts', import.meta.url), 'utf8')
    const said = /const PROCESS_BUDGET_MB = (\d+)/.exec(launcher)?.[1]
    expect(Number(said) * 1024 * 1024).toBe(PROCESS_BUDGET_BYTES)
  })
})
