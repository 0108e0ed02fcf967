// Bundles the command-line program into one file, dist/cli-worker.js, which the launcher
// dist/cli.js runs in a worker thread (see src/cli.ts).
// Why: loading ~200 modules (zod, @msw/data with es-toolkit's barrels, commander) from
// node_modules is most of the start-up time and memory; one tree-shaken file reaches the first
// answer in well under 250 ms. The library entry points stay tsc's output, one module per file.
// faker stays outside: it is imported only by --generate-projects.
import { build } from 'esbuild'

await build({
  entryPoints: [new URL('../src/server/cli-worker.ts', import.meta.url).pathname],
  outfile: new URL('../dist/cli-worker.js', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: 'none',
  external: ['@faker-js/faker', '@faker-js/faker/*'],
  // CommonJS dependencies inside an ES module bundle still call require().
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  logLevel: 'warning',
})
