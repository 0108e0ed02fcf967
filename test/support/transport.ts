import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll } from 'vitest'
import type { SandboxOptions } from '../../src/sandbox/sandbox-options.js'
import { createSandbox, type Sandbox } from '../../src/msw/create-sandbox.js'
import { startSandbox } from '../../src/server/start-sandbox.js'
import { expectConforming } from './expect-conforming.js'

/** An answer as a test sees it: status, headers, the raw body and the parsed JSON (when it is JSON). */
export interface Answer {
  readonly status: number
  readonly headers: Headers
  readonly text: string
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly body: any
}

export interface RequestInit {
  readonly method?: string
  readonly headers?: Record<string, string>
}

/** One way of reaching a sandbox: a real server on port 0, or msw intercepting fetch in-process. */
export interface Transport {
  readonly name: 'http' | 'msw'
  /** Sends a request to `path`, relative to the API base (`projects`, `monitoring?region=US`). */
  request(path: string, init?: RequestInit): Promise<Answer>
  /** Sends a request to an absolute path on the same host (`/elsewhere`). */
  requestAbsolute(path: string, init?: RequestInit): Promise<Answer>
}

/** The request an answer belongs to: what the self-check needs to know which contract applies. */
export interface AnsweredRequest {
  readonly method: string
  /** The absolute URL the request went to (msw's mocked responses may carry an empty `response.url`). */
  readonly url: string
  /** Where the API is mounted, when not at `/api/v1/`. */
  readonly basePath?: string
}

/**
 * A fetch Response as the tests read it: status, headers, raw text and parsed JSON (when it is JSON).
 * Every answer is checked against the contract first ({@link expectConforming}): a drifted answer fails
 * the test that received it, whatever the test asserts.
 */
export async function toAnswer(response: Response, request: AnsweredRequest): Promise<Answer> {
  const text = await response.text()
  let body: unknown
  try {
    body = text === '' ? undefined : JSON.parse(text)
  } catch {
    body = undefined
  }
  expectConforming({ method: request.method, url: request.url, basePath: request.basePath, status: response.status, text, body })
  return { status: response.status, headers: response.headers, text, body }
}

function createTransport(name: Transport['name'], base: () => string): Transport {
  const send = async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET'
    return toAnswer(await fetch(url, { method, headers: init.headers ?? {} }), { method, url })
  }
  return {
    name,
    request: (path, init) => send(`${base()}${path}`, init),
    requestAbsolute: (path, init) => send(`${new URL(base()).origin}${path}`, init),
  }
}

/** A real sandbox server on a free port for the tests of this file. */
export function useHttpTransport(options: SandboxOptions = {}): Transport {
  let url = ''
  let close: () => Promise<void> = async () => undefined
  beforeAll(async () => {
    const running = await startSandbox(options)
    url = running.url
    close = running.close
  })
  afterAll(() => close())
  return createTransport('http', () => url)
}

/** An in-process sandbox whose msw handlers intercept fetch for the tests of this file, reset after each test. */
export function useMswSandbox(options: SandboxOptions = {}): Sandbox {
  const sandbox = createSandbox(options)
  const server = setupServer(...sandbox.handlers)
  beforeAll(async () => {
    server.listen({ onUnhandledRequest: 'error' })
    await sandbox.ready()
  })
  afterEach(() => sandbox.reset())
  afterAll(() => server.close())
  return sandbox
}

/** The sandbox's msw handlers intercepting fetch to a fictitious host, for the tests of this file. */
export function useMswTransport(options: SandboxOptions = {}): Transport {
  useMswSandbox(options)
  return createTransport('msw', () => 'http://sandbox.test/api/v1/')
}
