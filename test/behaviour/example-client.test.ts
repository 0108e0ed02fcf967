/**
 * The README's "Does my client behave?" shows the text report of examples/behaving-client: this
 * runs the command it shows and holds the README to what it prints, and the client to every rule.
 */
import { readFileSync } from 'node:fs'
import { afterAll, describe, expect, it } from 'vitest'
import { REPORT_EXIT } from '../../src/cli/report-command.js'
import { killAllCli, REPO_ROOT, runCli } from '../cli/run-cli.js'

const README = readFileSync(`${REPO_ROOT}README.md`, 'utf8')
const SECTION = README.slice(README.indexOf('## Does my client behave?'))
const COMMAND = /```sh\nnpx analytics-sandbox (report [^\n]+)\n```/.exec(SECTION)!
const SHOWN = /```text\n([\s\S]*?)```/.exec(SECTION)![1]!

afterAll(() => killAllCli())

describe('The example client (examples/behaving-client)', () => {
  it('keeps every rule of behaviour under --strict-behaviour, and the README shows the very report it prints', async () => {
    const args = COMMAND[1]!.split(' ')
    expect(args).toEqual(['report', '--strict-behaviour', '--', 'node', 'examples/behaving-client/run.mjs'])
    const cli = runCli([...args.slice(0, 3), process.execPath, ...args.slice(4)])
    const exit = await cli.waitForExit(60_000)
    expect(exit.code, cli.stderr()).toBe(REPORT_EXIT.ok)
    // How many requests a run makes depends on how many pooled connections meet fault-keepalive-close.
    const judged = (text: string) => text.replace(/\(\d+ requests judged/, '(N requests judged')
    expect(judged(cli.stdout().replace(process.execPath, 'node'))).toBe(judged(SHOWN))
    // What each call came to, as the client's application would see it.
    expect(cli.stderr()).toContain('retry-after: ok, ok, ok\nretries: ok, ok, ok\n')
    expect(cli.stderr()).toContain('keepalive-close: ok, ok, ok\ntimeout: timed out, timed out, timed out\n')
  }, 60_000)
})
