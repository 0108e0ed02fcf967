// Bundles the command-line program into one CommonJS script, dist/cli/program.cjs, which the
// launcher dist/cli/main.cjs runs in a worker thread through dist/cli/load-program.cjs (src/cli/main.cts →
// src/cli/load-program.ts), then has scripts/write-code-cache.mjs write V8's code cache for it.
// Why a bundle: loading ~200 modules (zod, @msw/data with es-toolkit's barrels, commander) from
// node_modules is most of the start-up time and memory. Why CommonJS: only a script (not an ES
// module) can be compiled from a code cache on Node 20. Why English only: zod's 40 other locales
// were 300 KB of the 840 KB bundle, 8 ms of compiling, and the sandbox's messages are English.
// The library entry points stay tsc's output, one module per file.
import { createHash } from 'node:crypto'
import { execFileSync } from 'node:child_process'
import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { build } from 'esbuild'
import { buildLine } from '../dist/cli/load-bundle.js'

const dist = new URL('../dist/cli/', import.meta.url)
const outfile = new URL('program.cjs', dist).pathname

/** zod's locales index, reduced to the English locale zod itself registers by default. */
const englishOnly = {
  name: 'zod-english-only',
  setup(builder) {
    builder.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[/\\]zod[/\\]/.test(args.importer)
        ? { path: join(dirname(args.importer), '../locales/index.js'), namespace: 'english-only' }
        : undefined,
    )
    builder.onLoad({ filter: /.*/, namespace: 'english-only' }, (args) => ({
      contents: "export { default as en } from './en.js'",
      resolveDir: dirname(args.path),
    }))
  },
}

/** What both bundles share: CommonJS for Node 20, minified, `import.meta.url` from the file's path. */
const common = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: 'none',
  define: { 'import.meta.url': '__bundleUrl' },
  // "use strict" first, or the banner would end the directive prologue and leave the code sloppy.
  banner: { js: `"use strict";\nconst __bundleUrl = require('node:url').pathToFileURL(__filename).href;` },
  logLevel: 'warning',
}

await build({
  ...common,
  entryPoints: [new URL('../src/cli/program.ts', import.meta.url).pathname],
  outfile,
  // import() becomes require(): a script compiled by node:vm has no loader for import().
  supported: { 'dynamic-import': false },
  plugins: [englishOnly],
})

// The worker thread's entry, a few lines that compile the bundle from its cache. CommonJS too:
// a worker whose entry is an ES module first sets up the ESM loader, 10-15 ms of start-up.
await build({
  ...common,
  entryPoints: [new URL('../src/cli/load-program.ts', import.meta.url).pathname],
  outfile: new URL('load-program.cjs', dist).pathname,
})

// The build line names the bundle's code cache (see src/cli/load-bundle.ts).
const code = readFileSync(outfile, 'utf8')
const id = createHash('sha256').update(code).digest('hex').slice(0, 32)
writeFileSync(outfile, buildLine(id) + code)
// dist/ holds no code cache but this bundle's: one from an earlier build goes.
for (const name of readdirSync(dist)) if (name.endsWith('.cache')) rmSync(new URL(name, dist))
execFileSync(process.execPath, [new URL('write-code-cache.mjs', import.meta.url).pathname, outfile], { stdio: 'inherit' })
