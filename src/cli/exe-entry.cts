import fs = require('node:fs')
import moduleApi = require('node:module')
import os = require('node:os')
import path = require('node:path')

// The entry of the single executable (`npm run build:exe`, scripts/build-exe.mjs): Node's runtime with
// this script and one asset, `tree`, the package's runtime files (dist/ without its types, the
// package's JSON files, and its three dependencies each bundled into one module). The first start
// unpacks the tree into a cache folder named after its hash; every start then runs the npm bin's own
// launcher (dist/cli/main.cjs) from there, so the executable is the npm bin: the same code, the same
// commands, flags, ready line, exit codes and bytes. Why unpack rather than run from memory:
// docs/decisions/single-executable.md.

/** What `tree` holds: a JSON index's length (4 bytes, big-endian), the index, then the files' bytes in its order. */
interface TreeEntry {
  readonly path: string
  readonly size: number
}

/** The one line this entry prints where it cannot unpack, and its exit code (a start-up failure, as a bad flag's). */
const CANNOT_UNPACK = (folder: string, cause: string) =>
  `analytics-sandbox: cannot unpack the executable's files into ${folder} (${cause}); set XDG_CACHE_HOME to a writable folder\n`

/** The folders tried for the cache, in order: the user's cache folder, then the OS temp folder. */
function cacheFolders(): string[] {
  const home = os.homedir()
  const xdg = process.env.XDG_CACHE_HOME
  const folders = [xdg !== undefined && xdg !== '' ? xdg : home === '' ? undefined : path.join(home, '.cache')]
  const uid = typeof process.getuid === 'function' ? process.getuid() : 'user'
  folders.push(path.join(os.tmpdir(), `analytics-sandbox-${uid}`))
  return folders.filter((folder): folder is string => folder !== undefined).map((folder) => path.join(folder, 'analytics-sandbox'))
}

/** Whether `folder` holds an unpacked tree (whole: a tree reaches its final name by one rename, see {@link unpackedTree}). */
const holdsTree = (folder: string) => fs.existsSync(path.join(folder, 'package.json'))

/** Writes the tree's files under `target` (a fresh folder). */
function writeTree(tree: Buffer, target: string): void {
  const indexLength = tree.readUInt32BE(0)
  const index = JSON.parse(tree.subarray(4, 4 + indexLength).toString('utf8')) as TreeEntry[]
  let offset = 4 + indexLength
  for (const entry of index) {
    const file = path.join(target, entry.path)
    fs.mkdirSync(path.dirname(file), { recursive: true })
    fs.writeFileSync(file, tree.subarray(offset, offset + entry.size))
    offset += entry.size
  }
}

/**
 * The folder holding this build's tree, unpacked: found where an earlier start left it, else written
 * into a fresh folder and renamed into place whole (two starts at once: the first rename wins, the
 * other start uses its folder), so a folder under its final name is always complete.
 */
function unpackedTree(): string {
  const sea = require('node:sea') as { getRawAsset(name: string): ArrayBuffer; getAsset(name: string, encoding: string): string }
  const id = sea.getAsset('tree-id', 'utf8')
  let failure = ''
  for (const folder of cacheFolders()) {
    const final = path.join(folder, id)
    if (holdsTree(final)) return final
    try {
      fs.mkdirSync(folder, { recursive: true, mode: 0o700 })
      const fresh = fs.mkdtempSync(path.join(folder, `.${id}-`))
      writeTree(Buffer.from(sea.getRawAsset('tree')), fresh)
      try {
        fs.renameSync(fresh, final)
      } catch {
        // Another start put its copy there first: this one goes.
        fs.rmSync(fresh, { recursive: true, force: true })
      }
      if (holdsTree(final)) return final
    } catch (error) {
      failure ||= CANNOT_UNPACK(folder, (error as NodeJS.ErrnoException).code ?? String(error))
    }
  }
  process.stderr.write(failure)
  process.exit(1)
}

const launcher = path.join(unpackedTree(), 'dist', 'cli', 'main.cjs')
moduleApi.createRequire(launcher)(launcher)
