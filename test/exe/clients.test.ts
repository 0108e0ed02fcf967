// The Python and Go helpers' own tests (clients/python, clients/go), each against the single
// executable with node off the PATH: run where pytest and go exist (CI installs both), skipped with a
// line saying so where they do not.
import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { EXE_PATH, REPO_ROOT, pathWithoutNode } from '../cli/run-cli.js'
import { findPytest, hasGo } from '../support/find-tools.js'

const pytest = findPytest()
const go = hasGo()
if (pytest === undefined)
  console.log('clients.test.ts: pytest is not installed here (python3 -m pytest), so the Python helper’s tests are skipped')
if (!go) console.log('clients.test.ts: go is not installed here, so the Go helper’s tests are skipped')

/** The environment of a helper's tests: the executable named, node off the PATH, no sandbox URL inherited. */
function helperEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ANALYTICS_SANDBOX_BIN: EXE_PATH, PATH: pathWithoutNode() }
  delete env.ANALYTICS_SANDBOX_URL
  return env
}

describe('the helpers of other languages, against the single executable', () => {
  it.skipIf(pytest === undefined)(
    'pass the pytest plugin’s own tests (clients/python)',
    () => {
      const [python, ...args] = pytest!
      const result = spawnSync(python!, [...args, '-q', '-p', 'no:cacheprovider', 'clients/python/tests'], {
        cwd: REPO_ROOT,
        env: helperEnv(),
        encoding: 'utf8',
        timeout: 240_000,
      })
      expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0)
    },
    300_000,
  )

  it.skipIf(!go)(
    'pass the Go package’s own tests (clients/go)',
    () => {
      const result = spawnSync('go', ['test', '-count=1', './...'], {
        cwd: `${REPO_ROOT}clients/go`,
        env: helperEnv(),
        encoding: 'utf8',
        timeout: 240_000,
      })
      expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0)
    },
    300_000,
  )
})
