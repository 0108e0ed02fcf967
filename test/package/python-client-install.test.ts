// `pip install ./clients/python`, as the README says: built by the package's own standard-library
// backend, with nothing fetched (--no-index), into a folder of its own (--target; --no-deps, as
// pytest is the project's own). Run where python3 has pip, skipped with a line saying so elsewhere.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { REPO_ROOT } from '../cli/run-cli.js'
import { useTempDir } from '../support/temp-dir.js'

const hasPip = spawnSync('python3', ['-m', 'pip', '--version'], { stdio: 'ignore' }).status === 0
if (!hasPip) console.log('python-client-install.test.ts: python3 has no pip here, so the install of clients/python is not tried')

const temp = useTempDir('pip')

describe('pip install of clients/python', () => {
  it.skipIf(!hasPip)(
    'builds offline with the package’s own backend and installs the plugin with its pytest11 entry point',
    () => {
      const target = temp.path('site')
      const result = spawnSync(
        'python3',
        ['-m', 'pip', 'install', '--quiet', '--no-index', '--no-deps', '--target', target, join(REPO_ROOT, 'clients/python')],
        { encoding: 'utf8', timeout: 120_000, env: { ...process.env, PIP_DISABLE_PIP_VERSION_CHECK: '1' } },
      )
      expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0)
      expect(existsSync(join(target, 'pytest_analytics_sandbox', 'plugin.py'))).toBe(true)
      const entryPoints = readFileSync(join(target, 'pytest_analytics_sandbox-0.1.0.dist-info', 'entry_points.txt'), 'utf8')
      expect(entryPoints).toContain('analytics_sandbox = pytest_analytics_sandbox.plugin')
    },
    150_000,
  )
})
