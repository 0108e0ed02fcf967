/**
 * A short answer goes to node as text (src/server/wire-bodies.ts): the bytes a client receives must
 * be the answer's UTF-8 bytes all the same, non-ASCII text included, as for a long answer sent as bytes.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '../../src/server/start-sandbox.js'
import { TEXT_BODY_BYTES } from '../../src/server/wire-bodies.js'
import { destroyAllRaw, getRequest, openRaw } from '../hardening/raw-http.js'

let running: RunningSandbox | undefined
afterEach(async () => {
  destroyAllRaw()
  await running?.close()
  running = undefined
})

/** The raw body of GET `path` with `headers`, and the Content-Length it came with. */
async function rawBody(port: number, path: string, headers: Record<string, string>) {
  const client = await openRaw(port)
  client.write(getRequest(path, headers))
  const [answer] = await client.waitForResponses(1)
  const received = client.received()
  const body = received.subarray(received.indexOf('\r\n\r\n') + 4)
  return { status: answer?.status, length: Number(answer?.headers['content-length']), body }
}

describe('answers sent as text', () => {
  it.each([
    ['a short answer (sent as text): one project, by its PROJECT key', 1, true],
    ['a long answer (sent as bytes): three projects, by their USER key', 3, false],
  ])('%s, with non-ASCII text, reaches the client as its UTF-8 bytes, the length they say', async (_name, count, short) => {
    const displayName = 'Café Ünïcødé ☕ 𝄞'
    running = await startSandbox({ now: '2026-03-01' })
    const made = await fetch(`http://127.0.0.1:${running.port}/__sandbox/accounts`, {
      method: 'POST',
      body: JSON.stringify({ projects: Array.from({ length: count }, () => ({ display_name: displayName })) }),
    })
    expect(made.status).toBe(201)
    const { user_key: user, project_keys: keys } = (await made.json()).data as { user_key: string; project_keys: Record<string, string> }
    const key = count === 1 ? Object.values(keys)[0]! : user
    const { status, length, body } = await rawBody(running.port, '/api/v1/validate', { 'X-API-Key': key })
    expect(status).toBe(200)
    const listed = await rawBody(running.port, '/api/v1/projects', { 'X-API-Key': key })
    expect(listed.status).toBe(200)
    expect(listed.body.byteLength).toBe(listed.length)
    expect(listed.body.byteLength <= TEXT_BODY_BYTES).toBe(short)
    const text = new TextDecoder('utf-8', { fatal: true }).decode(listed.body)
    expect(JSON.parse(text).data.projects[0].display_name).toBe(displayName)
    expect(Buffer.from(text, 'utf8')).toEqual(listed.body)
    expect(body.byteLength).toBe(length)
  })
})
