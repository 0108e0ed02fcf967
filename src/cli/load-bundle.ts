import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname } from 'node:path'
import { Script } from 'node:vm'

/**
 * The first line scripts/bundle-cli.mjs writes into a bundle: `// build <id>`, the id being a hash
 * of the bundle's code. Its code cache is the file `<bundle name>.<id>.cache` beside it, so a cache
 * can never be paired with a bundle it was not made from.
 *
 * @example
 * BUILD_LINE.exec('// build 3f2a…\n"use strict";…')?.[1] // '3f2a…'
 */
export const BUILD_LINE = /^\/\/ build ([0-9a-f]{16,64})\n/

/**
 * The build line scripts/bundle-cli.mjs puts before the code of a bundle whose hash is `id`: the
 * line {@link BUILD_LINE} reads.
 *
 * @example
 * buildLine('3f2a…') + code // '// build 3f2a…\n"use strict";…'
 */
export function buildLine(id: string): string {
  return `// build ${id}\n`
}

/**
 * A bundle compiled and ready to run once.
 *
 * @example
 * const bundle = loadBundle(file)
 * bundle.run()
 * if (!bundle.fromCache && bundle.cacheFile !== undefined) writeFileSync(bundle.cacheFile, bundle.script.createCachedData())
 */
export interface LoadedBundle {
  /** The compiled script, to make a code cache from once it has run (scripts/write-code-cache.mjs). */
  readonly script: Script
  /** Where its code cache belongs, or undefined for a bundle without a build line. */
  readonly cacheFile: string | undefined
  /** Whether V8 compiled it from the cache: false without a cache, or with one from another V8. */
  readonly fromCache: boolean
  /** Runs the bundle as a CommonJS module (exports, require, module, __filename, __dirname). */
  run(): void
}

/**
 * Where the code cache of the bundle `file` with build id `id` lives.
 *
 * @example
 * cacheFileOf('/pkg/dist/cli/program.cjs', '3f2a') // '/pkg/dist/cli/program.3f2a.cache'
 */
export function cacheFileOf(file: string, id: string): string {
  return `${file.replace(/\.c?js$/, '')}.${id}.cache`
}

/**
 * Compiles a CommonJS bundle with V8's code cache when one made from this very bundle by this very
 * V8 is beside it, and compiles it from source otherwise (V8 rejects a cache from another version
 * or other flags). With the cache, V8 neither parses the ~0.5 MB script nor compiles any function
 * that ran while the cache was made (what that saves: docs/decisions/build-and-tooling.md).
 *
 * @example
 * loadBundle(fileURLToPath(new URL('./program.cjs', import.meta.url))).run()
 */
export function loadBundle(file: string, { useCache = true }: { useCache?: boolean } = {}): LoadedBundle {
  const source = readFileSync(file, 'utf8')
  const id = BUILD_LINE.exec(source)?.[1]
  const cacheFile = id === undefined ? undefined : cacheFileOf(file, id)
  let cachedData: Buffer | undefined
  if (useCache && cacheFile !== undefined) {
    try {
      cachedData = readFileSync(cacheFile)
    } catch {
      // No cache (a development build, or one removed): compile from source.
    }
  }
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, { filename: file, cachedData })
  return {
    script,
    cacheFile,
    fromCache: cachedData !== undefined && !script.cachedDataRejected,
    run() {
      const wrapper = script.runInThisContext() as (...args: unknown[]) => void
      const module = { exports: {} }
      wrapper.call(module.exports, module.exports, createRequire(file), module, file, dirname(file))
    },
  }
}
