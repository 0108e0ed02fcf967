// The `exe` project's global set-up (vitest.config.ts): builds the single executable once a run where
// dist/ is newer than it (`npm test` builds dist/ anew, so once a run), with `npm run build:exe`'s script,
// told not to build dist/ itself: a build in the middle of the run would take dist/ from the other projects' tests.
import { spawnSync } from 'node:child_process'
import { existsSync, statSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { exePath } from '../../scripts/exe-path.mjs'

/** The executable `npm run build:exe` makes on this platform. */
export const BUILT_EXE = exePath(fileURLToPath(new URL('../../', import.meta.url)))
const LAUNCHER = fileURLToPath(new URL('../../dist/cli/main.cjs', import.meta.url))

/** Vitest runs this once before the project's files. */
export function setup(): void {
  if (existsSync(BUILT_EXE) && statSync(BUILT_EXE).mtimeMs > statSync(LAUNCHER).mtimeMs) return
  const built = spawnSync(process.execPath, [fileURLToPath(new URL('../../scripts/build-exe.mjs', import.meta.url)), '--no-build'], {
    encoding: 'utf8',
  })
  if (built.status !== 0) throw new Error(`npm run build:exe failed:\n${built.stdout}${built.stderr}`)
}
