/**
 * Issue #36, row 4: a session was looked up when a request's headers arrived; an admin body whose
 * last bytes came after the session ended (DELETE, or its time-to-live) was still acted on: `201
 * Key created` and `200 Clock set` for a session no longer listed. A request that completes after
 * its session ended is now 404 `session_not_found`, and changes nothing.
 */
import { afterEach, describe, expect, test } from 'vitest'
import { startSandbox, type RunningSandbox } from '../../src/index.js'
import { ERRORS } from '../../src/vocabulary/errors.js'
import { connect, type Socket } from 'node:net'
import { envelopeOf, parseResponses, type RawResponse } from '../hardening/raw-http.js'

let sandbox: RunningSandbox | undefined
const sockets = new Set<Socket>()
afterEach(async () => {
  for (const socket of sockets) socket.destroy()
  sockets.clear()
  await sandbox?.close()
  sandbox = undefined
})

/**
 * A raw connection that writes what it is given and resolves the first answer. (The raw client of
 * test/hardening checks answers against the public contract, which has no session paths.)
 */
async function openSocket(port: number) {
  const socket = connect(port, '127.0.0.1')
  sockets.add(socket)
  await new Promise((resolve) => socket.once('connect', resolve))
  let data = Buffer.alloc(0)
  const answer = new Promise<RawResponse>((resolve, reject) => {
    socket.on('data', (chunk: Buffer) => {
      data = Buffer.concat([data, chunk])
      const [first] = parseResponses(data)
      if (first !== undefined) resolve(first)
    })
    socket.once('close', () => reject(new Error('closed before an answer')))
  })
  answer.catch(() => undefined)
  return { write: (text: string) => void socket.write(text), answer }
}

/** Resolves once the server has routed a request to session `id` (the list counts it; listing does not touch it). */
async function routedTo(sandbox: RunningSandbox, id: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const listed = (await (await fetch(new URL('/__sandbox/sessions', sandbox.url))).json()) as {
      data: { sessions: Array<{ id: string; requests: number }> }
    }
    if ((listed.data.sessions.find((session) => session.id === id)?.requests ?? 0) > 0) return
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  throw new Error(`no request reached session ${id}`)
}

/** Starts a request whose body is sent in two parts; gives what sends the rest. */
async function halfSent(port: number, method: string, path: string, body: string) {
  const client = await openSocket(port)
  const cut = Math.floor(body.length / 2)
  client.write(
    `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, cut)}`,
  )
  return {
    finish() {
      client.write(body.slice(cut))
      return client.answer
    },
  }
}

describe('an admin request under a session that ends while its body arrives', () => {
  test.each([
    ['POST', 'keys', JSON.stringify({ level: 'USER', user_id: 1, key: 'made_after_the_end' })],
    ['PUT', 'clock', JSON.stringify({ now: '2030-01-01T00:00:00Z' })],
    ['POST', 'accounts', JSON.stringify({ projects: 2 })],
    ['PUT', 'scenario', JSON.stringify({ scenarios: ['server-error'] })],
  ])('answers %s %s 404 session_not_found and changes nothing', async (method, route, body) => {
    sandbox = await startSandbox()
    const session = await sandbox.createSession({ label: 'ends mid-request' })
    const pending = await halfSent(sandbox.port, method, `/sessions/${session.id}/__sandbox/${route}`, body)
    // The server has the headers and half the body: the session is looked up only once the whole
    // body is in (an adapter reads it, the core routes), so its end in between is always seen.
    await new Promise((resolve) => setTimeout(resolve, 100))
    await session.close()
    const answer = await pending.finish()
    expect(answer.status).toBe(404)
    expect(envelopeOf(answer).errors).toMatchObject({ error: ERRORS.sessionNotFound.error })
    const listed = (await (await fetch(new URL('/__sandbox/sessions', sandbox.url))).json()) as { data: { sessions: unknown[] } }
    expect(listed.data.sessions).toEqual([])
    // Nothing reached the root either.
    const keys = (await (await fetch(new URL('/__sandbox/keys', sandbox.url))).json()) as { data: { keys: Array<{ key: string }> } }
    expect(keys.data.keys.map((key) => key.key)).not.toContain('made_after_the_end')
  })

  test('answers a delayed API request 404 when its session ended while the answer waited', async () => {
    sandbox = await startSandbox({ latency: 300 })
    const session = await sandbox.createSession()
    const client = await openSocket(sandbox.port)
    client.write(`GET /sessions/${session.id}/api/v1/validate HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-Key: sbx_user_alpha\r\n\r\n`)
    await routedTo(sandbox, session.id)
    await session.close()
    const answer = await client.answer
    expect(answer.status).toBe(404)
    expect(envelopeOf(answer).errors).toMatchObject({ error: ERRORS.sessionNotFound.error })
  })
})
