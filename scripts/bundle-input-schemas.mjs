// Bundles src/contract/input-schemas.ts into dist/contract/input-schemas.cjs: the copy of the input
// schemas that loadInputSchemas() requires on demand (docs/decisions/light-import.md). CommonJS,
// rather than the ES module tsc writes beside it, so that every require() takes it: jest's require
// cannot load an ES module before Node 24.9, and Node needs no require(esm) for it. zod stays
// outside: require('zod') takes zod's own CommonJS build from the user's node_modules.
import { build } from 'esbuild'

await build({
  entryPoints: [new URL('../src/contract/input-schemas.ts', import.meta.url).pathname],
  outfile: new URL('../dist/contract/input-schemas.cjs', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  external: ['zod'],
  legalComments: 'none',
  logLevel: 'warning',
})
