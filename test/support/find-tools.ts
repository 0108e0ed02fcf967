// The tools other languages' tests need, found where they are: pytest (bench/find-pytest.mjs says
// where) and go (Debian's golang-go). A test skips, saying so, where one is missing.
import { spawnSync } from 'node:child_process'

export { findPytest } from '../../bench/find-pytest.mjs'

/** Whether `go` runs here. */
export function hasGo(): boolean {
  return spawnSync('go', ['version'], { stdio: 'ignore' }).status === 0
}
