// How soon the command line exits on SIGTERM once nothing is left to answer (#53): the goal of the
// lifecycle tests, which assert only that the process does not wait out its shutdown grace.
import { Agent, request } from 'node:http'
import { median } from './median.mjs'

/** One GET of `path` through `agent`; resolves with the time its answer ended. */
function answeredAt(origin, path, agent, headers) {
  return new Promise((resolve, reject) => {
    const sent = request(new URL(path, origin), { agent, headers }, (response) => {
      response.resume()
      response.on('end', () => resolve(performance.now()))
    })
    sent.on('error', reject)
    sent.end()
  })
}

/** Resolves with the time `child` exits. */
const exitedAt = (child) => new Promise((resolve) => child.once('exit', () => resolve(performance.now())))

/**
 * The median ms, over `rounds` processes each, from SIGTERM's last answer to the exit: `drained`,
 * a request delayed 800 ms in flight on a keep-alive connection when the signal comes; `idle`,
 * five keep-alive connections open and idle.
 *
 * @param start () => Promise<{ child, origin }>: a process of the bin, started with the extra flags given
 */
export async function shutdownMs(start, rounds = 3) {
  const headers = { 'X-API-Key': 'sbx_user_alpha' }
  const drained = []
  const idle = []
  for (let round = 0; round < rounds; round++) {
    {
      const server = await start(['--latency', '800'])
      server.child.removeAllListeners('exit')
      const agent = new Agent({ keepAlive: true })
      const answer = answeredAt(server.origin, '/api/v1/validate', agent, headers)
      await new Promise((resolve) => setTimeout(resolve, 100))
      const exit = exitedAt(server.child)
      server.child.kill('SIGTERM')
      const answered = await answer
      drained.push((await exit) - answered)
      agent.destroy()
    }
    {
      const server = await start([])
      server.child.removeAllListeners('exit')
      const agent = new Agent({ keepAlive: true, maxSockets: 5 })
      await Promise.all(Array.from({ length: 5 }, () => answeredAt(server.origin, '/api/v1/validate', agent, headers)))
      const exit = exitedAt(server.child)
      const signalled = performance.now()
      server.child.kill('SIGTERM')
      idle.push((await exit) - signalled)
      agent.destroy()
    }
  }
  return { drainedMs: median(drained), idleMs: median(idle) }
}
