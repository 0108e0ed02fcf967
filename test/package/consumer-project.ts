import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect } from 'vitest'

// What the packaging tests share: packing the repository as `npm publish` would, and a fresh
// consumer project (the files of fixture-project/) in which the tarball is installed and run.

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url))
export const FIXTURE_DIR = fileURLToPath(new URL('./fixture-project/', import.meta.url))

/** Built files whose absence means the repository was not built. */
const BUILD_OUTPUTS = ['dist/index.js', 'dist/index.d.ts', 'dist/browser.js', 'dist/cli/main.cjs']

export const PACK_TIMEOUT_MS = 45_000

/**
 * The repository's own tsc, which type-checks a fresh project as that project's own tsc of the same
 * version would: it resolves every import from the project's node_modules and only its lib files
 * from its own package. Not installing TypeScript into each fresh project saves a 23 MB unpack.
 *
 * @example
 * await run(nodeBinary, [REPO_TSC, '-p', '.'], project, RUN_TIMEOUT_MS, env)
 */
export const REPO_TSC = fileURLToPath(new URL('../../node_modules/typescript/bin/tsc', import.meta.url))
export const INSTALL_TIMEOUT_MS = 170_000

/** The repository's own vitest, which runs a fresh project's suite (see {@link linkRepoVitest}). */
const REPO_VITEST = join(REPO_ROOT, 'node_modules', 'vitest')

/**
 * Makes the repository's own vitest the fresh project's, by a link at node_modules/vitest: the
 * version a user would install (the same), without unpacking its 40 packages (vite, rollup and
 * esbuild with their binaries) into each of four projects. What the package tests check, the
 * tarball and msw, is installed by npm as a user installs it. Call it after `npm install`, which
 * would remove a link it did not make.
 *
 * @example
 * await linkRepoVitest(project)
 */
export async function linkRepoVitest(project: string): Promise<void> {
  await symlink(REPO_VITEST, join(project, 'node_modules', 'vitest'), 'dir')
}
export const RUN_TIMEOUT_MS = 100_000

/** How a command ended, with what it printed. */
export interface Finished {
  readonly code: number | null
  readonly signal: NodeJS.Signals | null
  readonly stdout: string
  readonly stderr: string
  readonly ms: number
  readonly timedOut: boolean
}

/**
 * The environment of every child: this one without vitest's and npm's per-run variables, no colours;
 * with `nodeDir` first on PATH, so `node` (and every `#!/usr/bin/env node` script) is that Node.
 */
export function childEnv(nodeDir?: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' }
  delete env.FORCE_COLOR
  for (const name of Object.keys(env)) {
    if (name.startsWith('VITEST') || name.startsWith('npm_lifecycle_') || name.startsWith('npm_package_')) delete env[name]
  }
  delete env.npm_command
  delete env.npm_config_local_prefix
  if (nodeDir !== undefined) env.PATH = `${nodeDir}:${env.PATH ?? ''}`
  return env
}

/** Kills a detached child and everything it started (its process group). */
export function killGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (pid === undefined) return
  try {
    process.kill(process.platform === 'win32' ? pid : -pid, signal)
  } catch {
    // Already gone.
  }
}

/** Runs a command to its end, killing it (and its children) after `timeoutMs`. */
export function run(
  command: string,
  args: readonly string[],
  cwd: string,
  timeoutMs: number,
  env: NodeJS.ProcessEnv = childEnv(),
): Promise<Finished> {
  const started = Date.now()
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: process.platform !== 'win32' })
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

export const tail = (text: string, lines = 60) => text.trimEnd().split('\n').slice(-lines).join('\n')

/** A readable account of a finished command, for assertion messages. */
export function report(label: string, result: Finished): string {
  const how = result.timedOut
    ? 'timed out'
    : `exited with code ${String(result.code)}${result.signal === null ? '' : ` (${result.signal})`}`
  return `${label} ${how} after ${result.ms} ms\n--- stdout ---\n${tail(result.stdout)}\n--- stderr ---\n${tail(result.stderr)}`
}

export async function readJson<T>(path: string): Promise<T> {
  return JSON.parse(await readFile(path, 'utf8')) as T
}

/** The version of a package installed in this repository, so the fresh project uses the same one. */
export async function repoVersion(name: string): Promise<string> {
  return (await readJson<{ version: string }>(join(REPO_ROOT, 'node_modules', name, 'package.json'))).version
}

/** How many `it(` a fixture suite declares: the number of tests its run must report as passed. */
export async function declaredTests(fixture: string): Promise<number> {
  return (await readFile(join(FIXTURE_DIR, fixture), 'utf8')).match(/^\s*it\(/gm)?.length ?? 0
}

interface PackResult {
  readonly filename: string
  readonly files: ReadonlyArray<{ readonly path: string }>
}

/**
 * Packs the built repository into `packDir` as `npm publish` would (`--ignore-scripts`: it is built
 * already). Returns the tarball's path and the files it holds.
 *
 * @example
 * const { tarball, files } = await packRepository('/tmp/pack')
 */
export async function packRepository(packDir: string): Promise<{ tarball: string; files: string[] }> {
  const missing = BUILD_OUTPUTS.filter((path) => !existsSync(join(REPO_ROOT, path)))
  if (missing.length > 0)
    throw new Error(`dist/ is not built (missing ${missing.join(', ')}): run \`npm run build\` first (\`npm test\` does)`)
  await mkdir(packDir, { recursive: true })
  const pack = await run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', packDir], REPO_ROOT, PACK_TIMEOUT_MS)
  if (pack.code !== 0) throw new Error(report('npm pack', pack))
  const [packed] = JSON.parse(pack.stdout) as PackResult[]
  if (packed === undefined) throw new Error(report('npm pack (no package in its JSON)', pack))
  return { tarball: join(packDir, packed.filename), files: packed.files.map((file) => file.path) }
}

/**
 * A fresh ESM project in `project` with the suites of fixture-project/ (each `x.txt` becomes `x`),
 * plus the files of `fixture-project/msw<major>/`: what differs between msw's major versions.
 *
 * @example
 * await writeConsumerProject('/tmp/project', 3)
 */
export async function writeConsumerProject(project: string, mswMajor: number): Promise<void> {
  await mkdir(project, { recursive: true })
  await writeFile(
    join(project, 'package.json'),
    `${JSON.stringify({ name: 'packed-install-check', private: true, type: 'module' }, null, 2)}\n`,
  )
  for (const folder of [FIXTURE_DIR, join(FIXTURE_DIR, `msw${mswMajor}`)]) {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      if (entry.isFile() && entry.name.endsWith('.txt')) {
        await writeFile(join(project, entry.name.slice(0, -'.txt'.length)), await readFile(join(folder, entry.name), 'utf8'))
      }
    }
  }
}

/**
 * Runs the consumer's vitest suite (fixture-project/sandbox.test.ts) in `project` and expects every
 * test it declares to pass; returns what it printed.
 *
 * @example
 * await expectConsumerSuitePasses(project, childEnv(nodeDir))
 */
export async function expectConsumerSuitePasses(project: string, env: NodeJS.ProcessEnv): Promise<Finished> {
  const expected = await declaredTests('sandbox.test.ts.txt')
  // `node` is the project's Node (first on PATH in `env`); vitest is the repository's, linked in.
  const result = await run(
    'node',
    [join(REPO_VITEST, 'vitest.mjs'), 'run', '--reporter=default', '--reporter=json', '--outputFile.json=vitest-report.json'],
    project,
    RUN_TIMEOUT_MS,
    env,
  )
  expect(result.code, report('vitest run', result)).toBe(0)
  const summary = await readJson<{ numTotalTests: number; numPassedTests: number; numFailedTests: number }>(
    join(project, 'vitest-report.json'),
  )
  expect(summary, report('vitest run', result)).toMatchObject({ numTotalTests: expected, numPassedTests: expected, numFailedTests: 0 })
  return result
}
