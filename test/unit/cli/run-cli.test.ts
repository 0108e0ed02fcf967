import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { dirname, join } from 'node:path'
import { extendsNotFoundMessage } from '../../../src/cli/read-fixtures-file.js'
import { runCli } from '../../../src/cli/run-cli.js'
import { defaultFixtures } from '../../../src/model/default-fixtures.js'
import { useTempDir } from '../../support/temp-dir.js'

// The command line's refusals, in process: what it prints and the exit it asks for. That the real
// process then exits 1 with that one line and no stack trace is tested once per kind of failure,
// spawning the bin, in test/timing/lifecycle.test.ts.

class ExitCalled extends Error {
  constructor(readonly code: number | string | null | undefined) {
    super(`process.exit(${code})`)
  }
}

const temp = useTempDir('run-cli')
let stderr = ''

beforeEach(() => {
  stderr = ''
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    stderr += String(chunk)
    return true
  })
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
  vi.spyOn(process, 'exit').mockImplementation((code) => {
    throw new ExitCalled(code)
  })
})

afterEach(() => {
  vi.restoreAllMocks()
  process.exitCode = undefined
})

/** Runs the command line in process, expecting a refusal: the exit code it asked for and what it wrote. */
async function refused(args: readonly string[]): Promise<{ code: number; stderr: string }> {
  const onStop = vi.fn()
  await runCli(['node', 'analytics-sandbox', '--port', '0', '--log', 'none', ...args], onStop)
  expect(onStop, 'a server started').not.toHaveBeenCalled()
  const exit = vi.mocked(process.exit).mock.calls[0]?.[0]
  return { code: Number(exit ?? process.exitCode ?? 0), stderr }
}

const fixturesWith = (change: (fixtures: Record<string, Array<Record<string, unknown>>>) => void) => {
  const fixtures = structuredClone(defaultFixtures) as unknown as Record<string, Array<Record<string, unknown>>>
  change(fixtures)
  return JSON.stringify(fixtures)
}

describe('the command line refuses what it cannot start with', () => {
  it.each([
    [['--port', 'abc'], '--port'],
    [['--port', '70000'], '--port'],
    [['--now', '2026-02-30'], '--now'],
    [['--now', 'yesterday'], '--now'],
    [['--latency', 'fast'], '--latency'],
    [['--log', 'loud'], '--log'],
    [['--seed', '-1'], '--seed'],
    [['--generate-projects', 'x'], '--generate-projects'],
    [['--bogus'], '--bogus'],
    [['--scenario', 'does-not-exist'], 'does-not-exist'],
  ])('refuses the command line %j with a non-zero exit and a message naming %s, without a stack trace', async (args, named) => {
    const result = await refused(args)
    expect(result.code).not.toBe(0)
    expect(result.stderr).toContain(named)
    expect(result.stderr).not.toMatch(/^\s+at /m)
  })

  it.each([
    ['does not exist', async () => temp.path('does-not-exist.json'), /not found/i],
    ['is not valid JSON', async () => temp.write('broken.json', '{ "users": [ '), /not valid JSON/],
    [
      'has a project in an unknown region',
      async () =>
        temp.write(
          'bad-region.json',
          fixturesWith((fixtures) => void (fixtures.projects![0]!.region = 'XX')),
        ),
      /projects\[0\]\.region/,
    ],
    [
      'has a PROJECT-level key without a project_id',
      async () =>
        temp.write(
          'bad-key.json',
          fixturesWith((fixtures) => Object.assign(fixtures.api_keys![0]!, { level: 'PROJECT', project_id: null })),
        ),
      /api_keys\[0\]\.project_id/,
    ],
  ])('refuses a fixtures file that %s with exit 1 and one line naming the file and the fault', async (_what, write, fault) => {
    const path = await write()
    const result = await refused(['--fixtures', path])
    expect(result.code).toBe(1)
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1)
    expect(result.stderr).toContain(path)
    expect(result.stderr).toMatch(fault)
  })
})

describe('fixtures files that extend', () => {
  it('reads a chain of files that extend one another, the last on the default data, and lists every mistake of the file that has them', async () => {
    await temp.write('base.json', JSON.stringify({ extends: 'default', users: [{ id: 9, name: 'Base' }] }))
    const path = await temp.write(
      'top.json',
      JSON.stringify({
        extends: './base.json',
        api_keys: [
          { key: 'top_key', name: 'Top', level: 'USER', user_id: 9, project_id: null, expiry: 'soon' },
          { key: 'top_key', name: 'Top', level: 'USER', user_id: 99, project_id: null, expiry: '2099-12-31T23:59:59Z' },
        ],
      }),
    )
    const { code, stderr: printed } = await refused(['--fixtures', path])
    expect(code).toBe(1)
    expect(printed.trim().split('\n')).toHaveLength(1)
    expect(printed).toContain(`Failed to load fixtures (${path}): 3 problems: `)
    for (const field of ['api_keys[0].expiry', 'api_keys[1].key', 'api_keys[1].user_id']) expect(printed).toContain(`${field}: `)
  })

  it('names a cycle of files that extend one another', async () => {
    await temp.write('a.json', JSON.stringify({ extends: './b.json' }))
    const path = await temp.write('b.json', JSON.stringify({ extends: './a.json' }))
    const { code, stderr: printed } = await refused(['--fixtures', path])
    expect(code).toBe(1)
    expect(printed).toContain('extends makes a cycle')
  })

  it('names the extending file and what it wrote when extends names no file (a typo of "default")', async () => {
    const path = await temp.write('t1.json', JSON.stringify({ extends: 'defualt' }))
    const { code, stderr: printed } = await refused(['--fixtures', path])
    expect(code).toBe(1)
    expect(printed).toBe(`analytics-sandbox: ${extendsNotFoundMessage(path, 'defualt', join(dirname(path), 'defualt'))}\n`)
  })

  it('names the base file when the base file is what is wrong', async () => {
    const base = await temp.write('broken-base.json', '{ "extends": "default", "users": [{ "id": 0, "name": "" }] }')
    const path = await temp.write('on-broken.json', JSON.stringify({ extends: './broken-base.json' }))
    const { stderr: printed } = await refused(['--fixtures', path])
    expect(printed).toContain(`Failed to load fixtures (${base}): 2 problems: users[0].id: `)
  })
})
