import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../../', import.meta.url))

describe('a Python test suite (standard library only) steering the standalone sandbox', () => {
  it('makes two accounts used in parallel under fail-once, revokes a key, expires one by moving the clock, makes a project, filters the journal and resets, as examples/parallel_tests.py does', () => {
    const result = spawnSync('python3', ['examples/parallel_tests.py'], {
      cwd: root,
      env: { ...process.env, ANALYTICS_SANDBOX_COMMAND: `${process.execPath} dist/cli/main.cjs` },
      encoding: 'utf8',
      timeout: 60_000,
    })
    expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0)
    expect(result.stdout).toContain('ok: parallel accounts')
  })
})
