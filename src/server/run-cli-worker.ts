import { fileURLToPath } from 'node:url'
import { loadBundle } from './load-bundle.js'

// The entry of the launcher's worker thread (src/cli.cts): runs the command-line program, bundled
// into dist/cli-worker.cjs by scripts/bundle-cli.mjs, from its code cache when it has one.
// This file is bundled too, into dist/run-cli-worker.cjs beside the program: a CommonJS entry
// spares the worker the ESM loader's set-up. tsc leaves it out (tsconfig.json), as it only runs
// bundled.
loadBundle(fileURLToPath(new URL('./cli-worker.cjs', import.meta.url))).run()
