/**
 * Regression (issue #36, row 8): `analytics-sandbox report` and `verify` are HTTP clients of a
 * server that may be hostile. An attack found ESC sequences from the server's text reaching the
 * terminal (the window title changed, the screen cleared), an `endpoint` value breaking the JUnit
 * XML, and a 2,000 MB answer taking the client to 4.2 GB. Each test here starts its own hostile
 * node:http server on port 0 and runs the commands in this process, as the bin does.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { SaxesParser } from 'saxes'
import { afterEach, describe, expect, it } from 'vitest'
import { MAX_REPORT_BYTES, REPORT_ERRORS, REPORT_EXIT, runReport } from '../../src/cli/report-command.js'
import { runVerify, VERIFY_EXIT } from '../../src/cli/verify-command.js'
import { ANSWER_TOO_LARGE, MAX_ANSWER_BYTES } from '../../src/verify/probe.js'

const MiB = 1024 * 1024

/**
 * Text a hostile server puts in every field: an OSC that sets the window title, a CSI that clears
 * the screen, ESC c (reset), an 8-bit CSI, NEL, NUL, tab, newline, carriage return, DEL; what XML
 * reserves or forbids (`]]>`, `<`, `&`, quotes, a lone surrogate, U+FFFE, U+FFFF); and a character
 * past U+FFFF, which every output must keep.
 */
const HOSTILE = '\u001b]0;owned\u0007\u001b[2J\u001bc\u009b31m\u0085\u0000\t\n\r\u007f ]]> <a> & "q" \'s\' \ud800 \ufffe\uffff 😀'

/** A coverage report with HOSTILE in every text field, and where numbers belong too. */
function hostileReport(): Record<string, unknown> {
  const example = {
    method: 'GET',
    path: `monitoring${HOSTILE}`,
    query: { [`start_date${HOSTILE}`]: HOSTILE },
    headers: { [`X-API-Key${HOSTILE}`]: HOSTILE },
  }
  const outcome = {
    id: HOSTILE,
    endpoint: `monitoring${HOSTILE}`,
    status: 400,
    error: HOSTILE,
    key_level: null,
    dates: null,
    description: HOSTILE,
    scenario: HOSTILE,
    example,
    seen: 0,
  }
  return {
    total: 3,
    covered: 1,
    percent: 33.3,
    outcomes: [
      outcome,
      { ...outcome, id: `met ${HOSTILE}`, status: 200, error: null, key_level: HOSTILE, dates: 'some', seen: 2 },
      { ...outcome, id: `odd ${HOSTILE}`, endpoint: HOSTILE, status: HOSTILE, seen: HOSTILE },
    ],
    warnings: [{ code: HOSTILE, count: 2, detail: HOSTILE, request_id: HOSTILE }],
  }
}

/** The characters a terminal may act on, found in `text`, as `U+001B` and so on; only the newlines of the output's own lines are allowed. */
function controlsIn(text: string): string[] {
  return [...text]
    .map((character) => character.codePointAt(0) ?? 0)
    .filter((code) => (code < 0x20 && code !== 0x0a) || (code >= 0x7f && code <= 0x9f))
    .map((code) => `U+${code.toString(16).toUpperCase().padStart(4, '0')}`)
}

const servers: Server[] = []
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise<void>((resolve) => {
          server.closeAllConnections()
          server.close(() => resolve())
        }),
    ),
  )
})

/** A server on 127.0.0.1, port 0, closed after the test: its origin. */
async function serve(handler: (request: IncomingMessage, response: ServerResponse) => void): Promise<string> {
  const server = createServer(handler)
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

/** A server that answers every request with `body` as JSON, with `status`. */
const serveJson = (status: number, body: unknown) =>
  serve((_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json' })
    response.end(JSON.stringify(body))
  })

/** What the command printed and its exit status. */
interface Run {
  readonly code: number
  readonly stdout: string
  readonly stderr: string
}

async function run(command: typeof runReport | typeof runVerify, args: readonly string[]): Promise<Run> {
  let stdout = ''
  let stderr = ''
  const code = await command(args, { stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text) })
  return { code, stdout, stderr }
}

/** Bytes an endless answer sends at most, in chunks of CHUNK, so a test whose client never stops still ends. */
const ENDLESS_BYTES = 64 * MiB
const CHUNK = Buffer.alloc(64 * 1024, 0x20)

/** What an endless server saw of its one answer. */
interface Endless {
  readonly origin: string
  /** Bytes written to the socket so far. */
  sent(): number
  /** Whether it wrote all ENDLESS_BYTES (the client read them all). */
  finished(): boolean
  /** Resolves when the connection closes: the client went away. */
  readonly disconnected: Promise<void>
}

/**
 * A server whose answer never ends: `stream` writes CHUNK after CHUNK while the client reads;
 * `announce` gives a Content-Length of 2,000 MB, writes a few bytes and waits, so only a client
 * that believes the header goes away at once.
 */
async function serveEndless(mode: 'stream' | 'announce'): Promise<Endless> {
  let sent = 0
  let finished = false
  let disconnect = () => {}
  const disconnected = new Promise<void>((resolve) => (disconnect = resolve))
  const origin = await serve((_request, response) => {
    response.on('close', disconnect)
    if (mode === 'announce') {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(2_000 * MiB) })
      sent += 16
      response.write('{"success":true,')
      return
    }
    response.writeHead(200, { 'content-type': 'application/json' })
    const pump = () => {
      while (!response.destroyed && sent < ENDLESS_BYTES) {
        sent += CHUNK.byteLength
        if (!response.write(CHUNK)) return void response.once('drain', pump)
      }
      if (!response.destroyed) {
        finished = true
        response.end()
      }
    }
    pump()
  })
  return { origin, sent: () => sent, finished: () => finished, disconnected }
}

/** The JUnit XML read by a strict XML 1.0 parser: its well-formedness errors, and every element's attributes. */
function parseXml(text: string): { errors: string[]; attributes: Array<Record<string, string>> } {
  const errors: string[] = []
  const attributes: Array<Record<string, string>> = []
  const parser = new SaxesParser()
  parser.on('error', (error) => void errors.push(error.message))
  parser.on('opentag', (tag) => void attributes.push(tag.attributes))
  parser.write(text).close()
  return { errors, attributes }
}

describe('report against a server that sends control characters', () => {
  it.each(['text', 'json', 'junit'])(
    'prints no control character or escape sequence of a hostile report with --format %s, and each of its values on its own line',
    async (format) => {
      const origin = await serveJson(200, { success: true, data: hostileReport() })
      const { code, stdout, stderr } = await run(runReport, ['--url', origin, '--format', format])
      expect(stderr).toBe('')
      expect(code).toBe(REPORT_EXIT.ok)
      expect(controlsIn(stdout)).toEqual([])
      if (format === 'json') {
        // JSON keeps the values: every control character is written as an escape.
        expect(JSON.parse(stdout)).toEqual(hostileReport())
        return
      }
      // The escape sequences went whole: nothing of the window title is left (but percent-encoded in
      // a curl line's query), and a newline the server sent started no line (the text's 12 lines:
      // totals, 2 endpoints, 3 outcomes, 1 warning).
      expect(stdout).not.toContain(']0;owned')
      expect(stdout).toContain('\uFFFD')
      expect(stdout).toContain('😀')
      if (format === 'text') expect(stdout.trimEnd().split('\n')).toHaveLength(12)
    },
  )

  it('prints a hostile error detail as one line on stderr without its control characters, and exits 2', async () => {
    const origin = await serveJson(403, { success: false, message: HOSTILE, errors: { error: HOSTILE, detail: HOSTILE } })
    const { code, stdout, stderr } = await run(runReport, ['--url', `${origin}/api/v1/`])
    expect(code).toBe(REPORT_EXIT.usage)
    expect(stdout).toBe('')
    expect(stderr).toMatch(/^analytics-sandbox report: http:\/\/127\.0\.0\.1:\d+\/__sandbox\/coverage answered 403: [^\n]+\n$/)
    expect(controlsIn(stderr)).toEqual([])
    expect(stderr).not.toContain(']0;owned')
  })

  it('prints an --url with control characters in it without them', async () => {
    const { code, stderr } = await run(runReport, ['--url', `not a url ${HOSTILE}`])
    expect(code).toBe(REPORT_EXIT.usage)
    expect(stderr).toMatch(
      /^analytics-sandbox report: --url "not a url [^\n]+ is not a URL, such as http:\/\/127\.0\.0\.1:4010\/api\/v1\/\n$/,
    )
    expect(controlsIn(stderr)).toEqual([])
  })
})

describe('report --format junit against a server that sends what XML reserves or forbids', () => {
  it.each([
    ['skipped outcomes and warnings as output', [], REPORT_EXIT.ok],
    ['failed outcomes and warnings, in message attributes', ['--min-coverage', '100', '--fail-on-warnings'], REPORT_EXIT.failed],
  ])('writes XML a strict XML 1.0 parser accepts, with %s, keeping the characters it escapes', async (_what, flags, exit) => {
    const origin = await serveJson(200, { success: true, data: hostileReport() })
    const { code, stdout } = await run(runReport, ['--url', origin, '--format', 'junit', ...flags])
    expect(code).toBe(exit)
    const { errors, attributes } = parseXml(stdout)
    expect(errors).toEqual([])
    const suites = attributes.map((attribute) => attribute.name ?? '').filter((name) => name.startsWith('/'))
    expect(suites).toHaveLength(2)
    // Escaped, not dropped: the parser reads back what the server sent, but what a terminal or XML 1.0 cannot hold.
    for (const name of suites) expect(name).toContain(' ]]> <a> & "q" \'s\' ')
    expect(suites[0]).toContain('😀')
    expect(attributes.some((attribute) => attribute.classname?.startsWith('analytics-sandbox.monitoring\uFFFD') === true)).toBe(true)
  })
})

describe('report against a server whose answer never ends', () => {
  it('stops reading past MAX_REPORT_BYTES, closes the connection and exits 2 with one line naming the limit and the URL (once 4.2 GB for 2,000 MB)', async () => {
    const server = await serveEndless('stream')
    const { code, stdout, stderr } = await run(runReport, ['--url', `${server.origin}/api/v1/`])
    expect(code).toBe(REPORT_EXIT.usage)
    expect(stdout).toBe('')
    expect(stderr).toBe(`analytics-sandbox report: ${REPORT_ERRORS.tooLarge(`${server.origin}/__sandbox/coverage`)}\n`)
    expect(stderr).toContain(`${MAX_REPORT_BYTES / MiB} MiB`)
    await server.disconnected
    expect(server.finished()).toBe(false)
    // What the sockets' buffers held beyond the limit, far from the whole stream.
    expect(server.sent()).toBeLessThan(MAX_REPORT_BYTES + 16 * MiB)
  })

  it('goes away at once from an answer whose Content-Length is past MAX_REPORT_BYTES, without waiting for its body', async () => {
    const server = await serveEndless('announce')
    // Past the test's own time limit: a client that waited for the body would fail by timing out.
    const { code, stderr } = await run(runReport, ['--url', server.origin, '--timeout', '60000'])
    expect(code).toBe(REPORT_EXIT.usage)
    expect(stderr).toBe(`analytics-sandbox report: ${REPORT_ERRORS.tooLarge(`${server.origin}/__sandbox/coverage`)}\n`)
    await server.disconnected
  })
})

describe('verify against a hostile deployment', () => {
  const verify = (origin: string, ...flags: string[]) =>
    run(runVerify, ['--base-url', `${origin}/api/v1/`, '--api-key', 'sbx_user_alpha', '--timeout', '60000', ...flags])

  it('stops reading an endless answer past MAX_ANSWER_BYTES, closes the connection and exits 2 with one line', async () => {
    const server = await serveEndless('stream')
    const { code, stdout, stderr } = await verify(server.origin)
    expect(code).toBe(VERIFY_EXIT.unusable)
    expect(stdout).toBe('')
    expect(stderr).toBe(`analytics-sandbox verify: cannot reach ${server.origin}/api/v1/: ${ANSWER_TOO_LARGE}\n`)
    await server.disconnected
    expect(server.finished()).toBe(false)
    expect(server.sent()).toBeLessThan(MAX_ANSWER_BYTES + 16 * MiB)
  })

  it('goes away at once from an answer whose Content-Length is past MAX_ANSWER_BYTES', async () => {
    const server = await serveEndless('announce')
    const { code, stderr } = await verify(server.origin)
    expect(code).toBe(VERIFY_EXIT.unusable)
    expect(stderr).toBe(`analytics-sandbox verify: cannot reach ${server.origin}/api/v1/: ${ANSWER_TOO_LARGE}\n`)
    await server.disconnected
  })

  it.each([[[]], [['--json']]])(
    'prints no control character or escape sequence of the deployment’s answers in its report (flags %j), and reports the drift',
    async (flags) => {
      const origin = await serveJson(200, {
        success: true,
        message: HOSTILE,
        data: { [HOSTILE]: HOSTILE, valid: HOSTILE, key_level: HOSTILE, projects: [{ id: 1, [HOSTILE]: HOSTILE }] },
      })
      const { code, stdout, stderr } = await verify(origin, ...flags)
      expect(stderr).toBe('')
      expect(code).toBe(VERIFY_EXIT.drift)
      expect(controlsIn(stdout)).toEqual([])
      if (flags.length === 0) expect(stdout).toMatch(/^\d+ checks: \d+ passed, [1-9]\d* failed, \d+ skipped$/m)
      else expect(JSON.parse(stdout)).toMatchObject({ ok: false })
    },
  )
})
