/**
 * A session's refused_url and silent_url (product.md, "Faults the network makes"): an address where
 * nothing listens, and one that accepts and never answers, closed with the session.
 */
import { connect, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '../../src/server/start-sandbox.js'

let sandbox: RunningSandbox

beforeAll(async () => {
  sandbox = await startSandbox({ now: '2026-03-01' })
})
afterAll(() => sandbox.close())

/** A raw connection to `url`'s host that sends a request for `url` and reads nothing back. */
function hold(url: string): Promise<Socket> {
  const { hostname, port, pathname } = new URL(url)
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(`GET ${pathname}projects HTTP/1.1\r\nHost: ${hostname}\r\nX-API-Key: sbx_user_alpha\r\n\r\n`)
      resolve(socket)
    })
    socket.once('error', reject)
  })
}

const closed = (socket: Socket) => new Promise<void>((resolve) => (socket.closed ? resolve() : socket.once('close', () => resolve())))

describe("A session's refused_url and silent_url", () => {
  it('are in the session as made and as listed, each under its own address', async () => {
    const session = await sandbox.createSession({})
    const listed = (await (await fetch(`http://127.0.0.1:${sandbox.port}/__sandbox/sessions`)).json()).data.sessions
    const view = listed.find((item: { id: string }) => item.id === session.id)
    expect(view.refused_url).toBe(session.refusedUrl)
    expect(view.silent_url).toBe(session.silentUrl)
    expect(session.refusedUrl).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/sessions/${session.id}/api/v1/$`))
    expect(new Set([new URL(session.url).port, new URL(session.refusedUrl).port, new URL(session.silentUrl).port]).size).toBe(3)
    await session.close()
  })

  it('refused_url: a client meets a refused connection', async () => {
    const session = await sandbox.createSession({})
    const error = await fetch(`${session.refusedUrl}projects`).then(
      () => undefined,
      (thrown: Error) => thrown,
    )
    expect((error?.cause as NodeJS.ErrnoException | undefined)?.code).toBe('ECONNREFUSED')
    await session.close()
  })

  it('silent_url: a client with a time-out gives up with no answer, and one without is let go when the session ends', async () => {
    const session = await sandbox.createSession({})
    const timedOut = await fetch(`${session.silentUrl}projects`, { signal: AbortSignal.timeout(200) }).then(
      () => 'answered',
      (thrown: Error) => thrown.name,
    )
    expect(timedOut).toBe('TimeoutError')
    const sockets = await Promise.all(Array.from({ length: 20 }, () => hold(session.silentUrl)))
    const other = await sandbox.createSession({})
    const kept = await hold(other.silentUrl)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(sockets.every((socket) => !socket.closed)).toBe(true)
    await session.close()
    await Promise.all(sockets.map(closed))
    // Another session's connection stays until its own session ends.
    expect(kept.closed).toBe(false)
    await other.close()
    await closed(kept)
  })
})
