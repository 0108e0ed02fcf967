// The sample suite's own configuration, so the project's does not apply to it.
import { defineConfig } from 'vitest/config'

export default defineConfig({ test: { include: ['*.spec.ts'] } })
