import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'
import { CountReporter } from './test/support/count-reporter.js'
import { UNIT_TESTS } from './vitest.unit.config.js'

// `npm test`: the whole suite in one run, as two projects: the unit tier (no build, one module graph)
// and the rest. `npm run test:unit` and `npm run test:slow` run one each.
export default defineConfig({
  test: {
    reporters: ['default', new CountReporter()],
    // vitest's default (one worker per core but one) runs the suite serially on 2 cores; most slow
    // tests wait on child processes and sockets, so two workers take 3.5 min where one took 5.2.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: { name: 'unit', include: UNIT_TESTS, pool: 'threads', isolate: false, testTimeout: 20_000, hookTimeout: 20_000 },
      },
      {
        test: {
          name: 'slow',
          include: ['test/**/*.test.ts'],
          exclude: ['**/node_modules/**', ...UNIT_TESTS],
          testTimeout: 20_000,
          hookTimeout: 20_000,
        },
      },
    ],
  },
})
