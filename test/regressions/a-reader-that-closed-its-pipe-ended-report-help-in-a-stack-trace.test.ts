/**
 * Found trying the single executable (2026-11-29): `analytics-sandbox report --help | head -1` ended in
 * node's EPIPE stack trace, as did `verify` and `mutate`: only the server ignored a reader that went
 * away. The launcher now ignores it for every command.
 */
import { spawn } from 'node:child_process'
import { describe, expect, test } from 'vitest'
import { CLI_PATH, REPO_ROOT } from '../cli/run-cli.js'

/** Runs the bin with `args`, its stdout closed by the reader at once; its stderr and exit code. */
function withClosedStdout(args: readonly string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI_PATH, ...args], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] })
    child.stdout.destroy()
    let stderr = ''
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk
    })
    child.once('close', (code) => resolve({ code, stderr }))
  })
}

describe('a reader that closes its pipe early', () => {
  test.each([[['report', '--help']], [['verify', '--help']], [['mutate', '--help']], [['--help']]])(
    'leaves %j without a stack trace',
    async (args) => {
      const { stderr } = await withClosedStdout(args)
      expect(stderr).not.toMatch(/EPIPE|at .*\(/)
    },
  )
})
