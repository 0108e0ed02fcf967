import { fileURLToPath } from 'node:url'
import { loadBundle } from './load-bundle.js'

// The entry of the launcher's worker thread (src/cli.ts): runs the command-line program, bundled
// into dist/cli-worker.cjs by scripts/bundle-cli.mjs, from its code cache when it has one.
loadBundle(fileURLToPath(new URL('../cli-worker.cjs', import.meta.url))).run()
