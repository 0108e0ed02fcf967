/**
 * fault-keepalive-close and the fresh-connection verdict, over real HTTP (msw has no connections):
 * a keep-alive connection closes under a request sent on it again, and a client that sends the
 * request again on a new connection keeps the rule.
 */
import { Agent, request } from 'node:http'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '../../src/server/start-sandbox.js'
import { BEHAVIOUR_FAILURES } from '../../src/core/behaviour/behaviour-judge.js'

let sandbox: RunningSandbox

beforeAll(async () => {
  sandbox = await startSandbox({ now: '2026-03-01' })
})
afterAll(() => sandbox.close())
beforeEach(async () => {
  await sandbox.reset()
  sandbox.useScenario('fault-keepalive-close')
})

/** A GET through `agent`: its status, or the error's code where no answer came. */
function get(agent: Agent, path: string, key: string): Promise<number | string> {
  return new Promise((resolve) => {
    const sent = request(new URL(path, sandbox.url), { agent, headers: { 'X-API-Key': key } }, (response) => {
      response.resume()
      response.on('end', () => resolve(response.statusCode!))
    })
    sent.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message))
    sent.end()
  })
}

const freshConnection = async () => (await sandbox.behaviour()).rules.find((rule) => rule.rule === 'fresh-connection')!

describe('fault-keepalive-close over HTTP', () => {
  it('answers a request on a new connection, and closes a reused one under the next, which gets no answer', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    expect(await get(agent, 'projects', 'sbx_user_alpha')).toBe(200)
    expect(await get(agent, 'projects', 'sbx_user_alpha')).toBe('ECONNRESET')
    agent.destroy()
    expect(sandbox.requests.map((entry) => [entry.status, entry.fault])).toEqual([
      [200, 'fault-keepalive-close'],
      [null, 'fault-keepalive-close'],
    ])
  })

  it('passes fresh-connection for a client that sends the request again on a new connection, and fails one that moves on', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    await get(agent, 'projects', 'sbx_user_alpha')
    expect(await get(agent, 'projects', 'sbx_user_alpha')).toBe('ECONNRESET')
    // The pool's connection is gone: the request goes again on a new one, and is answered.
    expect(await get(agent, 'projects', 'sbx_user_alpha')).toBe(200)
    expect((await freshConnection()).verdict).toBe('pass')

    agent.destroy()
    const other = new Agent({ keepAlive: true, maxSockets: 1 })
    await get(other, 'projects', 'sbx_user_beta')
    expect(await get(other, 'projects', 'sbx_user_beta')).toBe('ECONNRESET')
    await get(other, 'validate', 'sbx_user_beta')
    other.destroy()
    const verdict = await freshConnection()
    expect(verdict.verdict).toBe('fail')
    const broken = verdict.keys.find((key) => key.verdict === 'fail')!
    expect(broken.failures[0]!.message).toBe(BEHAVIOUR_FAILURES.notSentAgain)
    expect(broken.failures[0]!.entries.map((entry) => entry.path)).toEqual(['/api/v1/projects', '/api/v1/validate'])
    // A close under a request is a race of the connection: no backoff is asked of the retry.
    expect((await sandbox.behaviour()).rules.find((rule) => rule.rule === 'backoff')!.verdict).toBe('not-exercised')
  })
})
