import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * Test-only drift scenarios: a sandbox deliberately altered, as the real API might drift from the
 * contract. Each names the endpoint and status of the answers it alters, and how.
 */
export interface Drift {
  readonly endpoint: string
  readonly status: number
  alter(body: Record<string, any>): void // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** The three kinds of drift `verify` must report exactly: a renamed field, a wrong type, a wrong error code. */
export const DRIFTS = {
  renamedField: {
    endpoint: 'projects',
    status: 200,
    alter(body) {
      for (const project of body.data.projects) {
        project.displayName = project.display_name
        delete project.display_name
      }
    },
  },
  wrongType: {
    endpoint: 'overview',
    status: 200,
    alter(body) {
      body.data.sentiment_analysis.positive = String(body.data.sentiment_analysis.positive)
    },
  },
  wrongErrorCode: {
    endpoint: 'monitoring',
    status: 400,
    alter(body) {
      if (body.errors.error === 'missing_project_id') body.errors.error = 'project_id_required'
    },
  },
} as const satisfies Record<string, Drift>

/** A running drifting proxy: its API base URL, and how to stop it. */
export interface DriftProxy {
  readonly url: string
  close(): Promise<void>
}

/**
 * A node:http proxy in front of a sandbox (`target`, its API base URL) that passes every request
 * through and alters the answers `drift` names.
 *
 * @example
 * const proxy = await startDriftProxy(sandbox.url, DRIFTS.renamedField)
 */
export async function startDriftProxy(target: string, drift: Drift): Promise<DriftProxy> {
  const base = new URL(target)
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', base)
    const headers: Record<string, string> = {}
    for (const [name, value] of Object.entries(request.headers)) if (typeof value === 'string' && name !== 'host') headers[name] = value
    void fetch(url, { method: request.method ?? 'GET', headers }).then(async (answer) => {
      let text = await answer.text()
      const endpoint = url.pathname.slice(base.pathname.length).replace(/\/$/, '')
      if (endpoint === drift.endpoint && answer.status === drift.status) {
        const body = JSON.parse(text) as Record<string, unknown>
        drift.alter(body)
        text = JSON.stringify(body)
      }
      response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' })
      response.end(text)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}${base.pathname}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
