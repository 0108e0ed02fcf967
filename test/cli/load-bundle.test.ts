import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { BUILD_LINE, buildLine, cacheFileOf, loadBundle } from '../../src/cli/load-bundle.js'

const DIST = new URL('../../dist/cli/', import.meta.url).pathname
const work = mkdtempSync(join(tmpdir(), 'load-bundle-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))
// The bundles report through globals: gone after each test, as the next file shares the module graph.
afterEach(() => {
  delete (globalThis as { __loadBundleSeen?: unknown }).__loadBundleSeen
  delete (globalThis as { __noLine?: unknown }).__noLine
})

/** A small bundle with a build line, reporting what it sees as a CommonJS module. */
function writeBundle(name: string, id: string, body = ''): string {
  const file = join(work, name)
  writeFileSync(
    file,
    `// build ${id}\n"use strict";\n${body}\nglobalThis.__loadBundleSeen = { file: __filename, dir: __dirname, exportsIsModuleExports: exports === module.exports, requireWorks: typeof require('node:path').join === 'function', strict: (function () { return this === undefined })() }\n`,
  )
  return file
}

describe('loadBundle, which runs the command-line bundle in the launcher’s worker thread', () => {
  it('compiles the built dist/program.cjs from the code cache the build wrote beside it, so the program starts without parsing or compiling it.', () => {
    const bundle = loadBundle(join(DIST, 'program.cjs'))
    expect(bundle.cacheFile).toBe(join(DIST, `program.${BUILD_LINE.exec(readFileSync(join(DIST, 'program.cjs'), 'utf8'))?.[1]}.cache`))
    expect(bundle.fromCache).toBe(true)
  })

  it('leaves exactly one code cache in dist/, the one named by the bundle’s build line.', () => {
    const caches = readdirSync(DIST).filter((name) => name.endsWith('.cache'))
    expect(caches).toEqual([loadBundle(join(DIST, 'program.cjs')).cacheFile?.split('/').at(-1)])
  })

  it('reads back the build id that the build line written by scripts/bundle-cli.mjs carries.', () => {
    expect(BUILD_LINE.exec(`${buildLine('0123456789abcdef0123456789abcdef')}"use strict";`)?.[1]).toBe('0123456789abcdef0123456789abcdef')
  })

  it('runs a bundle as a strict CommonJS module: its own __filename, __dirname, exports and require.', () => {
    const file = writeBundle('plain.cjs', 'a'.repeat(32))
    loadBundle(file).run()
    expect((globalThis as { __loadBundleSeen?: unknown }).__loadBundleSeen).toEqual({
      file,
      dir: work,
      exportsIsModuleExports: true,
      requireWorks: true,
      strict: true,
    })
  })

  it('compiles from source when the bundle has no cache, and says so.', () => {
    const bundle = loadBundle(writeBundle('uncached.cjs', 'b'.repeat(32)))
    expect(bundle.fromCache).toBe(false)
    expect(() => bundle.run()).not.toThrow()
  })

  it('compiles from source when V8 rejects the cache (another V8, other flags, or damaged), and the bundle still runs.', () => {
    const file = writeBundle('damaged.cjs', 'c'.repeat(32))
    writeFileSync(cacheFileOf(file, 'c'.repeat(32)), Buffer.from('not a code cache'))
    const bundle = loadBundle(file)
    expect(bundle.fromCache).toBe(false)
    expect(() => bundle.run()).not.toThrow()
  })

  it('never pairs a bundle with a cache made from another build: the cache’s name carries the build id.', () => {
    const older = writeBundle('app.cjs', 'd'.repeat(32))
    const olderBundle = loadBundle(older)
    olderBundle.run()
    writeFileSync(olderBundle.cacheFile ?? '', olderBundle.script.createCachedData())
    expect(loadBundle(older).fromCache).toBe(true)
    // Rebuilt with other code: another id, so the old cache is not found.
    const newer = writeBundle('app.cjs', 'e'.repeat(32), '// other code')
    expect(loadBundle(newer).cacheFile).not.toBe(olderBundle.cacheFile)
    expect(loadBundle(newer).fromCache).toBe(false)
  })

  it('ignores any cache for a bundle without a build line, such as a development build.', () => {
    const file = join(work, 'no-line.cjs')
    writeFileSync(file, 'globalThis.__noLine = 1\n')
    const bundle = loadBundle(file)
    expect(bundle.cacheFile).toBeUndefined()
    expect(bundle.fromCache).toBe(false)
    bundle.run()
    expect((globalThis as { __noLine?: number }).__noLine).toBe(1)
  })

  it('keeps line numbers: an error in a bundle points at its own line.', () => {
    const file = join(work, 'throws.cjs')
    writeFileSync(file, '// build ' + 'f'.repeat(32) + '\n"use strict";\n\nthrow new Error("line 4")\n')
    let stack = ''
    try {
      loadBundle(file).run()
    } catch (error) {
      stack = (error as Error).stack ?? ''
    }
    expect(stack).toContain(`${file}:4`)
  })
})
