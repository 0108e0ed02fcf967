import { defineConfig } from 'vitest/config'
import { CountReporter } from './test/support/count-reporter.js'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    reporters: ['default', new CountReporter()],
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
})
