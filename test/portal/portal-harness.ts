import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { createSandbox } from '../../src/msw/create-sandbox.js'
import { startSandbox, type RunningSandbox } from '../../src/server/start-sandbox.js'
import { PortalError } from '../../src/vocabulary/portal-error.js'
import { expectConforming } from '../support/expect-conforming.js'
import type { SandboxControls } from '../../src/sandbox/sandbox-controls.js'

/** What an operation answered: the admin API's status, and its `data` or its `errors`. */
export interface Outcome {
  readonly status: number
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly data: any
  readonly errors: { error?: string; detail?: string; fields?: Array<{ field: string; message: string }> }
}

/** The portal and the clock, reached over the admin API (http) or through the library (in-process). */
export interface PortalHarness {
  readonly name: 'http' | 'in-process'
  createAccount(body?: unknown): Promise<Outcome>
  createProject(body: unknown): Promise<Outcome>
  updateProject(id: number, body: unknown): Promise<Outcome>
  deleteProject(id: number): Promise<Outcome>
  createKey(body: unknown): Promise<Outcome>
  listKeys(userId?: number): Promise<Outcome>
  updateKey(key: string, body: unknown): Promise<Outcome>
  deleteKey(key: string): Promise<Outcome>
  clock(): Promise<Outcome>
  setClock(body: unknown): Promise<Outcome>
  reset(): Promise<void>
  /** A public API request (`projects`, `monitoring?start_date=…`) with this key (and project id). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  api(path: string, key: string, projectId?: number, headers?: Record<string, string>): Promise<{ status: number; text: string; body: any }>
}

/** The day the harnesses' clocks start at. */
export const START = '2026-03-01T00:00:00Z'

/** A sandbox server on port 0, steered over its admin API with fetch. */
export function useHttpPortal(): PortalHarness {
  let sandbox: RunningSandbox
  beforeAll(async () => {
    sandbox = await startSandbox({ now: START })
  })
  afterAll(() => sandbox.close())
  const admin = async (method: string, path: string, body?: unknown): Promise<Outcome> => {
    const response = await fetch(`${new URL(sandbox.url).origin}/__sandbox/${path}`, {
      method,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    const text = await response.text()
    expectConforming({ method, url: response.url, status: response.status, text })
    const envelope = JSON.parse(text)
    expectEnvelope(envelope, response.status)
    return { status: response.status, data: envelope.data, errors: envelope.errors }
  }
  return {
    name: 'http',
    createAccount: (body) => admin('POST', 'accounts', body),
    createProject: (body) => admin('POST', 'projects', body),
    updateProject: (id, body) => admin('PATCH', `projects/${id}`, body),
    deleteProject: (id) => admin('DELETE', `projects/${id}`),
    createKey: (body) => admin('POST', 'keys', body),
    listKeys: (userId) => admin('GET', userId === undefined ? 'keys' : `keys?user_id=${userId}`),
    updateKey: (key, body) => admin('PATCH', `keys/${encodeURIComponent(key)}`, body),
    deleteKey: (key) => admin('DELETE', `keys/${encodeURIComponent(key)}`),
    clock: () => admin('GET', 'clock'),
    setClock: (body) => admin('PUT', 'clock', body),
    reset: async () => void (await admin('POST', 'reset')),
    api: (path, key, projectId, headers) => publicRequest(`${sandbox.url}${path}`, key, projectId, headers),
  }
}

/** A sandbox in this process: msw answers the public API, the library's operations steer it. */
export function useInProcessPortal(): PortalHarness {
  const sandbox = createSandbox({ now: START })
  const server = setupServer(...sandbox.handlers)
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
  afterEach(() => server.resetHandlers())
  afterAll(() => server.close())
  const call = async (operation: (controls: SandboxControls) => Promise<unknown>, status = 200): Promise<Outcome> => {
    try {
      return { status, data: (await operation(sandbox)) ?? {}, errors: {} }
    } catch (error) {
      if (!(error instanceof PortalError)) throw error
      const fields = error.issues.length > 0 ? { fields: [...error.issues] } : {}
      return { status: error.status, data: {}, errors: { error: error.code!, detail: error.message, ...fields } }
    }
  }
  return {
    name: 'in-process',
    createAccount: (body) => call((it) => it.accounts.create(body as never), 201),
    createProject: (body) => call((it) => it.projects.create(body as never), 201),
    updateProject: (id, body) => call((it) => it.projects.update(id, body as never)),
    deleteProject: (id) => call(async (it) => (await it.projects.delete(id), { id })),
    createKey: (body) => call((it) => it.keys.create(body as never), 201),
    listKeys: (userId) => call(async (it) => ({ keys: await it.keys.list(userId) })),
    updateKey: (key, body) => call((it) => it.keys.update(key, body as never)),
    deleteKey: (key) => call(async (it) => (await it.keys.delete(key), { key })),
    clock: () => call((it) => it.clock.get()),
    setClock: (body) =>
      call((it) => {
        const { now, advance } = body as { now?: string | null; advance?: string }
        if (advance !== undefined) return it.clock.advance(advance)
        return now === null ? it.clock.reset() : it.clock.set(now as string)
      }),
    reset: () => sandbox.reset(),
    api: (path, key, projectId, headers) => publicRequest(`http://sandbox.test/api/v1/${path}`, key, projectId, headers),
  }
}

async function publicRequest(url: string, key: string, projectId?: number, extra: Record<string, string> = {}) {
  const headers: Record<string, string> = { 'X-API-Key': key, ...extra }
  if (projectId !== undefined) headers['X-Project-ID'] = String(projectId)
  const response = await fetch(url, { headers })
  const text = await response.text()
  return { status: response.status, text, body: JSON.parse(text) }
}

/** Every admin answer is the envelope, its `code` the status. */
function expectEnvelope(envelope: Record<string, unknown>, status: number): void {
  const keys = Object.keys(envelope).sort().join(',')
  if (keys !== 'code,data,errors,message,meta_data,success' || envelope.code !== status) {
    throw new Error(`not the envelope of a ${status}: ${JSON.stringify(envelope).slice(0, 300)}`)
  }
}
