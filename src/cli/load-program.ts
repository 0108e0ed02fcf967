import * as nodeModule from 'node:module'
import { fileURLToPath } from 'node:url'
import { loadBundle } from './load-bundle.js'

// The entry of the launcher's worker thread (src/cli/main.cts): loads the command-line program,
// bundled into dist/cli/program.cjs by scripts/bundle-cli.mjs. This file is bundled too, into
// dist/cli/load-program.cjs: a CommonJS entry spares the worker the ESM loader's set-up. tsc leaves
// it out (tsconfig.json), as it only runs bundled.
//
// Where Node has its own compile cache (22.1 and later), it is used: it is written on the first
// start, into the OS temp folder, for the V8 that runs. The code cache the build wrote beside the
// bundle fits only the V8 of the Node that built it (Node 20 here). Measured side by side in
// docs/decisions/build-and-tooling.md.
const program = fileURLToPath(new URL('./program.cjs', import.meta.url))
const { enableCompileCache } = nodeModule as { enableCompileCache?: () => unknown }
if (enableCompileCache === undefined) {
  loadBundle(program).run()
} else {
  enableCompileCache()
  nodeModule.createRequire(program)(program)
}
