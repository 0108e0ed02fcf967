import { defineConfig } from 'vitest/config'
import { CountReporter } from './test/support/count-reporter.js'

// `npm run test:hostile`: the hostile-load attacks at the size each was first run at (HOSTILE_SCALE=full),
// and the runs too long for `npm test` (*.hostile.ts).
export default defineConfig({
  test: {
    include: ['test/timing/hostile-load.test.ts', 'test/timing/bounded-by-bytes.test.ts', 'test/hardening/*.hostile.ts'],
    reporters: ['default', new CountReporter()],
    testTimeout: 600_000,
    hookTimeout: 20_000,
    setupFiles: ['test/support/provide-input-schemas.ts'],
  },
})
