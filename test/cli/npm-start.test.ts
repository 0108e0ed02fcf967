/**
 * Issue #52's first items: `npm start` from a clone. The build wrote a source after the bin, so
 * dist/ always looked older and every start built again (8–14 s); and `kill` of `npm start` ended
 * npm only, leaving the server on its port.
 */
import { spawn } from 'node:child_process'
import { connect } from 'node:net'
import { afterEach, describe, expect, test } from 'vitest'
import { createWaiter } from '../support/waiter.js'
import { REPO_ROOT } from './run-cli.js'
// @ts-expect-error: a plain script of the repository, without declarations
import { needsBuild } from '../../scripts/needs-build.mjs'

const started: number[] = []
afterEach(() => {
  for (const pid of started.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL')
    } catch {
      // Gone already.
    }
  }
})

/** Whether something accepts connections on `port` of the loopback. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' })
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

describe('npm start', () => {
  test('finds nothing to build right after a build: the build leaves no source newer than dist/', () => {
    expect(needsBuild(REPO_ROOT)).toBe(false)
  })

  test('frees its port once npm start is killed: the server stops with npm', async () => {
    const npm = spawn('npm', ['start', '--', '--port', '0', '--log', 'none'], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] })
    started.push(npm.pid!)
    let out = ''
    const waiter = createWaiter(() => `; stdout: ${out}`)
    npm.stdout.on('data', (chunk: Buffer) => {
      out += String(chunk)
      waiter.notify()
    })
    const port = await waiter
      .waitFor(() => /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(out)?.[1], 'the ready line', 20_000)
      .then(Number)
    expect(await listening(port)).toBe(true)
    npm.kill('SIGTERM')
    // A liveness bound, wide: the server watches its parents every 250 ms.
    let open = true
    for (let waited = 0; open && waited < 10_000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      open = await listening(port)
    }
    expect(open).toBe(false)
  }, 30_000)
})
