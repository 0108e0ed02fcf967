/**
 * The dashboard's bundle (scripts/bundle-dashboard.mjs bundles src/dashboard/main.ts with esbuild):
 * the page takes the contract's types (its envelopes, the client report's, a session's), and those
 * imports must stay types, erased from the bundle, so neither zod nor the sandbox's own code is
 * shipped to the browser.
 */
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))

describe("The dashboard's bundle", () => {
  it('holds the page, the vocabulary it uses and uPlot only: no zod, no contract, model or core, for all the types it takes from them', async () => {
    const result = await build({
      absWorkingDir: ROOT,
      entryPoints: ['src/dashboard/main.ts'],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      target: 'es2022',
      minify: true,
      write: false,
      outdir: 'bundle',
      metafile: true,
      logLevel: 'silent',
    })
    const inputs = Object.keys(result.metafile.inputs)
    expect(inputs.filter((path) => !/^(src\/(dashboard|vocabulary)\/|node_modules\/uplot\/)/.test(path))).toEqual([])
    // The page's own script stays small: uPlot is most of it.
    const script = result.outputFiles.find((file) => file.path.endsWith('.js'))!
    expect(script.contents.byteLength).toBeLessThan(100 * 1024)
  })
})
