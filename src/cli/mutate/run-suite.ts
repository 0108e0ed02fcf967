import { spawn } from 'node:child_process'
import { withoutEscapes } from '../../vocabulary/printable.js'

/** Lines of a run's output kept for the report: the last ones, where a failure says why. */
export const OUTPUT_LINES = 20

/**
 * Bytes of a run's output kept while it runs, at its start and at its end: where runners put a
 * failure's first lines and their summary, however much they write between (100 MB keeps 128 KiB).
 */
export const OUTPUT_BYTES = 64 * 1024

/** Characters a line of a report shows of a run's output at most: one 80 KB line must not flood it. */
export const OUTPUT_LINE_CHARS = 500

/**
 * A run's output as a report shows it: escape sequences removed whole, a tab as two spaces, a
 * carriage return that ends no line and other control characters dropped (not shown as U+FFFD),
 * each line cut at {@link OUTPUT_LINE_CHARS}.
 *
 * @example
 * cleanOutput('\u001b[31mFAIL\u001b[39m\tx\u0007\n') // 'FAIL  x\n'
 */
export function cleanOutput(text: string): string {
  return (
    withoutEscapes(text)
      .replaceAll('\t', '  ')
      // oxlint-disable-next-line no-control-regex -- the controls a terminal would act on are what goes
      .replace(/\r(?!\n)|[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
      .replace(new RegExp(`^(.{${OUTPUT_LINE_CHARS}}).+$`, 'gm'), '$1…')
  )
}

/**
 * What every run's command gets besides the caller's environment: runners then write no colours
 * (what still comes is removed whole, see `withoutEscapes`).
 */
export const QUIET_COLOURS: Readonly<Record<string, string>> = { NO_COLOR: '1', FORCE_COLOR: '0' }

/** How one run of the command ended. */
export interface SuiteRun {
  /** `passed` (exit 0), `failed`, `timed-out` (killed past the time-out), `stopped` (by Ctrl-C). */
  readonly ending: 'passed' | 'failed' | 'timed-out' | 'stopped'
  /** Its exit code, or `null` where a signal ended it. */
  readonly code: number | null
  readonly ms: number
  /** The last {@link OUTPUT_LINES} lines of its stdout and stderr, merged, escape sequences removed. */
  readonly output: string[]
  /**
   * Its output's first and last {@link OUTPUT_BYTES}, escape sequences removed; `tail` is empty where
   * `head` holds the whole of it.
   */
  readonly head: string
  readonly tail: string
}

/**
 * Milliseconds a run's pipes may stay open once its command has exited and its group was killed: a
 * process that left the group (`setsid`, `spawn({ detached: true })`) may hold them for as long as
 * it lives, so past this they are closed from this side and the run ends.
 */
export const PIPES_GRACE_MS = 500

/** The command could not be started at all (ENOENT, EACCES). */
export class CannotStart extends Error {}

/** What a caller can do to runs in flight: stop them all (Ctrl-C). */
export interface RunControl {
  stopAll(): void
}

/** The runs in flight, to stop on Ctrl-C. */
const live = new Set<() => void>()

/** Stops every run in flight (their process groups are killed). */
export const runControl: RunControl = { stopAll: () => [...live].forEach((stop) => stop()) }

/** Kills `pid`'s whole process group, and `pid` itself where it has none of its own. */
function killGroup(pid: number | undefined): void {
  if (pid === undefined) return
  try {
    process.kill(-pid, 'SIGKILL')
  } catch {
    try {
      process.kill(pid, 'SIGKILL')
    } catch {
      // Gone already.
    }
  }
}

/**
 * Runs `command` with `args` and `env` in a process group of its own, until it exits or
 * `timeoutMs` passes; then kills the group, so nothing it started outlives the run. `echo` gets its
 * output as it comes (stdout and stderr merged), besides what the run keeps. Rejects with
 * {@link CannotStart} where the command cannot be started.
 *
 * @example
 * const run = await runSuite('python', ['-m', 'pytest', '-q'], { ...process.env, ANALYTICS_SANDBOX_URL: url }, 120_000)
 */
export function runSuite(
  command: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
  echo?: (chunk: Buffer) => void,
): Promise<SuiteRun> {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    // Bytes, decoded once at the end: 100 MB of output then makes no garbage text, only the chunks node read.
    const head: Buffer[] = []
    let headBytes = 0
    const tail: Buffer[] = []
    let tailBytes = 0
    const keep = (chunk: Buffer) => {
      echo?.(chunk)
      if (headBytes < OUTPUT_BYTES) {
        const part = chunk.subarray(0, OUTPUT_BYTES - headBytes)
        head.push(Buffer.from(part))
        headBytes += part.byteLength
      }
      tail.push(chunk)
      tailBytes += chunk.byteLength
      while (tailBytes - tail[0]!.byteLength >= OUTPUT_BYTES) tailBytes -= tail.shift()!.byteLength
    }
    const child = spawn(command, args, {
      env: { ...env, ...QUIET_COLOURS },
      detached: process.platform !== 'win32',
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let ending: SuiteRun['ending'] | undefined
    const stop = (why: 'timed-out' | 'stopped') => {
      ending ??= why
      killGroup(child.pid)
    }
    const timer = setTimeout(() => stop('timed-out'), timeoutMs)
    const onStop = () => stop('stopped')
    live.add(onStop)
    child.stdout.on('data', keep)
    child.stderr.on('data', keep)
    child.once('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer)
      live.delete(onStop)
      reject(new CannotStart(`cannot start ${JSON.stringify(command)}: ${error.code ?? error.message}`))
    })
    // A run ends when its command exits, not when its pipes close: whatever it left running in its
    // group goes with it, and a process that left the group keeps the pipes for a short grace at most.
    let exited: { code: number | null; signal: NodeJS.Signals | null } | undefined
    child.once('exit', (code, signal) => {
      exited = { code, signal }
      clearTimeout(timer)
      killGroup(child.pid)
      setTimeout(() => {
        child.stdout.destroy()
        child.stderr.destroy()
      }, PIPES_GRACE_MS).unref()
    })
    child.once('close', (closeCode, closeSignal) => {
      clearTimeout(timer)
      live.delete(onStop)
      killGroup(child.pid)
      const { code, signal } = exited ?? { code: closeCode, signal: closeSignal }
      const lastBytes = Buffer.concat(tail)
      const tailText = cleanOutput(lastBytes.subarray(Math.max(0, lastBytes.byteLength - OUTPUT_BYTES)).toString('utf8'))
      const headText = cleanOutput(Buffer.concat(head).toString('utf8'))
      const text = tailText.replace(/\s+$/, '')
      const lines = text === '' ? [] : text.split(/\r?\n/)
      resolve({
        ending: ending ?? (code === 0 && signal === null ? 'passed' : 'failed'),
        code,
        ms: performance.now() - started,
        output: lines.slice(-OUTPUT_LINES),
        head: headText,
        tail: headBytes === tailBytes ? '' : tailText,
      })
    })
  })
}
