// `npm start`: the standalone sandbox from a clone. It builds dist/ first when it is missing or
// older than a source (npm run build, its output on stderr, so the ready line stays stdout's
// first), then runs the bin in this process with the same arguments (serving, with --exit-with-parent).
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
// npm passes no signal on to this process (`kill` of `npm start` ends npm, and its shell waits on):
// the server watches its parents instead and stops when npm ends, freeing its port (within 250 ms).
// Only for serving: a command (report, verify, mutate) takes no such flag.
const [first] = process.argv.slice(2)
if ((first === undefined || first.startsWith('-')) && !process.argv.includes('--exit-with-parent')) process.argv.push('--exit-with-parent')
await import('../dist/cli/main.cjs')
