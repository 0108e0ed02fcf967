// The tools other languages' tests need, found where they are: pytest (CI installs Debian's
// python3-pytest, which Debian's /usr/bin/python3 imports, not a python3 of pyenv's that may come
// first on the PATH) and go (Debian's golang-go). A test skips, saying so, where one is missing.
import { spawnSync } from 'node:child_process'

/** The command that runs pytest here (`python3 -m pytest`, or Debian's python3's), or `undefined`. */
export function findPytest(): readonly string[] | undefined {
  for (const python of ['python3', '/usr/bin/python3']) {
    if (spawnSync(python, ['-m', 'pytest', '--version'], { stdio: 'ignore' }).status === 0) return [python, '-m', 'pytest']
  }
  return undefined
}

/** Whether `go` runs here. */
export function hasGo(): boolean {
  return spawnSync('go', ['version'], { stdio: 'ignore' }).status === 0
}
