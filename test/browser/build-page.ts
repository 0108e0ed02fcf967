import { copyFile, mkdir } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const PAGE = fileURLToPath(new URL('./page/', import.meta.url))

/**
 * Bundles the test page into `folder` (`index.html`, `main.js`) next to msw's worker script
 * (`mockServiceWorker.js`, from the installed msw, so its integrity checksum matches the library).
 * The page imports the package by its name: esbuild resolves it through package.json `exports`
 * with the `browser` condition, as an app's bundler would, so the page runs the built dist/.
 * With `project` (a consumer project with analytics-sandbox and msw installed), the page's files are
 * copied there first, so both resolve from that project's node_modules. Returns the bundle's inputs,
 * relative to the project root.
 *
 * @example
 * const inputs = await buildPage('/tmp/page') // [..., 'dist/browser.js', 'test/browser/page/main.ts']
 */
export async function buildPage(folder: string, project = ROOT): Promise<string[]> {
  let page = PAGE
  if (project !== ROOT) {
    page = join(project, 'page')
    await mkdir(page, { recursive: true })
    for (const name of ['main.ts', 'page-api.ts']) await copyFile(join(PAGE, name), join(page, name))
  }
  const result = await build({
    absWorkingDir: project,
    entryPoints: [join(page, 'main.ts')],
    outfile: join(folder, 'main.js'),
    bundle: true,
    platform: 'browser',
    conditions: ['browser'],
    format: 'esm',
    target: 'es2022',
    metafile: true,
    logLevel: 'silent',
  })
  await copyFile(join(PAGE, 'index.html'), join(folder, 'index.html'))
  await copyFile(createRequire(join(project, 'package.json')).resolve('msw/mockServiceWorker.js'), join(folder, 'mockServiceWorker.js'))
  return Object.keys(result.metafile.inputs)
}
