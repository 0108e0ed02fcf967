// What the pytest plugin's fixtures cost a test (#52): a suite of N tests that each take
// `sandbox_session`, against the same suite whose tests each make and end a session by hand with
// urllib (a bare session), both against one running sandbox (ANALYTICS_SANDBOX_URL), so the process's
// start is in neither. The difference over N is the fixtures' own cost a test.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { findPytest } from './find-pytest.mjs'
import { median } from './median.mjs'

const BARE = `
import json, os, urllib.request
import pytest
ADMIN = os.environ["ANALYTICS_SANDBOX_URL"].replace("/api/v1/", "/__sandbox/")

@pytest.fixture
def session():
    made = urllib.request.Request(ADMIN + "sessions", data=b"{}", method="POST", headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(made) as response:
        data = json.load(response)["data"]
    yield data
    urllib.request.urlopen(urllib.request.Request(ADMIN + "sessions/" + data["id"], method="DELETE")).close()

@pytest.mark.parametrize("n", range(COUNT))
def test_one(session, n):
    assert session["base_url"]
`

const WITH_FIXTURE = `
import pytest

@pytest.mark.parametrize("n", range(COUNT))
def test_one(sandbox_session, n):
    assert sandbox_session.base_url
`

/** Seconds one pytest run of `file` takes. */
function runSeconds(pytest, file, env) {
  const started = performance.now()
  execFileSync(pytest[0], [...pytest.slice(1), '-q', '-p', 'no:cacheprovider', '-p', 'pytest_analytics_sandbox.plugin', file], {
    env,
    stdio: 'ignore',
  })
  return (performance.now() - started) / 1000
}

/**
 * The fixtures' cost a test in ms over a bare session, `tests` tests a suite, medians of 3 runs each
 * (alternating), against the running sandbox at `url` (its API base); undefined where pytest is not installed.
 */
export function pytestFixtureMs(root, url, tests) {
  const pytest = findPytest()
  if (pytest === undefined) return undefined
  const folder = mkdtempSync(join(tmpdir(), 'analytics-sandbox-pytest-bench-'))
  try {
    const bare = join(folder, 'test_bare.py')
    const withFixture = join(folder, 'test_fixture.py')
    writeFileSync(bare, BARE.replace('COUNT', String(tests)))
    writeFileSync(withFixture, WITH_FIXTURE.replace('COUNT', String(tests)))
    const env = { ...process.env, ANALYTICS_SANDBOX_URL: url, PYTHONPATH: join(root, 'clients/python/src') }
    const bareS = []
    const fixtureS = []
    runSeconds(pytest, bare, env)
    for (let round = 0; round < 3; round++) {
      bareS.push(runSeconds(pytest, bare, env))
      fixtureS.push(runSeconds(pytest, withFixture, env))
    }
    const [b, f] = [median(bareS), median(fixtureS)]
    return { tests, bareS: b, fixtureS: f, ms: ((f - b) * 1000) / tests }
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
}
