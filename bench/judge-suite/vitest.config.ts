// The bench's careful suite (npm run bench, the mutate row of #51): its own configuration.
import { defineConfig } from 'vitest/config'

export default defineConfig({ test: { include: ['*.spec.ts'] } })
