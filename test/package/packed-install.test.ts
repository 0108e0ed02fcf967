import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { READY_LINE } from '../../src/cli/format-banner.js'
import { BUILD_LINE } from '../../src/cli/load-bundle.js'
import {
  childEnv,
  declaredTests,
  expectConsumerSuitePasses,
  INSTALL_TIMEOUT_MS,
  linkRepoVitest,
  packRepository,
  readJson,
  REPO_ROOT,
  report,
  repoVersion,
  run,
  REPO_TSC,
  RUN_TIMEOUT_MS,
  tail,
  writeConsumerProject,
} from './consumer-project.js'
import { nodeOfMajor } from './node-binary.js'

/**
 * Packaging, on this machine's Node with the msw this repository develops against (2): packs the
 * repository as `npm publish` would, installs the tarball into a fresh project (as a user would,
 * from the configured registry) and runs, there, a vitest suite, a jest suite, a strict type check
 * and the installed bin. The fresh project's files are in `fixture-project/`, kept as `*.txt` so
 * this repository's own tsc and vitest never pick them up. node-matrix.test.ts runs the same
 * project on other Node versions with msw 3.
 */

/** Files the tarball must hold (every `scenarios/*.json` is added from the repository). */
const REQUIRED_FILES = [
  'package.json',
  'README.md',
  'dist/index.js',
  'dist/index.d.ts',
  'dist/browser.js',
  'dist/browser.d.ts',
  'dist/contract.js',
  'dist/contract.d.ts',
  'dist/cli/main.cjs',
  'dist/cli/program.cjs',
  'dist/cli/load-program.cjs',
  'dist/dashboard/index.html',
  'dist/dashboard/dashboard.js',
  'dist/dashboard/dashboard.css',
  'dist/dashboard/icon.svg',
  'fixtures/default.json',
  'scenario.schema.json',
  'openapi.json',
]
/**
 * Paths the tarball must not hold: tests, sources, build scripts, CI, test files, tsconfigs, and the
 * declarations tsc writes for the CommonJS launcher files, which nothing imports.
 */
const FORBIDDEN_PATHS = [/^test\//, /^src\//, /^scripts\//, /^\.ci\//, /\.test\./, /(^|\/)tsconfig[^/]*$/, /^dist\/.*\.d\.cts$/]

describe('the packed package installed into a fresh project, on Node 20 with msw 2', () => {
  let workDir = ''
  let project = ''
  let packedFiles: string[] = []
  /** Node 20, the oldest the package supports: this machine's, or one from the npm registry. */
  let nodeDir = ''
  let env = childEnv()
  const nodeBin = () => join(nodeDir, 'node')
  /** Runs `lines` as an ES module script with this Node in the project (after `flags`). */
  const runScript = (label: string, lines: readonly string[], flags: readonly string[] = []) =>
    run(nodeBin(), [...flags, '--input-type=module', '-e', lines.join('\n')], project, RUN_TIMEOUT_MS, env).then((result) => {
      expect(result.code, report(label, result)).toBe(0)
      return result
    })

  beforeAll(async () => {
    nodeDir = (await nodeOfMajor(20)).dir
    env = childEnv(nodeDir)
    workDir = await mkdtemp(join(tmpdir(), 'analytics-sandbox-package-'))
    project = join(workDir, 'project')
    const packed = await packRepository(join(workDir, 'pack'))
    packedFiles = packed.files
    await writeConsumerProject(project, 2)
    const msw = (await repoVersion('msw')).split('.')
    const install = await run(
      'npm',
      [
        'install',
        '--no-audit',
        '--no-fund',
        '--prefer-offline',
        '--loglevel=error',
        packed.tarball,
        `msw@~${msw[0]}.${msw[1]}.0`,
        'jest@^30',
        `@types/node@${await repoVersion('@types/node')}`,
      ],
      project,
      INSTALL_TIMEOUT_MS,
      env,
    )
    if (install.code !== 0) throw new Error(report('npm install', install))
    await linkRepoVitest(project)
  }, 240_000)

  afterAll(async () => {
    if (workDir !== '') await rm(workDir, { recursive: true, force: true, maxRetries: 3 })
  }, 60_000)

  test('The tarball ships dist/, fixtures/, every built-in scenario, the scenario schema, openapi.json, README.md and package.json, and nothing of the tests, sources, scripts or CI.', async () => {
    const scenarios = (await readdir(join(REPO_ROOT, 'scenarios')))
      .filter((name) => name.endsWith('.json'))
      .map((name) => `scenarios/${name}`)
    expect(scenarios.length).toBeGreaterThan(0)
    for (const path of [...REQUIRED_FILES, ...scenarios]) expect(packedFiles, `the tarball should hold ${path}`).toContain(path)
    const forbidden = packedFiles.filter((path) => FORBIDDEN_PATHS.some((pattern) => pattern.test(path)))
    expect(forbidden, 'files that must not be published').toEqual([])
  })

  test('The tarball ships a LICENSE, runs no script when installed, and holds every file and folder the README links to', async () => {
    expect(packedFiles).toContain('LICENSE')
    const manifest = JSON.parse(await readFile(join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
    for (const hook of ['preinstall', 'install', 'postinstall', 'prepare']) expect(manifest.scripts[hook], hook).toBeUndefined()
    const readme = await readFile(join(REPO_ROOT, 'README.md'), 'utf8')
    const links = [...readme.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)]
      .map((match) => match[1]!)
      .filter((target) => !/^[a-z]+:/.test(target))
    expect(links.length).toBeGreaterThan(10)
    for (const link of links) {
      const path = link.replace(/\/$/, '')
      expect(
        packedFiles.some((file) => file === path || file.startsWith(`${path}/`)),
        `README links to ${link}, which the tarball does not hold`,
      ).toBe(true)
    }
  })

  test('The tarball ships the command-line bundle with the V8 code cache made from it, so `npx analytics-sandbox` starts without compiling the bundle.', async () => {
    const id = BUILD_LINE.exec(await readFile(join(REPO_ROOT, 'dist/cli/program.cjs'), 'utf8'))?.[1]
    expect(id, 'dist/cli/program.cjs starts with its build line').toBeDefined()
    expect(packedFiles.filter((path) => path.endsWith('.cache'))).toEqual([`dist/cli/program.${id}.cache`])
  })

  test('Every compiled file in the tarball comes from a current source file, so no stale build output is published.', () => {
    // Bundles built by scripts/bundle-*.mjs, and the source each comes from.
    const bundles: Record<string, string> = {
      'dist/contract/input-schemas.cjs': 'src/contract/input-schemas.ts',
      'dist/cli/program.cjs': 'src/cli/program.ts',
      'dist/cli/load-program.cjs': 'src/cli/load-program.ts',
      'dist/dashboard/dashboard.js': 'src/dashboard/main.ts',
      // Copied by scripts/copy-report-viewer.mjs from the dev dependency it names.
      'dist/cli/mutate/mutation-test-elements.js': 'node_modules/mutation-testing-elements/dist/mutation-test-elements.js',
    }
    const sourceOf = (path: string) =>
      bundles[path] ??
      path
        .replace(/^dist\//, 'src/')
        .replace(/\.js$/, '.ts')
        .replace(/\.cjs$/, '.cts')
    const stale = packedFiles.filter((path) => /^dist\/.*\.c?js$/.test(path)).filter((path) => !existsSync(join(REPO_ROOT, sourceOf(path))))
    expect(stale, 'dist/ files without a src/ counterpart: delete dist/ and run `npm run build`').toEqual([])
  })

  test(
    'The installed package resolves for Node with startSandbox, for the browser condition without it, and exposes its schema, its OpenAPI document and package.json.',
    async () => {
      const probe = [
        "const m = await import('analytics-sandbox')",
        "const { default: openapi } = await import('analytics-sandbox/openapi.json', { with: { type: 'json' } })",
        "console.log(JSON.stringify({ createSandbox: typeof m.createSandbox, startSandbox: typeof m.startSandbox, openapi: openapi.openapi, schema: import.meta.resolve('analytics-sandbox/scenario.schema.json'), manifest: import.meta.resolve('analytics-sandbox/package.json') }))",
      ]
      const node = await runScript('node (default conditions)', probe)
      const forNode = JSON.parse(node.stdout) as Record<string, string>
      expect(forNode).toMatchObject({ createSandbox: 'function', startSandbox: 'function', openapi: '3.1.0' })
      expect(forNode.schema).toMatch(/\/node_modules\/analytics-sandbox\/scenario\.schema\.json$/)
      expect(forNode.manifest).toMatch(/\/node_modules\/analytics-sandbox\/package\.json$/)

      const browser = await runScript('node --conditions=browser', probe, ['--conditions=browser'])
      expect(JSON.parse(browser.stdout)).toMatchObject({ createSandbox: 'function', startSandbox: 'undefined' })
    },
    2 * RUN_TIMEOUT_MS,
  )

  test(
    "Importing analytics-sandbox loads no zod: with zod made unresolvable a default sandbox answers through msw and over HTTP, and in a plain process zod is loaded only for a user's own input and analytics-sandbox/contract.",
    async () => {
      // A resolve hook that refuses zod: any static import of it on the library's path fails the import.
      const refuseZod = `export async function resolve(specifier, context, next) { if (/^zod(\\/|$)/.test(specifier)) throw new Error('zod was imported: ' + context.parentURL); return next(specifier, context) }`
      const withoutZod = [
        "import { register } from 'node:module'",
        `register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(refuseZod)}))`,
        "const { createSandbox, startSandbox, DOCUMENTED_KEYS } = await import('analytics-sandbox')",
        "const { setupServer } = await import('msw/node')",
        "const sandbox = createSandbox({ seed: 7, now: '2026-03-01', scenarios: ['slow'] })",
        'const server = setupServer(...sandbox.handlers)',
        "server.listen({ onUnhandledRequest: 'error' })",
        "const viaMsw = await fetch('https://api.example.com/api/v1/projects', { headers: { 'X-API-Key': DOCUMENTED_KEYS.user } })",
        'server.close()',
        'const running = await startSandbox()',
        "const viaHttp = await fetch(running.url + 'validate', { headers: { 'X-API-Key': DOCUMENTED_KEYS.user } })",
        'await running.close()',
        'console.log(JSON.stringify([viaMsw.status, viaHttp.status]))',
      ]
      const refused = await runScript('node without zod', withoutZod)
      expect(JSON.parse(refused.stdout)).toEqual([200, 200])

      const onDemand = [
        "const { createSandbox, ConfigError } = await import('analytics-sandbox')",
        'let refusal = ""',
        "try { createSandbox({ fixtures: { users: 'none' } }) } catch (error) { refusal = (error instanceof ConfigError) + ' ' + error.message }",
        'const sandbox = createSandbox()',
        "const project = await sandbox.projects.create({ user_id: 1, name: 'Made here' })",
        "const contract = await import('analytics-sandbox/contract')",
        'console.log(JSON.stringify({ refusal, name: project.name, schemas: typeof contract.projectsDataSchema.parse, verify: typeof contract.verifyContract, document: contract.createOpenApiDocument().openapi }))',
      ]
      const loaded = await runScript('node with user input', onDemand)
      expect(loaded.stderr).toBe('')
      expect(JSON.parse(loaded.stdout)).toEqual({
        refusal: expect.stringMatching(/^true Failed to load fixtures \(options\.fixtures\): .*users: must be a list \(got a string\)/),
        name: 'Made here',
        schemas: 'function',
        verify: 'function',
        document: '3.1.0',
      })
    },
    3 * RUN_TIMEOUT_MS,
  )

  test(
    'A vitest suite in the fresh project uses every documented library call, through msw and a real server, and all its tests pass.',
    async () => {
      const expected = await declaredTests('sandbox.test.ts.txt')
      const result = await expectConsumerSuitePasses(project, env)
      expect(result.stdout).toMatch(new RegExp(`Tests\\s+${expected} passed \\(${expected}\\)`))
    },
    RUN_TIMEOUT_MS + 10_000,
  )

  test(
    'A jest suite in native ESM mode (testEnvironment node, no transform) uses the same essentials and all its tests pass.',
    async () => {
      const expected = await declaredTests('sandbox.jest.test.mjs.txt')
      const result = await run(
        nodeBin(),
        [
          '--experimental-vm-modules',
          'node_modules/jest/bin/jest.js',
          '--ci',
          '--json',
          '--outputFile=jest-report.json',
          '--cacheDirectory=.jest-cache',
        ],
        project,
        RUN_TIMEOUT_MS,
        env,
      )
      expect(result.code, report('jest', result)).toBe(0)
      const summary = await readJson<{ numTotalTests: number; numPassedTests: number; numFailedTests: number }>(
        join(project, 'jest-report.json'),
      )
      expect(summary, report('jest', result)).toMatchObject({ numTotalTests: expected, numPassedTests: expected, numFailedTests: 0 })
    },
    RUN_TIMEOUT_MS + 10_000,
  )

  test(
    'The exported types compile in the fresh project under strict, noUncheckedIndexedAccess and skipLibCheck false.',
    async () => {
      const result = await run(nodeBin(), [REPO_TSC, '-p', '.'], project, RUN_TIMEOUT_MS, env)
      expect(result.code, report('tsc -p .', result)).toBe(0)
    },
    RUN_TIMEOUT_MS + 10_000,
  )

  test('The installed analytics-sandbox bin starts on a free port, answers /validate with 200, passes `npx analytics-sandbox verify`, and exits 0 on SIGTERM.', async () => {
    const { version } = await readJson<{ version: string }>(join(REPO_ROOT, 'package.json'))
    const bin = join(project, 'node_modules', '.bin', 'analytics-sandbox')
    const child = spawn(bin, ['--port', '0', '--log', 'none', '--now', '2026-01-15'], {
      cwd: project,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
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
          const url = READY_LINE.exec(stdout)?.[1]
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
      const verify = await run(
        'npx',
        ['--no-install', 'analytics-sandbox', 'verify', '--base-url', url, '--api-key', 'sbx_user_alpha'],
        project,
        30_000,
        env,
      )
      expect(verify.code, report('npx analytics-sandbox verify', verify)).toBe(0)
      expect(verify.stdout).toMatch(/^24 checks: 24 passed, 0 failed, 0 skipped$/m)

      child.kill('SIGTERM')
      const exit = await within(exited, 10_000, 'the bin to exit after SIGTERM')
      expect(exit, `exit after SIGTERM${output()}`).toEqual({ code: 0, signal: null })
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    }
  }, 45_000)

  /** Processes still running from the fresh project's installed bin. */
  const leftBehind = async (): Promise<string[]> => {
    const found: string[] = []
    for (const pid of (await readdir('/proc')).filter((name) => /^\d+$/.test(name))) {
      const command = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')
      if (command.includes(join(project, 'node_modules')) && command.includes('analytics-sandbox'))
        found.push(`${pid}: ${command.replaceAll('\0', ' ')}`)
    }
    return found
  }

  /** Waits until nothing of the fresh project's bin runs and `url` refuses connections; returns what is left. */
  const waitUntilGone = async (url: string, ms = 5_000): Promise<{ processes: string[]; answers: boolean }> => {
    const deadline = Date.now() + ms
    for (;;) {
      const processes = await leftBehind()
      const answers = await fetch(`${url}validate`, { signal: AbortSignal.timeout(1_000) }).then(
        () => true,
        () => false,
      )
      if ((processes.length === 0 && !answers) || Date.now() > deadline) return { processes, answers }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }

  test("The README's Python harness (examples/sandbox_harness.py, standard library only) starts the bin through npx on port 0, waits for its ready line, lists the projects and stops it, leaving no process behind.", async () => {
    const result = await run('python3', [join(REPO_ROOT, 'examples', 'sandbox_harness.py')], project, 60_000, env)
    expect(result.code, report('python3 examples/sandbox_harness.py', result)).toBe(0)
    const [url, projects] = result.stdout.trim().split('\n')
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1\/$/)
    expect(projects).toBe('3 projects: northwind, contoso-bank, bergblick')
    expect(await waitUntilGone(url!)).toEqual({ processes: [], answers: false })
  }, 70_000)

  test('A Python harness killed with SIGKILL while the sandbox runs under it through npx leaves no process behind: --exit-with-parent stops the sandbox and frees its port.', async () => {
    const harness = spawn('python3', [join(REPO_ROOT, 'examples', 'sandbox_harness.py'), '--hold'], {
      cwd: project,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    harness.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    harness.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    try {
      const deadline = Date.now() + 30_000
      while (!stdout.includes('\n') && harness.exitCode === null && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50))
      const url = stdout.trim()
      expect(url, `the harness's output\n--- stdout ---\n${stdout}\n--- stderr ---\n${stderr}`).toMatch(
        /^http:\/\/127\.0\.0\.1:\d+\/api\/v1\/$/,
      )
      expect((await fetch(`${url}validate`, { headers: { 'X-API-Key': 'sbx_user_alpha' } })).status).toBe(200)
      expect(await leftBehind()).not.toEqual([])
      harness.kill('SIGKILL')
      expect(await waitUntilGone(url)).toEqual({ processes: [], answers: false })
    } finally {
      harness.kill('SIGKILL')
    }
  }, 60_000)

  test("The README's shell recipe (examples/wait-for-sandbox.sh) waits for the ready line, lists the projects, and leaves no process behind.", async () => {
    const result = await run('sh', [join(REPO_ROOT, 'examples', 'wait-for-sandbox.sh')], project, 60_000, env)
    expect(result.code, report('sh examples/wait-for-sandbox.sh', result)).toBe(0)
    expect(JSON.parse(result.stdout)).toMatchObject({ success: true, data: { total: 3 } })
    expect(await waitUntilGone('http://127.0.0.1:1/api/v1/')).toEqual({ processes: [], answers: false })
  }, 70_000)
})
