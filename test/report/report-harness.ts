import { request as httpRequest } from 'node:http'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll } from 'vitest'
import type { CoverageReport, CoverageScope } from '../../src/core/report/coverage.js'
import type { JournalEntry } from '../../src/core/journal.js'
import type { OutcomeExample } from '../../src/core/report/outcome-examples.js'
import { createSandbox, type Sandbox } from '../../src/msw/create-sandbox.js'
import { startSandbox, type RunningSandbox } from '../../src/server/start-sandbox.js'
import type { SandboxOptions } from '../../src/sandbox/sandbox-options.js'
import { expectConforming } from '../support/expect-conforming.js'
import { fetchSurprise, namesSurprise } from '../support/fetch-surprise.js'

/** "Today" of the report tests. */
export const REPORT_TODAY = '2026-03-01T12:00:00Z'

/** What a request got: status, its X-Sandbox-Warning lines, the raw body, the parsed envelope. */
export interface Sent {
  /** `null` where a fault sent no answer. */
  readonly status: number | null
  readonly warnings: readonly string[]
  readonly text: string
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly body: any
}

/** What a request sends: a path below the API base with its query, headers, and a body (on a GET). */
export interface SendOptions {
  readonly headers?: Readonly<Record<string, string>>
  readonly body?: string
}

/** A sandbox reached over real HTTP or through msw, with its client report and journal. */
export interface ReportHarness {
  readonly name: 'http' | 'msw'
  send(pathAndQuery: string, options?: SendOptions): Promise<Sent>
  /** Sends an outcome's example as it is written. */
  sendExample(example: OutcomeExample): Promise<Sent>
  coverage(scope?: CoverageScope): Promise<CoverageReport>
  journal(): Promise<readonly JournalEntry[]>
  reset(): Promise<void>
}

/** X-Sandbox-Warning lines: node joins repeated lines with ", ", but each line starts with a code. */
function warningLines(headers: Headers): string[] {
  const joined = headers.get('x-sandbox-warning')
  return joined === null ? [] : joined.split(/, (?=[a-z_]+: )/)
}

/**
 * A GET of `url`, its answer checked against the contract, except where the request names a
 * variant or a fault: those are read as a client would meet them (no answer, a cut body, HTML).
 */
async function sendChecked(url: string, headers: Readonly<Record<string, string>>): Promise<Sent> {
  if (namesSurprise(headers)) {
    const fetched = await fetchSurprise(url, { headers })
    return { status: fetched.status, warnings: warningLines(fetched.headers), text: fetched.text, body: fetched.body ?? {} }
  }
  const response = await fetch(url, { headers })
  const text = await response.text()
  expectConforming({ method: 'GET', url, status: response.status, text })
  return { status: response.status, warnings: warningLines(response.headers), text, body: JSON.parse(text) }
}

function exampleTarget(example: OutcomeExample): string {
  const search = new URLSearchParams(example.query).toString()
  return `${example.path}${search === '' ? '' : `?${search}`}`
}

/** A body on a GET, which fetch cannot send: node:http can. */
function getWithBody(url: string, headers: Readonly<Record<string, string>>, body: string): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      url,
      { method: 'GET', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } },
      (response) => {
        let text = ''
        response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk))
        response.on('end', () => {
          const raw = response.headers['x-sandbox-warning']
          const warnings = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw]
          resolve({ status: response.statusCode ?? 0, warnings, text, body: JSON.parse(text) })
        })
      },
    )
    sent.on('error', reject)
    sent.end(body)
  })
}

/** A sandbox server on port 0 (`startSandbox`) for the tests of this file. */
export function useHttpReport(options: SandboxOptions = {}): ReportHarness {
  let running: RunningSandbox
  beforeAll(async () => {
    running = await startSandbox({ now: REPORT_TODAY, ...options })
  })
  afterAll(() => running.close())
  const origin = () => new URL(running.url).origin
  const send = async (target: string, options: SendOptions = {}): Promise<Sent> => {
    const url = `${running.url}${target}`
    if (options.body !== undefined) return getWithBody(url, options.headers ?? {}, options.body)
    return sendChecked(url, options.headers ?? {})
  }
  const admin = async (method: string, path: string) => {
    const response = await fetch(`${origin()}/__sandbox/${path}`, { method })
    const text = await response.text()
    expectConforming({ method, url: response.url, status: response.status, text })
    return JSON.parse(text).data
  }
  return {
    name: 'http',
    send,
    sendExample: (example) => send(exampleTarget(example), { headers: example.headers }),
    coverage: (scope) => admin('GET', scope === undefined ? 'coverage' : `coverage?scope=${scope}`),
    journal: async () => (await admin('GET', 'requests?limit=1000')).requests,
    reset: async () => void (await admin('POST', 'reset')),
  }
}

/** An in-process sandbox (`createSandbox`) behind msw's `setupServer`. */
export function useMswReport(options: SandboxOptions = {}): ReportHarness {
  const base = 'http://report.test/api/v1/'
  let sandbox: Sandbox
  const server = setupServer()
  beforeAll(async () => {
    sandbox = createSandbox({ now: REPORT_TODAY, baseUrl: base, ...options })
    server.use(...sandbox.handlers)
    server.listen({ onUnhandledRequest: 'error' })
    await sandbox.ready()
  })
  afterAll(() => server.close())
  const send = async (target: string, options: SendOptions = {}): Promise<Sent> => {
    // fetch refuses a body on a GET; the headers that announce one reach the handlers as sent.
    const headers =
      options.body === undefined ? (options.headers ?? {}) : { ...options.headers, 'content-length': String(options.body.length) }
    return sendChecked(`${base}${target}`, headers)
  }
  return {
    name: 'msw',
    send,
    sendExample: (example) => send(exampleTarget(example), { headers: example.headers }),
    coverage: async (scope) => sandbox.coverage(scope),
    journal: async () => sandbox.requests,
    reset: () => sandbox.reset(),
  }
}
