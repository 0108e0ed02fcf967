import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll } from 'vitest'
import type { SandboxOptions } from '../../src/config/sandbox-options.js'
import { createSandbox, type Sandbox } from '../../src/sandbox/create-sandbox.js'
import { startSandbox } from '../../src/server/start-sandbox.js'

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

/** A fetch Response as the tests read it: status, headers, raw text and parsed JSON (when it is JSON). */
export async function toAnswer(response: Response): Promise<Answer> {
  const text = await response.text()
  let body: unknown
  try {
    body = text === '' ? undefined : JSON.parse(text)
  } catch {
    body = undefined
  }
  return { status: response.status, headers: response.headers, text, body }
}

function createTransport(name: Transport['name'], base: () => string): Transport {
  const send = async (url: string, init: RequestInit = {}) =>
    toAnswer(await fetch(url, { method: init.method ?? 'GET', headers: init.headers ?? {} }))
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
