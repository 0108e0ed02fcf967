// The paced faults' pace and what faults leave open (#54): fault-bandwidth's achieved rate and
// fault-slow-headers' over a ~5 s answer (goal: within 10 % of what the rule asks), and the sockets
// the server holds once 1,000 faulted answers have ended (goal: back to where it started). The tests
// measure these loosely (a liveness bound each); the figures are here.
import { readdirSync, readlinkSync } from 'node:fs'
import { request } from 'node:http'
import { connect } from 'node:net'

const USER = { 'X-API-Key': 'sbx_user_alpha' }
const HEAD_END = Buffer.from('\r\n\r\n')

/** Sockets process `pid` holds open now, from /proc (`undefined` where /proc cannot be read). */
export function openSockets(pid) {
  try {
    return readdirSync(`/proc/${pid}/fd`).filter((fd) => {
      try {
        return readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith('socket:')
      } catch {
        return false
      }
    }).length
  } catch {
    return undefined
  }
}

/**
 * One GET on a fresh connection, read to its end: when the head had come whole and when the last
 * byte came (ms after the request was written), the head's and the body's bytes.
 */
function exchange(origin, path, headers, limitMs = 60_000) {
  const { hostname, port } = new URL(origin)
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname)
    const chunks = []
    let received = 0
    let started = 0
    let headAt
    let lastAt = 0
    let headBytes = 0
    let wanted = Number.POSITIVE_INFINITY
    const finish = () => {
      clearTimeout(timer)
      socket.destroy()
      if (headAt === undefined) reject(new Error(`no whole head from ${path}`))
      else resolve({ headAtMs: headAt, lastAtMs: lastAt, headBytes, bodyBytes: received - headBytes })
    }
    const timer = setTimeout(finish, limitMs)
    socket.on('connect', () => {
      const lines = Object.entries({ Host: `${hostname}:${port}`, ...headers }).map(([name, value]) => `${name}: ${value}\r\n`)
      started = performance.now()
      socket.write(`GET ${path} HTTP/1.1\r\n${lines.join('')}\r\n`)
    })
    socket.on('data', (chunk) => {
      lastAt = performance.now() - started
      received += chunk.length
      if (headAt === undefined) {
        chunks.push(chunk)
        const all = Buffer.concat(chunks)
        const end = all.indexOf(HEAD_END)
        if (end >= 0) {
          headAt = lastAt
          headBytes = end + HEAD_END.length
          const length = /content-length: (\d+)/i.exec(all.subarray(0, end).toString('latin1'))
          wanted = length === null ? Number.POSITIVE_INFINITY : Number(length[1])
        }
      }
      if (headAt !== undefined && received - headBytes >= wanted) finish()
    })
    socket.on('error', finish)
    socket.on('end', finish)
  })
}

/**
 * One request on a connection of its own that closes after it (no keep-alive connection is left to
 * count among the server's sockets); resolves with the status and the body's bytes.
 */
function call(origin, method, path, headers = {}, body = undefined) {
  return new Promise((resolve, reject) => {
    const sent = request(new URL(path, origin), { method, headers, agent: false }, (response) => {
      const chunks = []
      response.on('data', (chunk) => chunks.push(chunk))
      response.on('end', () => resolve({ status: response.statusCode, body: Buffer.concat(chunks) }))
    })
    sent.on('error', reject)
    sent.end(body)
  })
}

/** Puts `scenarios` (names or definitions) in force on the sandbox at `origin`. */
async function inForce(origin, scenarios) {
  const answer = await call(origin, 'PUT', '/__sandbox/scenario', {}, JSON.stringify({ scenarios }))
  if (answer.status !== 200) throw new Error(`PUT /__sandbox/scenario answered ${answer.status}: ${answer.body}`)
}

/** Runs `count` calls of `work`, `concurrency` at a time. */
async function pool(count, concurrency, work) {
  let next = 0
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await work(next++)
    }),
  )
}

/** Waits until `done()` holds (checked every 50 ms) or `limitMs` passes; resolves with the ms it took. */
async function settle(done, limitMs) {
  const started = performance.now()
  while (!done() && performance.now() - started < limitMs) await new Promise((resolve) => setTimeout(resolve, 50))
  return performance.now() - started
}

/**
 * The figures of one sandbox process (`server`: `{ child, origin }`, as bench/run-bench.mjs starts
 * it): fault-bandwidth's achieved rate over `seconds` of body against its `bytes_per_second`
 * (variant-large's /projects, 398 KB, at the rate that takes `seconds`); fault-slow-headers' head
 * rate over a `duration` of `seconds` against the head's bytes over that duration; and the sockets
 * the process holds once `requests` faulted answers (a third each of bandwidth, slow-headers and
 * cut-after, 50 at a time) have ended, over those it held before.
 */
export async function networkFaultFigures(server, { seconds = 5, requests = 1_000 } = {}) {
  const { origin } = server
  const pid = server.child.pid
  // Before any request: the listening socket and whatever else the process holds.
  const baseline = openSockets(pid)
  // fault-bandwidth: the rate that sends variant-large's /projects in `seconds`.
  const length = (await call(origin, 'GET', '/api/v1/projects', { ...USER, 'X-Sandbox-Scenario': 'variant-large' })).body.byteLength
  const bytesPerSecond = Math.round(length / seconds)
  const bandwidthRule = { match: { endpoint: 'projects' }, fault: { type: 'bandwidth', bytes_per_second: bytesPerSecond } }
  await inForce(origin, ['variant-large', { name: 'bench-bandwidth', description: 'bench', rules: [bandwidthRule] }])
  const paced = await exchange(origin, '/api/v1/projects', USER)
  const bandwidthRate = paced.bodyBytes / ((paced.lastAtMs - paced.headAtMs) / 1000)
  // fault-slow-headers: the head spread over `seconds`.
  const headRule = { match: { endpoint: 'validate' }, fault: { type: 'slow-headers', duration: seconds * 1000 } }
  await inForce(origin, [{ name: 'bench-slow-headers', description: 'bench', rules: [headRule] }])
  const trickled = await exchange(origin, '/api/v1/validate', USER)
  const headRate = trickled.headBytes / (trickled.headAtMs / 1000)
  const headGoal = trickled.headBytes / seconds
  // The sockets once `requests` faulted answers have ended, against those before the first request.
  await inForce(origin, [
    {
      name: 'bench-faults',
      description: 'bench',
      rules: [
        { match: { endpoint: 'projects' }, fault: { type: 'bandwidth', bytes_per_second: 200_000 } },
        { match: { endpoint: 'validate' }, fault: { type: 'slow-headers', duration: 20 } },
        { match: { endpoint: 'overview' }, fault: { type: 'cut-after', bytes: 100 } },
      ],
    },
  ])
  const paths = ['/api/v1/projects', '/api/v1/validate', '/api/v1/overview']
  let answered = 0
  await pool(requests, 50, async (index) => {
    const got = await exchange(origin, paths[index % 3], { 'X-API-Key': 'sbx_project_101' }, 10_000).catch(() => undefined)
    if (got !== undefined) answered++
  })
  const settledMs = await settle(() => (openSockets(pid) ?? 0) <= (baseline ?? 0), 10_000)
  const after = openSockets(pid)
  await inForce(origin, [])
  return {
    bandwidth: { rate: bandwidthRate, goal: bytesPerSecond, bytes: paced.bodyBytes },
    slowHeaders: { rate: headRate, goal: headGoal, bytes: trickled.headBytes },
    sockets: {
      baseline: baseline ?? Number.NaN,
      answered,
      over: baseline === undefined || after === undefined ? Number.NaN : Math.max(0, after - baseline),
      settledMs,
    },
  }
}

// Alone (`node bench/network-faults.mjs [--quick]`): one process of the built bin, its figures as JSON.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { spawn } = await import('node:child_process')
  const root = new URL('../', import.meta.url).pathname
  const child = spawn(process.execPath, ['dist/cli/main.cjs', '--port', '0', '--log', 'none'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const origin = await new Promise((resolve, reject) => {
    let output = ''
    child.stdout.on('data', (chunk) => {
      output += chunk
      const match = /listening on (http:\/\/[^/\s]+)\//.exec(output)
      if (match !== null) resolve(match[1])
    })
    child.once('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)))
  })
  try {
    const quick = process.argv.includes('--quick')
    process.stdout.write(
      `${JSON.stringify(await networkFaultFigures({ child, origin }, quick ? { seconds: 1, requests: 100 } : {}), null, 2)}\n`,
    )
  } finally {
    child.removeAllListeners('exit')
    child.kill('SIGTERM')
  }
}
