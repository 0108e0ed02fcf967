import { defineConfig } from 'vitest/config'
import { CountReporter } from './test/support/count-reporter.js'
import { UNIT_TESTS } from './vitest.unit.config.js'

/** `npm run test:slow`: every test of `npm test` but the unit tier (these need `npm run build`). */
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...UNIT_TESTS],
    reporters: ['default', new CountReporter()],
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
})
