// The bench's careful suite (npm run bench, the mutate row of #51): its own configuration. It imports
// the library from dist/, which vitest would transform as the suite's own source; a team's suite
// imports it from node_modules, which vitest leaves to node. `external` makes this one do the same
// (each run 2.0 s → 1.0 s, measured; the row's ratio is to this run's own time a run either way).
import { defineConfig } from 'vitest/config'

export default defineConfig({ test: { include: ['*.spec.ts'], server: { deps: { external: [/\/dist\//] } } } })
