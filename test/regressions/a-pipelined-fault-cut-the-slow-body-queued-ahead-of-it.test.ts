/**
 * Issue #50, break 4: on one keep-alive connection, `fault-slow-body` then `fault-empty-reply`: the
 * empty reply closed the socket at once, so the client got the first answer's head and none of its
 * body. And 64 pipelined slow bodies arrived within 8 s, not paced 3 s each: each paced its pieces
 * from its request's arrival, and node held the pieces of the answers queued behind the first.
 * Now a fault that ends the connection waits for the answers ahead of it, and a slow body is paced
 * from its own turn.
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

const request = (scenario: string, endpoint = 'validate') =>
  `GET /api/v1/${endpoint} HTTP/1.1\r\nHost: x\r\nX-API-Key: sbx_user_alpha\r\nX-Sandbox-Scenario: ${scenario}\r\n\r\n`

describe('a fault pipelined behind a slow body', () => {
  test.each(['fault-empty-reply', 'fault-connection-reset'])(
    '%s lets the slow body ahead of it arrive whole before the connection ends',
    async (fault) => {
      running = await startSandbox({ now: '2026-03-01' })
      // A slow /validate in force; the fault named by the next request, to /projects.
      const slow = { match: { endpoint: 'validate' }, fault: { type: 'slow-body', duration: 300 } } as const
      running.useScenario({ name: 'quick-slow-body', description: 'x', rules: [slow] })
      const client = await openRaw(running.port)
      client.write(request('quick-slow-body') + request(fault, 'projects'))
      await client.waitForClose(10_000)
      const [first, ...rest] = client.responses()
      expect(first?.status).toBe(200)
      expect(JSON.parse(first!.body).success).toBe(true)
      expect(rest).toEqual([])
    },
  )

  test('pipelined slow bodies are each paced from their own turn, one after the other', async () => {
    running = await startSandbox({ now: '2026-03-01' })
    const durationMs = 300
    running.useScenario({ name: 'quick-slow-body', description: 'x', rules: [{ fault: { type: 'slow-body', duration: durationMs } }] })
    const client = await openRaw(running.port)
    const started = performance.now()
    client.write(request('quick-slow-body').repeat(4))
    const done: number[] = []
    for (let count = 1; count <= 4; count++) {
      await client.waitForResponses(count, 10_000)
      done.push(performance.now() - started)
    }
    expect(client.responses().map((answer) => answer.status)).toEqual([200, 200, 200, 200])
    // Each takes at least most of its own pace after the one before it (a lower bound: a busy machine only adds).
    for (let index = 1; index < 4; index++) expect(done[index]! - done[index - 1]!).toBeGreaterThan(durationMs * 0.6)
  })
})
