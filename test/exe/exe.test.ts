// The single executable (`npm run build:exe`) against the npm bin: the same commands, flags, ready
// line, exit codes and bytes, run with node off the PATH (test/cli/run-cli.ts). Only the `exe` project
// runs this file (vitest.config.ts), which builds the executable first and names it in ANALYTICS_SANDBOX_EXE.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { EXE_PATH, REPO_ROOT, cliSpawn, killAllCli, pathWithoutNode, runCli } from '../cli/run-cli.js'
import { useTempDir } from '../support/temp-dir.js'

const temp = useTempDir('exe')

/** A new empty folder in this file's temporary folder. */
function freshFolder(name: string): string {
  const folder = temp.path(name)
  mkdirSync(folder)
  return folder
}

afterEach(async () => {
  await killAllCli()
})

/** The executable's path; the project sets it. */
function exe(): string {
  if (EXE_PATH === undefined) throw new Error('ANALYTICS_SANDBOX_EXE is not set: run this file in the exe project')
  return EXE_PATH
}

/** One run of the executable (node off the PATH) or of the npm bin, to its end. */
function runOnce(which: 'exe' | 'bin', args: readonly string[], env: Record<string, string> = {}) {
  exe() // outside the exe project, fails plainly rather than compare the bin with itself
  const spawned = cliSpawn(args, { env, ...(which === 'bin' ? { program: 'bin' } : {}) })
  const result = spawnSync(spawned.command, spawned.args, { cwd: REPO_ROOT, env: spawned.env, encoding: 'utf8', timeout: 20_000 })
  return { status: result.status, stdout: result.stdout, stderr: result.stderr }
}

describe('the single executable', () => {
  test('is what this project runs, and node is off its PATH', () => {
    expect(existsSync(exe())).toBe(true)
    const node = spawnSync('sh', ['-c', 'node --version'], { env: { ...process.env, PATH: pathWithoutNode() }, encoding: 'utf8' })
    expect(node.status).toBe(127)
  })

  test.each([
    [['--version']],
    [['--help']],
    [['help', 'report']],
    [['report', '--help']],
    [['verify', '--help']],
    [['mutate', '--help']],
    [['--list-scenarios']],
    [['--nonsense']],
    [['--port', '99999']],
    [['--scenario', 'no-such-scenario']],
    [['--fixtures', 'no-such-file.json']],
    [['report']],
    [['report', '--format', 'nonsense', '--url', 'http://127.0.0.1:9/']],
    [['verify', '--nonsense']],
    [['mutate']],
    [['mutate', '--jobs', '0', '--', 'true']],
  ])('prints the same bytes and exits with the same code as the npm bin for %j', (args) => {
    expect(runOnce('exe', args)).toEqual(runOnce('bin', args))
  })

  test('serves the same bytes as the npm bin for the same flags', async () => {
    const flags = ['--port', '0', '--log', 'none', '--seed', '7', '--now', '2026-03-01', '--generate-projects', '20']
    const [fromExe, fromBin] = [runCli(flags), runCli(flags, { program: 'bin' })]
    expect(fromExe.child.spawnfile).toBe(exe())
    expect(fromBin.child.spawnfile).toBe(process.execPath)
    const bases = await Promise.all([fromExe.waitForUrl(), fromBin.waitForUrl()])
    const paths = ['validate', 'projects', 'monitoring', 'overview', 'projects?page=2']
    for (const key of ['sbx_user_alpha', 'sbx_project_101', 'sbx_user_generated', 'sbx_user_expired', 'nonsense']) {
      for (const path of paths) {
        const [a, b] = await Promise.all(bases.map((base) => fetch(`${base}${path}`, { headers: { 'X-API-Key': key } })))
        expect([a!.status, a!.headers.get('content-type'), await a!.text()]).toEqual([
          b!.status,
          b!.headers.get('content-type'),
          await b!.text(),
        ])
      }
    }
  })

  test('unpacks its files into the cache folder once, and later starts use them', () => {
    const cache = freshFolder('cache')
    expect(runOnce('exe', ['--version'], { XDG_CACHE_HOME: cache }).status).toBe(0)
    const [id] = readdirSync(join(cache, 'analytics-sandbox'))
    const launcher = join(cache, 'analytics-sandbox', id!, 'dist', 'cli', 'main.cjs')
    const written = statSync(launcher).mtimeMs
    expect(runOnce('exe', ['--version'], { XDG_CACHE_HOME: cache }).stdout).toBe(runOnce('bin', ['--version']).stdout)
    expect(statSync(launcher).mtimeMs).toBe(written)
    expect(readdirSync(join(cache, 'analytics-sandbox'))).toEqual([id])
  })

  test('starts twice at once on an empty cache folder, both times', async () => {
    const cache = freshFolder('race')
    const start = () =>
      new Promise<number | null>((resolve) => {
        const child = spawn(exe(), ['--version'], { env: { ...process.env, XDG_CACHE_HOME: cache }, stdio: 'ignore' })
        child.once('close', resolve)
      })
    expect(await Promise.all([start(), start(), start()])).toEqual([0, 0, 0])
    expect(readdirSync(join(cache, 'analytics-sandbox')).filter((name) => !name.startsWith('.'))).toHaveLength(1)
  })

  test('says in one line where it cannot unpack its files, and exits 1', () => {
    const dir = freshFolder('unwritable')
    const file = join(dir, 'a-file')
    writeFileSync(file, '')
    const result = runOnce('exe', ['--version'], { XDG_CACHE_HOME: join(file, 'cache'), TMPDIR: join(file, 'tmp') })
    expect(result.status).toBe(1)
    expect(result.stdout).toBe('')
    expect(result.stderr).toMatch(
      /^analytics-sandbox: cannot unpack the executable's files into .*a-file.* \(ENOTDIR\); set XDG_CACHE_HOME to a writable folder\n$/,
    )
  })
})
