import { defineConfig } from 'vitest/config'
import { CountReporter } from './test/support/count-reporter.js'
import { UNIT_TESTS } from './vitest.unit.config.js'

// `npm test`: the whole suite in one run, as two projects: the unit tier (no build, one module graph)
// and the rest. `npm run test:unit` and `npm run test:slow` run one each.
export default defineConfig({
  test: {
    reporters: ['default', new CountReporter()],
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
