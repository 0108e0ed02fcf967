import type { Reporter, TestModule } from 'vitest/node'

/**
 * Ends the run with the line CI reads: `N passed, N failed` (and `, N skipped` when any were).
 * A module that failed to load or whose hook failed, and every unhandled error, counts as a failure.
 */
export class CountReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    let passed = 0
    let failed = unhandledErrors.length
    let skipped = 0
    for (const module of modules) {
      // A failing hook (beforeAll, say) leaves its tests "skipped" in a failed module: those are failures.
      const moduleFailed = module.state() === 'failed'
      let failedHere = 0
      for (const test of module.children.allTests()) {
        const state = test.result().state
        if (state === 'passed') passed++
        else if (state === 'failed' || moduleFailed) failedHere++
        else skipped++
      }
      failed += moduleFailed && failedHere === 0 ? 1 : failedHere
    }
    process.stdout.write(`\n${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}\n`)
  }
}
