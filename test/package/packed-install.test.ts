import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { BUILD_LINE } from '../../src/server/load-bundle.js'

/**
 * Packaging: packs the repository as `npm publish` would, installs the tarball into a fresh project
 * (as a user would, from the configured registry) and runs, there, a vitest suite, a jest suite, a
 * strict type check and the installed bin. The fresh project's files are in `fixture-project/`, kept
 * as `*.txt` so this repository's own tsc and vitest never pick them up.
 */

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url))
const FIXTURE_DIR = fileURLToPath(new URL('./fixture-project/', import.meta.url))

/** Files the tarball must hold (every `scenarios/*.json` is added from the repository). */
const REQUIRED_FILES = [
  'package.json',
  'README.md',
  'dist/index.js',
  'dist/index.d.ts',
  'dist/browser.js',
  'dist/browser.d.ts',
  'dist/cli.cjs',
  'dist/cli-worker.cjs',
  'dist/run-cli-worker.cjs',
  'fixtures/default.json',
  'scenario.schema.json',
  'openapi.json',
]
/**
 * Paths the tarball must not hold: tests, sources, build scripts, CI, test files, tsconfigs, and the
 * declarations tsc writes for the launcher, which nothing imports.
 */
const FORBIDDEN_PATHS = [/^test\//, /^src\//, /^scripts\//, /^\.ci\//, /\.test\./, /(^|\/)tsconfig[^/]*$/, /^dist\/cli\.d\.cts$/]
/** Built files whose absence means the repository was not built. */
const BUILD_OUTPUTS = ['dist/index.js', 'dist/index.d.ts', 'dist/browser.js', 'dist/cli.cjs']

const PACK_TIMEOUT_MS = 45_000
const INSTALL_TIMEOUT_MS = 170_000
const RUN_TIMEOUT_MS = 100_000
const BANNER_URL = /^ {2}API {4}(http:\/\/\S+)$/m

interface Finished {
  readonly code: number | null
  readonly signal: NodeJS.Signals | null
  readonly stdout: string
  readonly stderr: string
  readonly ms: number
  readonly timedOut: boolean
}

/** The environment of every child: this one without vitest's and npm's per-run variables, no colours. */
function childEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' }
  delete env.FORCE_COLOR
  for (const name of Object.keys(env)) {
    if (name.startsWith('VITEST') || name.startsWith('npm_lifecycle_') || name.startsWith('npm_package_')) delete env[name]
  }
  delete env.npm_command
  delete env.npm_config_local_prefix
  return env
}

/** Kills a detached child and everything it started (its process group). */
function killGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (pid === undefined) return
  try {
    process.kill(process.platform === 'win32' ? pid : -pid, signal)
  } catch {
    // Already gone.
  }
}

/** Runs a command to its end, killing it (and its children) after `timeoutMs`. */
function run(command: string, args: readonly string[], cwd: string, timeoutMs: number): Promise<Finished> {
  const started = Date.now()
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env: childEnv(), stdio: ['ignore', 'pipe', 'pipe'], detached: process.platform !== 'win32' })
    let stdout = ''
    let stderr = ''
    let timedOut = false
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    const timer = setTimeout(() => {
      timedOut = true
      killGroup(child.pid, 'SIGKILL')
    }, timeoutMs)
    const finish = (code: number | null, signal: NodeJS.Signals | null) => {
      clearTimeout(timer)
      resolve({ code, signal, stdout, stderr, ms: Date.now() - started, timedOut })
    }
    child.on('error', (error) => {
      stderr += `\n[spawn error] ${error.message}`
      finish(null, null)
    })
    child.on('close', finish)
  })
}

const tail = (text: string, lines = 60) => text.trimEnd().split('\n').slice(-lines).join('\n')

/** A readable account of a finished command, for assertion messages. */
function report(label: string, result: Finished): string {
  const how = result.timedOut ? 'timed out' : `exited with code ${String(result.code)}${result.signal === null ? '' : ` (${result.signal})`}`
  return `${label} ${how} after ${result.ms} ms\n--- stdout ---\n${tail(result.stdout)}\n--- stderr ---\n${tail(result.stderr)}`
}

async function readJson<T>(path: string): Promise<T> {
  return JSON.parse(await readFile(path, 'utf8')) as T
}

/** The version of a package installed in this repository, so the fresh project uses the same one. */
async function repoVersion(name: string): Promise<string> {
  return (await readJson<{ version: string }>(join(REPO_ROOT, 'node_modules', name, 'package.json'))).version
}

/** How many `it(` a fixture suite declares: the number of tests its run must report as passed. */
async function declaredTests(fixture: string): Promise<number> {
  return (await readFile(join(FIXTURE_DIR, fixture), 'utf8')).match(/^\s*it\(/gm)?.length ?? 0
}

interface PackResult {
  readonly filename: string
  readonly files: ReadonlyArray<{ readonly path: string }>
}

describe('the packed package installed into a fresh project', () => {
  let workDir = ''
  let project = ''
  let packedFiles: string[] = []

  beforeAll(async () => {
    const missing = BUILD_OUTPUTS.filter((path) => !existsSync(join(REPO_ROOT, path)))
    if (missing.length > 0) {
      throw new Error(`dist/ is not built (missing ${missing.join(', ')}): run \`npm run build\` first (\`npm test\` does)`)
    }
    workDir = await mkdtemp(join(tmpdir(), 'analytics-sandbox-package-'))
    const packDir = join(workDir, 'pack')
    project = join(workDir, 'project')
    await mkdir(packDir)
    await mkdir(project)

    // 1. Pack as `npm publish` would; --ignore-scripts: the repository is already built.
    const pack = await run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', packDir], REPO_ROOT, PACK_TIMEOUT_MS)
    if (pack.code !== 0) throw new Error(report('npm pack', pack))
    const [packed] = JSON.parse(pack.stdout) as PackResult[]
    if (packed === undefined) throw new Error(report('npm pack (no package in its JSON)', pack))
    packedFiles = packed.files.map((file) => file.path)

    // 2. A fresh ESM project with the suites of fixture-project/ (each `x.txt` becomes `x`).
    await writeFile(join(project, 'package.json'), `${JSON.stringify({ name: 'packed-install-check', private: true, type: 'module' }, null, 2)}\n`)
    for (const name of await readdir(FIXTURE_DIR)) {
      if (name.endsWith('.txt')) await writeFile(join(project, name.slice(0, -'.txt'.length)), await readFile(join(FIXTURE_DIR, name), 'utf8'))
    }
    const msw = (await repoVersion('msw')).split('.')
    const install = await run(
      'npm',
      [
        'install',
        '--no-audit',
        '--no-fund',
        '--prefer-offline',
        '--loglevel=error',
        join(packDir, packed.filename),
        `msw@~${msw[0]}.${msw[1]}.0`,
        `vitest@${await repoVersion('vitest')}`,
        'jest@^30',
        `typescript@${await repoVersion('typescript')}`,
        `@types/node@${await repoVersion('@types/node')}`,
      ],
      project,
      INSTALL_TIMEOUT_MS,
    )
    if (install.code !== 0) throw new Error(report('npm install', install))
  }, 240_000)

  afterAll(async () => {
    if (workDir !== '') await rm(workDir, { recursive: true, force: true, maxRetries: 3 })
  }, 60_000)

  test('The tarball ships dist/, fixtures/, every built-in scenario, the scenario schema, openapi.json, README.md and package.json, and nothing of the tests, sources, scripts or CI.', async () => {
    const scenarios = (await readdir(join(REPO_ROOT, 'scenarios'))).filter((name) => name.endsWith('.json')).map((name) => `scenarios/${name}`)
    expect(scenarios.length).toBeGreaterThan(0)
    for (const path of [...REQUIRED_FILES, ...scenarios]) expect(packedFiles, `the tarball should hold ${path}`).toContain(path)
    const forbidden = packedFiles.filter((path) => FORBIDDEN_PATHS.some((pattern) => pattern.test(path)))
    expect(forbidden, 'files that must not be published').toEqual([])
  })

  test('The tarball ships the command-line bundle with the V8 code cache made from it, so `npx analytics-sandbox` starts without compiling the bundle.', async () => {
    const id = BUILD_LINE.exec(await readFile(join(REPO_ROOT, 'dist/cli-worker.cjs'), 'utf8'))?.[1]
    expect(id, 'dist/cli-worker.cjs starts with its build line').toBeDefined()
    expect(packedFiles.filter((path) => path.endsWith('.cache'))).toEqual([`dist/cli-worker.${id}.cache`])
  })

  test('Every compiled file in the tarball comes from a current source file, so no stale build output is published.', () => {
    // Bundles built by scripts/bundle-cli.mjs, and the source each comes from.
    const bundles: Record<string, string> = { 'dist/cli-worker.cjs': 'src/server/cli-worker.ts', 'dist/run-cli-worker.cjs': 'src/server/run-cli-worker.ts' }
    const sourceOf = (path: string) => bundles[path] ?? path.replace(/^dist\//, 'src/').replace(/\.js$/, '.ts').replace(/\.cjs$/, '.cts')
    const stale = packedFiles.filter((path) => /^dist\/.*\.c?js$/.test(path)).filter((path) => !existsSync(join(REPO_ROOT, sourceOf(path))))
    expect(stale, 'dist/ files without a src/ counterpart: delete dist/ and run `npm run build`').toEqual([])
  })

  test('The installed package resolves for Node with startSandbox, for the browser condition without it, and exposes its schema, its OpenAPI document and package.json.', async () => {
    const probe = [
      "const m = await import('analytics-sandbox')",
      "const { default: openapi } = await import('analytics-sandbox/openapi.json', { with: { type: 'json' } })",
      "console.log(JSON.stringify({ createSandbox: typeof m.createSandbox, startSandbox: typeof m.startSandbox, openapi: openapi.openapi, schema: import.meta.resolve('analytics-sandbox/scenario.schema.json'), manifest: import.meta.resolve('analytics-sandbox/package.json') }))",
    ].join('\n')
    const node = await run(process.execPath, ['--input-type=module', '-e', probe], project, RUN_TIMEOUT_MS)
    expect(node.code, report('node (default conditions)', node)).toBe(0)
    const forNode = JSON.parse(node.stdout) as Record<string, string>
    expect(forNode).toMatchObject({ createSandbox: 'function', startSandbox: 'function', openapi: '3.1.0' })
    expect(forNode.schema).toMatch(/\/node_modules\/analytics-sandbox\/scenario\.schema\.json$/)
    expect(forNode.manifest).toMatch(/\/node_modules\/analytics-sandbox\/package\.json$/)

    const browser = await run(process.execPath, ['--conditions=browser', '--input-type=module', '-e', probe], project, RUN_TIMEOUT_MS)
    expect(browser.code, report('node --conditions=browser', browser)).toBe(0)
    expect(JSON.parse(browser.stdout)).toMatchObject({ createSandbox: 'function', startSandbox: 'undefined' })
  }, 2 * RUN_TIMEOUT_MS)

  test('A vitest suite in the fresh project uses every documented library call, through msw and a real server, and all its tests pass.', async () => {
    const expected = await declaredTests('sandbox.test.ts.txt')
    const result = await run(
      'npx',
      ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=vitest-report.json'],
      project,
      RUN_TIMEOUT_MS,
    )
    expect(result.code, report('npx vitest run', result)).toBe(0)
    const summary = await readJson<{ numTotalTests: number; numPassedTests: number; numFailedTests: number }>(join(project, 'vitest-report.json'))
    expect(summary, report('npx vitest run', result)).toMatchObject({ numTotalTests: expected, numPassedTests: expected, numFailedTests: 0 })
    expect(result.stdout).toMatch(new RegExp(`Tests\\s+${expected} passed \\(${expected}\\)`))
  }, RUN_TIMEOUT_MS + 10_000)

  test('A jest suite in native ESM mode (testEnvironment node, no transform) uses the same essentials and all its tests pass.', async () => {
    const expected = await declaredTests('sandbox.jest.test.mjs.txt')
    const result = await run(
      process.execPath,
      ['--experimental-vm-modules', 'node_modules/jest/bin/jest.js', '--ci', '--json', '--outputFile=jest-report.json', '--cacheDirectory=.jest-cache'],
      project,
      RUN_TIMEOUT_MS,
    )
    expect(result.code, report('jest', result)).toBe(0)
    const summary = await readJson<{ numTotalTests: number; numPassedTests: number; numFailedTests: number }>(join(project, 'jest-report.json'))
    expect(summary, report('jest', result)).toMatchObject({ numTotalTests: expected, numPassedTests: expected, numFailedTests: 0 })
  }, RUN_TIMEOUT_MS + 10_000)

  test('The exported types compile in the fresh project under strict, noUncheckedIndexedAccess and skipLibCheck false.', async () => {
    const result = await run('npx', ['tsc', '-p', '.'], project, RUN_TIMEOUT_MS)
    expect(result.code, report('npx tsc -p .', result)).toBe(0)
  }, RUN_TIMEOUT_MS + 10_000)

  test('The installed analytics-sandbox bin starts on a free port, answers /validate with 200, passes `npx analytics-sandbox verify`, and exits 0 on SIGTERM.', async () => {
    const { version } = await readJson<{ version: string }>(join(REPO_ROOT, 'package.json'))
    const bin = join(project, 'node_modules', '.bin', 'analytics-sandbox')
    const child = spawn(bin, ['--port', '0', '--log', 'none', '--now', '2026-01-15'], { cwd: project, env: childEnv(), stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
      child.on('error', (error) => {
        stderr += `\n[spawn error] ${error.message}`
        resolve({ code: null, signal: null })
      })
      child.on('close', (code, signal) => resolve({ code, signal }))
    })
    const output = () => `\n--- stdout ---\n${tail(stdout)}\n--- stderr ---\n${tail(stderr)}`
    /** Resolves with `value` or rejects after `ms`, naming what it waited for. */
    const within = <T>(value: Promise<T>, ms: number, what: string) =>
      new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`Timed out after ${ms} ms waiting for ${what}${output()}`)), ms)
        value.then(
          (result) => {
            clearTimeout(timer)
            resolve(result)
          },
          (error: unknown) => {
            clearTimeout(timer)
            reject(error instanceof Error ? error : new Error(String(error)))
          },
        )
      })
    try {
      const banner = new Promise<string>((resolve, reject) => {
        const check = () => {
          const url = BANNER_URL.exec(stdout)?.[1]
          if (url !== undefined) resolve(url)
        }
        child.stdout.on('data', check)
        void exited.then((exit) => reject(new Error(`The bin exited (${JSON.stringify(exit)}) before printing its banner${output()}`)))
        check()
      })
      const url = await within(banner, 15_000, 'the banner with the API URL')
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1\/$/)
      expect(stdout).toContain(`analytics-sandbox ${version}`)

      const response = await fetch(`${url}validate`, { headers: { 'X-API-Key': 'sbx_user_alpha' }, signal: AbortSignal.timeout(10_000) })
      expect(response.status).toBe(200)
      expect(await response.json()).toMatchObject({ success: true, data: { valid: true, key_level: 'USER' } })

      // The done-when of the contract issue, as a user runs it: `npx analytics-sandbox verify` against the running bin.
      const verify = await run('npx', ['--no-install', 'analytics-sandbox', 'verify', '--base-url', url, '--api-key', 'sbx_user_alpha'], project, 30_000)
      expect(verify.code, report('npx analytics-sandbox verify', verify)).toBe(0)
      expect(verify.stdout).toMatch(/^24 checks: 24 passed, 0 failed, 0 skipped$/m)

      child.kill('SIGTERM')
      const exit = await within(exited, 10_000, 'the bin to exit after SIGTERM')
      expect(exit, `exit after SIGTERM${output()}`).toEqual({ code: 0, signal: null })
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    }
  }, 45_000)
})
