// Where `npm run build:exe` puts the single executable, said once for the build (scripts/build-exe.mjs),
// the benchmark and the tests' set-up (test/support/build-exe.ts).
import { join } from 'node:path'

/** The executable's path under the repository at `root`, for this platform: dist/exe/analytics-sandbox-linux-x64 here. */
export function exePath(root) {
  return join(root, 'dist', 'exe', `analytics-sandbox-${process.platform}-${process.arch}`)
}
