/**
 * The standalone process under the harnesses of other languages: they wait for a ready line, may
 * never read its output, close their end of its pipes, and kill it.
 */
import { Agent, request } from 'node:http'
import { readFileSync } from 'node:fs'
import { afterEach, describe, expect, test } from 'vitest'
import { LOG_BACKLOG_BYTES, LOG_DROPPED_NOTE } from '../../src/cli/create-log-sink.js'
import { READY_LINE } from '../../src/cli/format-banner.js'
import { killAllCli, runCli } from './run-cli.js'

const STACK_LINE = /^\s+at /m

afterEach(killAllCli)

/** Resident memory of a process in MB, from /proc. */
function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB$/m)
  return Number(line?.[1] ?? Number.NaN) / 1024
}

/** `count` keep-alive GETs of `url`, `concurrency` at a time; resolves with how many got 200. */
async function load(url: string, count: number, concurrency: number): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency })
  let sent = 0
  let ok = 0
  const one = () =>
    new Promise<void>((resolve, reject) => {
      const req = request(url, { agent, headers: { 'X-API-Key': 'sbx_user_alpha' } }, (response) => {
        if (response.statusCode === 200) ok++
        response.resume().on('end', resolve)
      })
      req.on('error', reject)
      req.end()
    })
  const worker = async () => {
    while (sent < count) {
      sent++
      await one()
    }
  }
  try {
    await Promise.all(Array.from({ length: concurrency }, worker))
  } finally {
    agent.destroy()
  }
  return ok
}

/** The standalone's health data. */
async function health(url: string): Promise<{ requests: number; log?: { written: number; dropped: number } }> {
  const response = await fetch(new URL('/__sandbox/health', url), { signal: AbortSignal.timeout(5_000) })
  return ((await response.json()) as { data: { requests: number; log?: { written: number; dropped: number } } }).data
}

describe('readiness', () => {
  test('With --port 0 --log none, stdout is one line, "analytics-sandbox <version> listening on <base URL>", naming the port chosen.', async () => {
    const cli = runCli(['--port', '0', '--log', 'none'])
    const url = await cli.waitForUrl()
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:[1-9]\d*\/api\/v1\/$/)
    expect((await fetch(`${url}validate`, { headers: { 'X-API-Key': 'sbx_user_alpha' } })).status).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(cli.stdout()).toBe(`${READY_LINE.exec(cli.stdout())?.[0]}\n`)
    expect(cli.stderr()).toBe('')
  })

  test('With --log pretty the ready line comes first, and with --log json the first line is the listening event with the same URL.', async () => {
    const pretty = runCli(['--port', '0'])
    const json = runCli(['--port', '0', '--log', 'json'])
    const [prettyUrl, jsonUrl] = await Promise.all([pretty.waitForUrl(), json.waitForUrl()])
    expect(READY_LINE.exec(pretty.stdout().split('\n')[0] ?? '')?.[1]).toBe(prettyUrl)
    expect(JSON.parse(json.stdout().split('\n')[0] ?? '')).toMatchObject({ event: 'listening', url: jsonUrl })
  })
})

describe('output nobody reads', () => {
  test('With its stdout never read, the CLI serves 20,000 logged requests, drops the lines it cannot write, counts them in health, says so once on stderr, and stays small.', async () => {
    const cli = runCli(['--port', '0', '--log', 'json'])
    const url = await cli.waitForUrl()
    // From here on nobody reads: the pipe and the reader's buffer fill, as under a harness that never reads.
    cli.child.stdout?.pause()
    expect(await load(`${url}projects`, 20_000, 16)).toBe(20_000)
    const { requests, log } = await health(url)
    expect(requests).toBe(20_000)
    expect(log?.dropped).toBeGreaterThan(0)
    expect(log!.written + log!.dropped).toBe(20_000)
    // What waits for the reader is bounded: the backlog, node's stream buffers and the pipe's 64 KiB
    // hold about 250 KiB, fewer than 2,000 of these 140-byte lines.
    expect(LOG_BACKLOG_BYTES).toBe(64 * 1024)
    expect(log!.written).toBeLessThan(4_000)
    expect(rssMb(cli.child.pid!)).toBeLessThan(150)
    expect(cli.stderr()).toBe(LOG_DROPPED_NOTE)
  }, 60_000)

  test('When the reader closes stdout (like `| head -2`), the CLI keeps serving, prints no stack trace, and exits 0 on SIGTERM.', async () => {
    const cli = runCli(['--port', '0'])
    const url = await cli.waitForUrl()
    await cli.waitForStdout(/\n.*\n/)
    cli.child.stdout?.destroy()
    expect(await load(`${url}projects`, 2_000, 4)).toBe(2_000)
    expect((await health(url)).requests).toBe(2_000)
    cli.child.kill('SIGTERM')
    expect(await cli.waitForExit()).toEqual({ code: 0, signal: null })
    expect(cli.stderr()).not.toMatch(STACK_LINE)
    expect(cli.stderr()).not.toMatch(/EPIPE/)
  }, 30_000)

  test('When the reader closes stderr too, a dropped-lines note or a stop still ends in exit 0 without a crash.', async () => {
    const cli = runCli(['--port', '0', '--log', 'json'])
    const url = await cli.waitForUrl()
    cli.child.stdout?.destroy()
    cli.child.stderr?.destroy()
    expect(await load(`${url}projects`, 3_000, 8)).toBe(3_000)
    cli.child.kill('SIGTERM')
    expect(await cli.waitForExit()).toEqual({ code: 0, signal: null })
  }, 30_000)
})
