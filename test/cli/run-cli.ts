import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { createServer, type AddressInfo, type Server } from 'node:net'
import { delimiter, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expectConforming } from '../support/expect-conforming.js'
import { createWaiter } from '../support/waiter.js'
import { READY_LINE } from '../../src/cli/format-banner.js'

/** The built program under test (`npm run build` makes it). */
export const CLI_PATH = fileURLToPath(new URL('../../dist/cli/main.cjs', import.meta.url))
/**
 * The single executable under test instead, where the `exe` project sets it (vitest.config.ts): it is
 * run directly, with no `node` on the PATH, so nothing it does can lean on an installed Node.
 */
export const EXE_PATH = process.env.ANALYTICS_SANDBOX_EXE
/**
 * `path` with a folder in front whose `node` only fails (exit 127): /usr/bin holds node and sh alike,
 * so node is taken off the PATH by shadowing it, and a program that runs `node` fails at once.
 */
export function pathWithoutNode(path = process.env.PATH ?? ''): string {
  const folder = join(tmpdir(), 'analytics-sandbox-no-node')
  const shim = join(folder, 'node')
  if (!existsSync(shim)) {
    mkdirSync(folder, { recursive: true })
    writeFileSync(shim, '#!/bin/sh\necho "node: not on the PATH in this test" >&2\nexit 127\n', { mode: 0o755 })
  }
  return `${folder}${delimiter}${path}`
}
/** The repository root, used as the child's working directory. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url))

/** How a child process ended. */
export interface Exit {
  readonly code: number | null
  readonly signal: NodeJS.Signals | null
}

/** Options of one CLI run. */
export interface RunOptions {
  /** Extra environment variables; `undefined` removes a variable. `PORT` is removed unless given here. */
  readonly env?: Readonly<Record<string, string | undefined>>
  /** The program to run: the executable ({@link EXE_PATH}, where the project sets it) or else the npm bin; `'bin'` for the bin always. */
  readonly program?: 'bin'
}

/**
 * How a run of the program starts: the npm bin under this node, or the executable itself with node
 * off the PATH; `NO_COLOR` set, `PORT` removed, then `options.env` over it.
 *
 * @example
 * const { command, args, env } = cliSpawn(['--version'], { program: 'bin' })
 */
export function cliSpawn(args: readonly string[], options: RunOptions = {}): { command: string; args: string[]; env: NodeJS.ProcessEnv } {
  const exe = options.program === 'bin' ? undefined : EXE_PATH
  const program = exe ?? CLI_PATH
  if (!existsSync(program)) throw new Error(`${program} does not exist: run \`npm run build\` (or build:exe) first`)
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' }
  delete env.PORT
  for (const [name, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete env[name]
    else env[name] = value
  }
  if (exe === undefined) return { command: process.execPath, args: [CLI_PATH, ...args], env }
  return { command: exe, args: [...args], env: { ...env, PATH: pathWithoutNode(env.PATH) } }
}

/** A running (or finished) `node dist/cli/main.cjs …` child. */
export interface CliProcess {
  readonly child: ChildProcess
  /** Everything written to stdout so far. */
  stdout(): string
  /** Everything written to stderr so far. */
  stderr(): string
  /** Waits until stdout matches `pattern`; rejects after `timeoutMs` or if the process exits first. */
  waitForStdout(pattern: RegExp | string, timeoutMs?: number): Promise<string>
  /**
   * Waits for the start-up banner and returns the API base URL: the `… listening on http://…` line
   * ({@link READY_LINE}), or the `url` of the `{"event":"listening"}` line of `--log json`.
   */
  waitForUrl(timeoutMs?: number): Promise<string>
  /** Waits for the process to exit; rejects after `timeoutMs`. */
  waitForExit(timeoutMs?: number): Promise<Exit>
  /** Kills the process (SIGKILL) if it still runs and waits (bounded) for it to be gone. */
  kill(): Promise<void>
}

const running = new Set<CliProcess>()

const JSON_BANNER = /^(\{"event":"listening".*\})$/m

function dump(cli: CliProcess): string {
  return `\n--- stdout ---\n${cli.stdout()}\n--- stderr ---\n${cli.stderr()}`
}

/**
 * Spawns the built CLI with `args`. Every process is tracked; call {@link killAllCli} in `afterEach`.
 *
 * @example
 * const cli = runCli(['--port', '0', '--log', 'none'])
 * const url = await cli.waitForUrl()
 */
export function runCli(args: readonly string[], options: RunOptions = {}): CliProcess {
  const { command, args: commandArgs, env } = cliSpawn(args, options)
  const child = spawn(command, commandArgs, { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  let err = ''
  let exit: Exit | undefined
  const waiter = createWaiter(() => dump(cli))
  const notify = () => waiter.notify()
  const waitFor = waiter.waitFor
  child.stdout?.setEncoding('utf8')
  child.stderr?.setEncoding('utf8')
  child.stdout?.on('data', (chunk: string) => {
    out += chunk
    notify()
  })
  child.stderr?.on('data', (chunk: string) => {
    err += chunk
    notify()
  })
  // 'close' fires once the process exited and its pipes are drained, so the output is complete.
  child.on('close', (code, signal) => {
    exit = { code, signal }
    running.delete(cli)
    notify()
  })
  child.on('error', (error) => {
    err += `\n[spawn error] ${error.message}`
    exit ??= { code: null, signal: null }
    running.delete(cli)
    notify()
  })

  const cli: CliProcess = {
    child,
    stdout: () => out,
    stderr: () => err,
    waitForStdout(pattern, timeoutMs = 8_000) {
      return waitFor(
        () => {
          const match = typeof pattern === 'string' ? (out.includes(pattern) ? pattern : undefined) : pattern.exec(out)?.[0]
          if (match !== undefined) return match
          if (exit !== undefined)
            throw new Error(`Process exited (${JSON.stringify(exit)}) before stdout matched ${String(pattern)}${dump(cli)}`)
          return undefined
        },
        `stdout to match ${String(pattern)}`,
        timeoutMs,
      )
    },
    waitForUrl(timeoutMs = 8_000) {
      return waitFor(
        () => {
          const readable = READY_LINE.exec(out)?.[1]
          if (readable !== undefined) return readable
          const json = JSON_BANNER.exec(out)?.[1]
          if (json !== undefined) return (JSON.parse(json) as { url: string }).url
          if (exit !== undefined) throw new Error(`Process exited (${JSON.stringify(exit)}) before printing its banner${dump(cli)}`)
          return undefined
        },
        'the banner with the API URL',
        timeoutMs,
      )
    },
    waitForExit(timeoutMs = 8_000) {
      return waitFor(() => exit, 'the process to exit', timeoutMs)
    },
    async kill() {
      if (exit !== undefined) return
      child.kill('SIGKILL')
      await waitFor(() => exit, 'the killed process to exit', 5_000).catch(() => undefined)
    },
  }
  running.add(cli)
  return cli
}

/** Kills every CLI process still running. For `afterEach`. */
export async function killAllCli(): Promise<void> {
  await Promise.all([...running].map((cli) => cli.kill()))
}

/** A port that was free a moment ago (listen on 0 on `host`, read the port, close). */
export async function findFreePort(host = '127.0.0.1'): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, host, () => resolve())
  })
  const { port } = server.address() as AddressInfo
  await closeServer(server)
  return port
}

/** Whether this machine can listen on `host` (e.g. `::1` where IPv6 is off). */
export async function canListenOn(host: string): Promise<boolean> {
  try {
    await findFreePort(host)
    return true
  } catch {
    return false
  }
}

/** Holds a port with a plain node:net server until the returned server is closed. */
export async function occupyPort(host = '127.0.0.1'): Promise<{ server: Server; port: number }> {
  const server = createServer((socket) => socket.destroy())
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, host, () => resolve())
  })
  return { server, port: (server.address() as AddressInfo).port }
}

/** Closes a node:net server (bounded). */
export function closeServer(server: Server): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 2_000)
    server.close(() => {
      clearTimeout(timer)
      resolve()
    })
  })
}

/** A GET with an optional API key; returns the status and the raw body text, once checked against the contract. */
export async function get(url: string, key?: string, timeoutMs = 8_000): Promise<{ status: number; text: string; headers: Headers }> {
  const response = await fetch(url, { headers: key === undefined ? {} : { 'X-API-Key': key }, signal: AbortSignal.timeout(timeoutMs) })
  const text = await response.text()
  expectConforming({ method: 'GET', url, status: response.status, text })
  return { status: response.status, text, headers: response.headers }
}
