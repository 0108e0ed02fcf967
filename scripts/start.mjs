// `npm start`: the standalone sandbox from a clone. It builds dist/ first when it is missing or
// older than a source (npm run build, its output on stderr, so the ready line stays stdout's
// first), then runs the bin in this process with the same arguments.
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { needsBuild } from './needs-build.mjs'

const root = fileURLToPath(new URL('../', import.meta.url))
if (needsBuild(root)) {
  process.stderr.write('analytics-sandbox: building dist/ first (npm run build)\n')
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
  const built = spawnSync(npm, ['run', 'build', '--silent'], { cwd: root, stdio: ['ignore', 2, 2], shell: process.platform === 'win32' })
  if (built.status !== 0) {
    process.stderr.write('analytics-sandbox: the build failed (its output is above); run npm run build to see it again\n')
    process.exit(built.status ?? 1)
  }
}
await import('../dist/cli/main.cjs')
