/**
 * Found in review (2026-11-27): a request with `Expect: 100-continue` pipelined behind another got
 * node's `100 Continue` queued, then its answer's headers put ahead of it, so the client read the
 * headers, the 100, then the body: a spliced stream. Node's own `checkContinue` handling is
 * replaced (src/server/start-server.ts): a 100 only where the answer holds the connection.
 */
import { afterEach, describe, expect, test } from 'vitest'
import { startSandbox, type RunningSandbox } from '../../src/server/start-sandbox.js'
import { destroyAllRaw, openRaw } from '../hardening/raw-http.js'

let running: RunningSandbox | undefined
afterEach(async () => {
  destroyAllRaw()
  await running?.close()
  running = undefined
})

const KEY = 'X-API-Key: sbx_user_alpha\r\n'

describe('Expect: 100-continue', () => {
  test.each(['/api/v1/validate', '/api/v1/projects'])(
    'pipelined behind another request (%s, a short and a long answer) gets its answer whole, without a 100 spliced into it',
    async (path) => {
      running = await startSandbox({ now: '2026-03-01' })
      const client = await openRaw(running.port)
      client.write(
        `GET /api/v1/validate HTTP/1.1\r\nHost: x\r\n${KEY}\r\nGET ${path} HTTP/1.1\r\nHost: x\r\n${KEY}Expect: 100-continue\r\n\r\n`,
      )
      const answers = await client.waitForResponses(2)
      expect(answers.map((answer) => answer.status)).toEqual([200, 200])
      expect(client.received().toString('latin1')).not.toContain('100 Continue')
      expect(JSON.parse(answers[1]!.body).success).toBe(true)
    },
  )

  test('on a connection with nothing ahead of it still gets its 100 Continue first, then the answer, as from node', async () => {
    running = await startSandbox({ now: '2026-03-01' })
    const client = await openRaw(running.port)
    client.write(`GET /api/v1/projects HTTP/1.1\r\nHost: x\r\n${KEY}Expect: 100-continue\r\n\r\n`)
    const deadline = performance.now() + 3_000
    while (performance.now() < deadline && !client.received().includes('"meta_data"'))
      await new Promise((resolve) => setTimeout(resolve, 20))
    const text = client.received().toString('latin1')
    expect(text.startsWith('HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\n')).toBe(true)
  })
})
