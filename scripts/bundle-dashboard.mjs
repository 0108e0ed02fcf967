// Builds the dashboard (src/dashboard/) into dist/dashboard/: index.html, dashboard.js (the page's
// code with uPlot, one ES module, minified), dashboard.css and icon.svg. The sandbox serves these
// files itself (src/server/dashboard-answer.ts), read on their first request, so the page works
// offline and costs nothing at start-up.
import { copyFileSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'esbuild'

/**
 * package.json says `"sideEffects": false` for the library, and esbuild drops a bare import from
 * such a package; the page's first import (src/dashboard/use-known-language.ts) is one on purpose.
 */
const keepFirstImport = {
  name: 'keep-use-known-language',
  setup(builder) {
    builder.onResolve({ filter: /^\.\/use-known-language\.js$/ }, (args) => ({
      path: join(args.resolveDir, 'use-known-language.ts'),
      sideEffects: true,
    }))
  },
}

const source = new URL('../src/dashboard/', import.meta.url)
const target = new URL('../dist/dashboard/', import.meta.url)
mkdirSync(target, { recursive: true })

await build({
  entryPoints: [new URL('main.ts', source).pathname],
  // The CSS the page's code imports (uPlot's and its own) goes into dashboard.css beside it.
  outfile: new URL('dashboard.js', target).pathname,
  bundle: true,
  platform: 'browser',
  format: 'esm',
  target: 'es2022',
  minify: true,
  // uPlot's licence goes along, at the end of the file.
  legalComments: 'eof',
  logLevel: 'warning',
  plugins: [keepFirstImport],
})
for (const name of ['index.html', 'icon.svg']) copyFileSync(new URL(name, source), new URL(name, target))
