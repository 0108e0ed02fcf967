// Whether a clone's dist/ must be built before the bin can run: `npm start` asks it, so `npm ci`
// then `npm start` works without `npm run build`, and nothing runs at install time.
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

/**
 * What the build reads and never writes: a change to any of these makes dist/ stale. (fixtures/ and
 * scenarios/ are written by the build, from src/.)
 */
const SOURCES = ['src', 'scripts', 'package.json', 'tsconfig.json']

/** The newest modification time (ms) of `path`, a file or every file below a folder. */
function newest(path) {
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  let latest = 0
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)))
  return latest
}

/**
 * Whether `root`'s dist/cli/main.cjs is missing, or older than a file the build reads.
 *
 * @example
 * needsBuild('/path/to/analytics-sandbox') // true right after `npm ci`
 */
export function needsBuild(root) {
  const bin = join(root, 'dist', 'cli', 'main.cjs')
  if (!existsSync(bin)) return true
  const built = statSync(bin).mtimeMs
  return SOURCES.some((source) => existsSync(join(root, source)) && newest(join(root, source)) > built)
}
