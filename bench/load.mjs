// The load generators the benchmark drives, each run as a separate process, pinned to a core where
// the machine allows. wrk (C, from the OS's packages) is preferred: on one core it outpaces a
// node:http server, so the server is what a run measures. autocannon (npm) is the fallback: on one
// core it is slower than the reference server and caps both sides of a comparison at its own speed;
// `serverBusy` in every result shows which side was the bottleneck.
import { execFile, execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'

const execFileAsync = promisify(execFile)
const here = new URL('./', import.meta.url).pathname

const probed = new Map()

/** Whether probing `command args` finds the program on PATH (asked once per command). */
function installed(command, args) {
  if (!probed.has(command)) {
    try {
      execFileSync(command, args, { stdio: 'ignore' })
      probed.set(command, true)
    } catch (error) {
      // wrk prints its usage and exits 1 for `-v`; only a missing program is "not installed".
      probed.set(command, error.code !== 'ENOENT')
    }
  }
  return probed.get(command)
}

/** The generator to use: BENCH_LOAD when set ('wrk' or 'autocannon'), else wrk when installed. */
export function chooseGenerator(env = process.env) {
  const asked = env.BENCH_LOAD
  if (asked !== undefined && asked !== '') {
    if (asked !== 'wrk' && asked !== 'autocannon') throw new Error(`BENCH_LOAD must be wrk or autocannon, not ${asked}`)
    return asked
  }
  return installed('wrk', ['-v']) ? 'wrk' : 'autocannon'
}

/** Whether `taskset` can pin processes to cores here. */
export function canPin() {
  try {
    execFileSync('taskset', ['-c', '0', 'true'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

/** CPU seconds a process has used so far, all its threads (user + system), from /proc; NaN elsewhere. */
export function cpuSecondsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    // After "pid (comm) ", utime and stime are the 12th and 13th fields, in clock ticks (100 a second).
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return Number.NaN
  }
}

/**
 * One load run against `plan.url`: every path of `plan.paths` in turn, `plan.connections`
 * connections, for `plan.seconds` (or, with autocannon, `plan.amount` requests). Resolves with
 * { rps, p50, p99, errors, non2xx, serverBusy }, latencies in ms; `serverBusy` is the share of one
 * core `plan.serverPid` used meanwhile (near 1: the server was the bottleneck).
 */
export async function runLoad(plan, { generator, core, work }) {
  const pin = (command, args) => (core === undefined ? [command, args] : ['taskset', ['-c', String(core), command, ...args]])
  const name = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`
  const busyFrom = cpuSecondsOf(plan.serverPid)
  const started = performance.now()
  const result =
    generator === 'wrk'
      ? await runWrk(plan, pin, join(work, `paths-${name}.txt`))
      : await runAutocannon(plan, pin, join(work, `plan-${name}.json`))
  const seconds = (performance.now() - started) / 1000
  return { ...result, serverBusy: (cpuSecondsOf(plan.serverPid) - busyFrom) / seconds }
}

async function runWrk(plan, pin, pathsFile) {
  if (!installed('wrk', ['-v']))
    throw new Error('wrk is not installed: install it (Debian: apt-get install wrk; macOS: brew install wrk) or set BENCH_LOAD=autocannon')
  if (plan.seconds === undefined) throw new Error('wrk runs for a duration: give plan.seconds')
  const url = new URL(plan.paths[0], plan.url).href
  const env = { ...process.env }
  if (plan.paths.length > 1) {
    writeFileSync(pathsFile, `${plan.paths.join('\n')}\n`)
    env.BENCH_PATHS = pathsFile
  }
  const headers = Object.entries(plan.headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`])
  const args = [
    '-t1',
    `-c${plan.connections}`,
    `-d${Math.max(1, Math.round(plan.seconds))}s`,
    '--timeout',
    '5s',
    ...headers,
    '-s',
    join(here, 'wrk-report.lua'),
    url,
  ]
  const [command, argv] = pin('wrk', args)
  const { stdout } = await execFileAsync(command, argv, { env, encoding: 'utf8', timeout: (plan.seconds + 30) * 1000 })
  const report = JSON.parse(stdout.trim().split('\n').at(-1))
  return { rps: report.requests / report.seconds, p50: report.p50, p99: report.p99, errors: report.errors, non2xx: report.non2xx }
}

async function runAutocannon(plan, pin, planFile) {
  // A run of a fixed number of requests is a smoke run: in place, with a plain client (smoke-load.mjs).
  if (plan.amount !== undefined) return (await import('./smoke-load.mjs')).runSmokePlan(plan)
  writeFileSync(planFile, JSON.stringify(plan))
  const [command, argv] = pin(process.execPath, [join(here, 'autocannon-load.mjs'), planFile])
  const { stdout } = await execFileAsync(command, argv, { encoding: 'utf8', timeout: ((plan.seconds ?? 10) + 30) * 1000 })
  return JSON.parse(stdout)
}
