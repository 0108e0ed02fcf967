import type { Reporter, TestModule } from 'vitest/node'

/**
 * Ends the run with the line CI reads: `N passed, N failed` (and `, N skipped` when any were).
 * A module that failed to load, and every unhandled error, counts as a failure.
 */
export class CountReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    let passed = 0
    let failed = unhandledErrors.length
    let skipped = 0
    for (const module of modules) {
      let tests = 0
      for (const test of module.children.allTests()) {
        tests++
        const state = test.result().state
        if (state === 'passed') passed++
        else if (state === 'failed') failed++
        else skipped++
      }
      if (tests === 0 && module.state() === 'failed') failed++
    }
    process.stdout.write(`\n${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}\n`)
  }
}
