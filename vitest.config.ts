import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'
import { BUILT_EXE } from './test/support/build-exe.js'
import { CountReporter } from './test/support/count-reporter.js'

/** The unit tier, a folder: no build, no process started, functions over in-memory data (`npm run test:unit`). */
const UNIT_TESTS = ['test/unit/**/*.test.ts']

/** Tests that measure time under load (answers within 1 s while attacked, exits within 1.5 s), a folder and the regressions named `.timing`: run alone. */
const TIMING_TESTS = ['test/timing/**/*.test.ts', 'test/regressions/**/*.timing.test.ts']

/**
 * The black-box suite of the bin: every file that starts it (test/cli/run-cli.ts), run a second time
 * against the single executable with node off the PATH (the `exe` project), beside the executable's own tests.
 */
const EXE_TESTS = [
  'test/exe/**/*.test.ts',
  'test/cli/cli.test.ts',
  'test/cli/harness.test.ts',
  'test/scenarios/cli-scenarios.test.ts',
  'test/sessions/sessions.test.ts',
  'test/report/report-cli.test.ts',
  'test/report/observer.test.ts',
  'test/verify/verify-cli.test.ts',
  'test/mutate/mutate-cli.test.ts',
  'test/surprises/fault-rules.test.ts',
  'test/surprises/faults-bounded.test.ts',
  'test/portal/determinism.test.ts',
  'test/portal/portal-limit.test.ts',
  'test/server/dashboard-files.test.ts',
  'test/hardening/transport.test.ts',
  'test/readme/readme-python.test.ts',
  'test/regressions/a-headers-timeout-over-30-s-stopped-the-server-with-nodes-own-error.test.ts',
  'test/regressions/a-key-inside-a-longer-text-reached-the-journal-and-the-log-whole.test.ts',
  'test/regressions/fault-counters-grew-with-every-made-up-key-until-the-heap-died.test.ts',
  'test/regressions/latency-rules-added-up-past-a-timer-overflowed.test.ts',
  'test/regressions/mutate-waited-for-the-pipes-of-a-child-its-command-left-behind.test.ts',
  'test/regressions/sessions-each-within-their-limits-ran-the-process-out-of-memory.test.ts',
  'test/regressions/the-budget-charged-portal-records-by-their-json-not-their-heap.test.ts',
]

/** What every project shares: its time limits, and the input schemas handed over before any test (see the file). */
const EVERY_PROJECT = { testTimeout: 20_000, hookTimeout: 20_000, setupFiles: ['test/support/provide-input-schemas.ts'] }

// `npm test`: the whole suite in one run, with one count line, as three projects:
// - unit: one module graph for all files (safe for pure functions, 3x faster than one graph each);
// - slow: HTTP, msw, the bin, the packed package, browsers, two files at a time, each worker with
//   one module graph too: every file closes the servers, msw listeners and processes it starts, and
//   none mocks a module or a global (test/unit/suite-isolation.test.ts holds that), so a file sees
//   nothing of the one before; importing msw, the sources and zod once a worker rather than once a
//   file takes 10 s off the run (95 s instead of 105 for both tiers);
// - timing: after both, one file at a time, so no other test competes for the 2 cores.
// `npm run test:unit` runs the first, `npm run test:slow` the other two.
export default defineConfig({
  test: {
    reporters: ['default', new CountReporter()],
    // vitest's default (one worker per core but one) ran the suite serially on 2 cores; most slow
    // tests wait on child processes and sockets, so two workers take 3.5 min where one took 5.2.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { test: { name: 'unit', include: UNIT_TESTS, pool: 'threads', isolate: false, ...EVERY_PROJECT } },
      {
        test: {
          name: 'slow',
          isolate: false,
          include: ['test/**/*.test.ts'],
          exclude: ['**/node_modules/**', 'test/exe/**', ...UNIT_TESTS, ...TIMING_TESTS],
          ...EVERY_PROJECT,
        },
      },
      {
        test: {
          name: 'exe',
          isolate: false,
          include: EXE_TESTS,
          exclude: ['**/node_modules/**', ...TIMING_TESTS],
          globalSetup: ['test/support/build-exe.ts'],
          env: { ANALYTICS_SANDBOX_EXE: BUILT_EXE },
          ...EVERY_PROJECT,
        },
      },
      { test: { name: 'timing', include: TIMING_TESTS, fileParallelism: false, sequence: { groupOrder: 1 }, ...EVERY_PROJECT } },
    ],
  },
})
