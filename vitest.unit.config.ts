import { defineConfig } from 'vitest/config'
import { CountReporter } from './test/support/count-reporter.js'

/**
 * `npm run test:unit`: the tests that need no build and start no process, for working on the code
 * (about 7 s). `npm test` runs them with the rest; `npm run test:slow` runs only the rest.
 */
export const UNIT_TESTS = [
  'test/unit/**/*.test.ts',
  'test/core/**/*.test.ts',
  'test/model/**/*.test.ts',
  'test/contract/check-response.test.ts',
  'test/contract/request-schemas.test.ts',
  'test/contract/self-check.test.ts',
  'test/contract/types.test.ts',
  'test/architecture.test.ts',
]

export default defineConfig({
  test: {
    include: UNIT_TESTS,
    // Functions over in-memory data: one module graph for all files is safe, and 3x faster than one each.
    pool: 'threads',
    isolate: false,
    reporters: ['default', new CountReporter()],
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
})
