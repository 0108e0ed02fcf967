/**
 * Issue #50, break 3: `mutate` ended a run when the command's pipes closed, not when it exited. A
 * command that exits at once but leaves a child holding its stdout (`sleep 300 &`) made the
 * baseline "time out"; a child that left the process group (`setsid`, `spawn({ detached: true })`)
 * made `mutate` ignore `--timeout` and SIGTERM until the child ended. A run now ends when its
 * command exits (its group killed, its pipes closed after a short grace), so no run outlives
 * `--timeout` and a signal stops `mutate` as documented.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { killAllCli, runCli } from '../cli/run-cli.js'
import { MUTATE_EXIT } from '../../src/cli/mutate-command.js'

/** Where the commands note the pids of the children they leave behind, one a line. */
const PIDS = join(tmpdir(), `analytics-sandbox-left-behind-${process.pid}.txt`)

/** The pids the commands noted so far. */
const leftBehind = (): number[] => (existsSync(PIDS) ? readFileSync(PIDS, 'utf8').trim().split('\n').map(Number) : [])

afterEach(async () => {
  for (const pid of leftBehind()) {
    try {
      process.kill(pid, 'SIGKILL')
    } catch {
      // Gone already.
    }
  }
  rmSync(PIDS, { force: true })
  await killAllCli()
})

/**
 * A node command that starts a child holding the run's stdout and stderr for 60 s (in a group of its
 * own where `detached`), notes the child's pid, and then exits at once, or after `mutatedMs` in a
 * run with a mutation.
 */
function leavesAChild(detached: boolean, mutatedMs = 0): string[] {
  // It gets a success of /validate first: mutate runs nothing of an endpoint its baseline never reached.
  const script = `
    fetch(process.env.ANALYTICS_SANDBOX_URL + 'validate', { headers: { 'X-API-Key': 'sbx_user_alpha' } }).then((r) => r.arrayBuffer()).then(() => {
      const child = require('node:child_process').spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'inherit', detached: ${detached} })
      require('node:fs').appendFileSync(${JSON.stringify(PIDS)}, child.pid + '\\n')
      setTimeout(() => process.exit(0), process.env.ANALYTICS_SANDBOX_MUTATION ? ${mutatedMs} : 0)
    })`
  return [process.execPath, '-e', script]
}

/** Runs `mutate` with `args` over the two mutations of /validate's `success`. */
function mutate(args: readonly string[]) {
  return runCli(['mutate', '--only', '*:validate:success', '--format', 'json', ...args])
}

describe('mutate and a command that leaves a child holding its output', () => {
  it('ends a run when its command exits, although a child in its group still holds the pipes', async () => {
    const cli = mutate(['--timeout', '30', '--', ...leavesAChild(false)])
    // A run waiting for the pipes would take the child's 60 s, past this wait.
    const exit = await cli.waitForExit(25_000)
    expect(exit.code, cli.stderr()).toBe(MUTATE_EXIT.ok)
  }, 40_000)

  it('ends a run when its command exits, although a child that left its group holds the pipes', async () => {
    const cli = mutate(['--timeout', '30', '--', ...leavesAChild(true)])
    const exit = await cli.waitForExit(25_000)
    expect(exit.code, cli.stderr()).toBe(MUTATE_EXIT.ok)
  }, 40_000)

  it('gives a run past --timeout its verdict although a child that left its group holds the pipes', async () => {
    const cli = mutate(['--timeout', '2', '--', ...leavesAChild(true, 60_000)])
    const exit = await cli.waitForExit(25_000)
    expect(exit.code, cli.stderr()).toBe(MUTATE_EXIT.ok)
    const verdicts = new Set(JSON.parse(cli.stdout()).runs.map((run: { verdict: string }) => run.verdict))
    expect([...verdicts]).toEqual(['timed-out'])
  }, 40_000)

  it('stops on SIGTERM with exit 143 while such a child holds the pipes of a run', async () => {
    const cli = mutate(['--timeout', '60', '--progress', '--', ...leavesAChild(true, 60_000)])
    // Once the baseline has passed and the mutated runs are under way.
    for (let waited = 0; leftBehind().length < 2 && waited < 20_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50))
    cli.child.kill('SIGTERM')
    const exit = await cli.waitForExit(25_000)
    expect(exit.code).toBe(MUTATE_EXIT.terminated)
  }, 60_000)
})
