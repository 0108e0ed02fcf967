// Where pytest runs here, said once for the benchmark (bench/pytest-fixture.mjs) and the tests
// (test/support/find-tools.ts): CI installs Debian's python3-pytest, which Debian's /usr/bin/python3
// imports, not a python3 of pyenv's that may come first on the PATH.
import { spawnSync } from 'node:child_process'

/** The command that runs pytest here (`python3 -m pytest`, or Debian's python3's), or `undefined`. */
export function findPytest() {
  for (const python of ['python3', '/usr/bin/python3']) {
    if (spawnSync(python, ['-m', 'pytest', '--version'], { stdio: 'ignore' }).status === 0) return [python, '-m', 'pytest']
  }
  return undefined
}
