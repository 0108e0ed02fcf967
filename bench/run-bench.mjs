// npm run bench [-- --quick] [-- --json] [-- --smoke]
// --quick: one short round per target. --smoke: a few hundred requests per run and a small
// generated account, only to prove every part of the harness still runs (the test suite uses it).
// Measures every performance target of the sandbox against its reference, side by side in one run,
// and prints a table of ratios. Servers run pinned to core 0, the load generator (wrk where it is
// installed, else autocannon; BENCH_LOAD chooses; a separate process) to core 1, when the machine
// has two cores and taskset.
import { execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { availableParallelism, tmpdir } from 'node:os'
import { join } from 'node:path'
import { canPin, chooseGenerator, runLoad } from './load.mjs'
import { consumerProject, importCost, nodeBinary, packTarball } from './import-cost.mjs'
import { median } from './median.mjs'
import { pytestFixtureMs } from './pytest-fixture.mjs'
import { waitsUnderAttack } from './under-attack.mjs'
import { shutdownMs } from './shutdown.mjs'
import { judgeMs } from './behaviour-judge.mjs'
import { silentConnections } from './silent-connections.mjs'
import { networkFaultFigures } from './network-faults.mjs'
import { mutateMemory } from './mutate-memory.mjs'
import { exePath } from '../scripts/exe-path.mjs'

const root = new URL('../', import.meta.url).pathname
const smoke = process.argv.includes('--smoke')
const quick = smoke || process.argv.includes('--quick')
const asJson = process.argv.includes('--json')
const ROUNDS = quick ? 1 : 5
const SECONDS = quick ? 1 : 2
/**
 * Rounds of the rows against the physical limit, whose goal (0.9) sits closer to the measure than
 * the others': on this two-core VM one round's ratio ranges over ±10 % for the same code, and the
 * median of 5 moved by 0.05 from run to run (docs/benchmarks.md, run 31).
 */
const PHYSICAL_ROUNDS = quick ? 1 : 9
/**
 * Fresh sandbox processes the rows against the physical limit are measured in, each for a third of
 * their rounds: one process read up to ±2 % from the next with the same code, and the CLI against
 * the reference 0.87–0.93 from one pair to the next (docs/benchmarks.md, runs 44–45), so one
 * process's reading decided a row whose goal is within that spread.
 */
const PHYSICAL_PROCESSES = quick ? 1 : 3
/** Warm-up load per side before the rounds: runs of 1 s, each opening and closing its connections as a round does. */
const WARM_UP_RUNS = quick ? 1 : 3
const CONNECTIONS = 50
const NOW = '2026-03-01'
const work = mkdtempSync(join(tmpdir(), 'analytics-sandbox-bench-'))

if (!existsSync(join(root, 'dist/cli/main.cjs'))) throw new Error('dist/cli/main.cjs is missing: run `npm run build` first')

const pin = availableParallelism() >= 2 && canPin()
// A smoke run counts requests rather than seconds, which only autocannon can.
const generator = smoke ? 'autocannon' : chooseGenerator()
const onCore = (core, command, args) => (pin ? ['taskset', ['-c', String(core), command, ...args]] : [command, args])

/** Starts a server process (`program`: node, or the single executable) and resolves with its base origin once it prints its port or URL. */
function startProcess(args, pattern, program = process.execPath) {
  const [command, argv] = onCore(0, program, args)
  const child = spawn(command, argv, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
  return new Promise((resolve, reject) => {
    let output = ''
    // A server that never says it listens is killed, not left running after the benchmark fails.
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`no start within 60 s: ${args.join(' ')}\n${output}`))
    }, 60_000)
    const onData = (chunk) => {
      output += chunk
      const match = pattern.exec(output)
      if (match === null) return
      clearTimeout(timer)
      child.stdout.off('data', onData)
      resolve({ child, origin: match[1] })
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', (chunk) => (output += chunk))
    child.once('exit', (code) => reject(new Error(`exited with ${code}: ${args.join(' ')}\n${output}`)))
  })
}

const startSandbox = (extra = []) =>
  startProcess(
    [
      ...(process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean),
      'dist/cli/main.cjs',
      '--port',
      '0',
      '--log',
      'none',
      '--now',
      NOW,
      ...extra,
    ],
    /listening on (http:\/\/[^/\s]+)\//,
  )

async function stop(server) {
  server.child.removeAllListeners('exit')
  const exited = new Promise((resolve) => server.child.once('exit', resolve))
  server.child.kill('SIGTERM')
  await exited
}

/** RSS in MB of a process, from /proc (0 where /proc is not there). */
function rssOf(pid) {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((text) => text.startsWith('VmRSS:'))
    return Number(line.split(/\s+/)[1]) / 1024
  } catch {
    return 0
  }
}

/** One load run in its own process on core 1 (asynchronous, so RSS can be sampled meanwhile). */
function load(server, paths, headers, seconds) {
  const size = smoke ? { amount: 300 } : { seconds }
  const plan = { url: server.origin, serverPid: server.child.pid, paths, headers, connections: CONNECTIONS, ...size }
  return runLoad(plan, { generator, core: pin ? 1 : undefined, work })
}

/** The sandbox's exact answer to `path`, to be served by the reference. */
async function answerOf(origin, path, headers) {
  const response = await fetch(`${origin}${path}`, { headers })
  const body = await response.text()
  const kept = {}
  for (const [name, value] of response.headers)
    if (!['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(name)) kept[name] = value
  return { status: response.status, headers: kept, body }
}

const percent = (share) => (Number.isFinite(share) ? `${Math.round(share * 100)} %` : 'unknown')

/** The reference server, answering with the sandbox's exact answer to `path`, and that answer. */
async function startReference(sandbox, path, headers) {
  const answer = await answerOf(sandbox.origin, path, headers)
  const file = join(work, `answer-${Math.random().toString(36).slice(2)}.json`)
  writeFileSync(file, JSON.stringify({ key: headers['X-API-Key'], ...answer }))
  const reference = await startProcess([join(root, 'bench/reference-server.mjs'), file], /PORT (\d+)/).then((server) => ({
    ...server,
    origin: `http://127.0.0.1:${server.origin}`,
  }))
  return { answer, reference }
}

/**
 * Sandbox against reference, `rounds` pairs, each pair starting with the other side than the last
 * (as compareSandboxes does), so a drift in the machine's speed falls on both alike: throughput
 * ratio, sandbox p99, errors, peak RSS.
 */
async function compare(sandbox, paths, headers, { representative = paths[0], rounds = ROUNDS } = {}) {
  const { answer, reference } = await startReference(sandbox, representative, headers)
  try {
    // Steady state is measured, not the warm-up: JIT compilation shares the pinned core for the
    // first seconds after start (p99 188 and 70 ms in the first two 2-s rounds, 7-9 ms after).
    // The warm-up is several runs, because closing a run's 50 connections deoptimises node's
    // connection code, which is then compiled again during the next run: after one 3-s warm-up
    // run the first round's p99 was 71-78 ms, after three 1-s runs 8-15 ms.
    for (let run = 0; run < (smoke ? 0 : WARM_UP_RUNS); run++) {
      await load(sandbox, paths, headers, 1)
      await load(reference, [representative], headers, 1)
    }
    const ratios = []
    const p99s = []
    const limitP99s = []
    const limitBusy = []
    let errors = 0
    let peakRss = 0
    for (let round = 0; round < rounds; round++) {
      const measureOurs = async () => {
        const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssOf(sandbox.child.pid))), 200)
        const result = await load(sandbox, paths, headers, SECONDS)
        clearInterval(sampler)
        peakRss = Math.max(peakRss, rssOf(sandbox.child.pid))
        return result
      }
      const measureLimit = () => load(reference, [representative], headers, SECONDS)
      const [ours, limit] =
        round % 2 === 0
          ? [await measureOurs(), await measureLimit()]
          : await measureLimit().then(async (first) => [await measureOurs(), first])
      ratios.push(ours.rps / limit.rps)
      p99s.push(ours.p99)
      limitP99s.push(limit.p99)
      limitBusy.push(limit.serverBusy)
      errors += ours.errors + (paths.length === 1 ? ours.non2xx : 0)
    }
    return {
      ratio: median(ratios),
      ratios,
      p99s,
      limitP99s,
      limitBusies: limitBusy,
      p99: median(p99s),
      limitP99: median(limitP99s),
      // How much of its core the reference used: near 100 %, it (not the load generator) was the limit.
      limitBusy: median(limitBusy),
      errors,
      peakRss,
      bytes: Buffer.byteLength(answer.body),
    }
  } finally {
    await stop(reference)
  }
}

/** Runs of the rows measured with both servers at once, per sandbox process, and their length in seconds. */
const AT_ONCE = { rounds: quick ? 1 : 3, seconds: quick ? 1 : 3 }

/**
 * Sandbox against reference both served at once, on the same core, each loaded by its own load
 * generator on the other core at the same time: the scheduler shares the core between them, so
 * the machine's phases, which move interleaved rounds by up to ±10 % (docs/benchmarks.md, run 31),
 * fall on both alike. Two identical references read 0.98–1.02 this way, against 0.95–1.05 for
 * interleaved rounds of the same length (run 44). The ratio of each of `rounds` runs.
 */
async function ratiosAtOnce(sandbox, path, headers, { rounds, seconds } = AT_ONCE) {
  const { reference } = await startReference(sandbox, path, headers)
  try {
    const both = (length) => Promise.all([load(sandbox, [path], headers, length), load(reference, [path], headers, length)])
    for (let run = 0; run < (smoke ? 0 : WARM_UP_RUNS); run++) await both(1)
    const ratios = []
    for (let round = 0; round < rounds; round++) {
      const [ours, limit] = await both(seconds)
      ratios.push(ours.rps / limit.rps)
    }
    return ratios
  } finally {
    await stop(reference)
  }
}

/** Two builds of the sandbox, alternating, `ROUNDS` pairs: the median throughput ratio `a / b`. */
async function compareSandboxes(a, b, path, headers) {
  for (let run = 0; run < (smoke ? 0 : WARM_UP_RUNS); run++) {
    await load(a, [path], headers, 1)
    await load(b, [path], headers, 1)
  }
  const ratios = []
  for (let round = 0; round < ROUNDS; round++) {
    // Each round starts with the other side, so a drift in the machine's speed falls on both alike.
    const [first, second] = round % 2 === 0 ? [a, b] : [b, a]
    const one = await load(first, [path], headers, SECONDS)
    const two = await load(second, [path], headers, SECONDS)
    ratios.push(first === a ? one.rps / two.rps : two.rps / one.rps)
  }
  return median(ratios)
}

/** One server, two paths, alternating, `ROUNDS` pairs: the median throughput ratio `a / b`. */
async function comparePaths(server, a, b, headers) {
  for (let run = 0; run < (smoke ? 0 : WARM_UP_RUNS); run++) {
    await load(server, [a], headers, 1)
    await load(server, [b], headers, 1)
  }
  const ratios = []
  for (let round = 0; round < ROUNDS; round++) {
    const [first, second] = round % 2 === 0 ? [a, b] : [b, a]
    const one = await load(server, [first], headers, SECONDS)
    const two = await load(server, [second], headers, SECONDS)
    ratios.push(first === a ? one.rps / two.rps : two.rps / one.rps)
  }
  return median(ratios)
}

/** Distinct analytics queries: rotating dates over two years, every provider and region filter of project 101. */
function coldPaths(endpoint, days) {
  const providers = ['', 'chatgpt', 'perplexity', 'gemini', 'claude', 'google_ai_overview']
  const regions = ['', 'US', 'CA']
  const first = Date.parse('2024-03-01T00:00:00Z')
  const paths = []
  for (let offset = 0; offset < 700; offset++) {
    for (const provider of providers) {
      for (const region of regions) {
        const start = new Date(first + offset * 86_400_000).toISOString().slice(0, 10)
        const end = new Date(first + (offset + days - 1) * 86_400_000).toISOString().slice(0, 10)
        const filters = `${provider && `&provider=${provider}`}${region && `&region=${region}`}`
        paths.push(`/api/v1/${endpoint}?start_date=${start}&end_date=${end}${filters}`)
      }
    }
  }
  // A fixed shuffle, so consecutive requests do not share a filter either.
  for (let index = paths.length - 1; index > 0; index--) {
    const other = (index * 7919) % (index + 1)
    ;[paths[index], paths[other]] = [paths[other], paths[index]]
  }
  return paths
}

/** Milliseconds from spawning `args` (of `program`) to its first successful answer, median of 5. */
async function startupMs(args, pattern, path, program = process.execPath) {
  const times = []
  for (let run = 0; run < (smoke ? 1 : quick ? 2 : 5); run++) {
    const started = performance.now()
    const server = await startProcess(args, pattern, program)
    const origin = server.origin.startsWith('http') ? server.origin : `http://127.0.0.1:${server.origin}`
    const response = await fetch(`${origin}${path}`, { headers: { 'X-API-Key': 'sbx_user_alpha' } })
    await response.arrayBuffer()
    times.push(performance.now() - started)
    await stop(server)
  }
  return median(times)
}

const rows = []
const row = (target, measured, goal, ok, note = '') => rows.push({ target, measured, goal, ok, note })
const user = { 'X-API-Key': 'sbx_user_alpha' }
const project = { 'X-API-Key': 'sbx_user_alpha', 'X-Project-ID': '101' }

/** Accounts made at run time before measuring, as parallel test suites make them: every target must hold with them. */
const ACCOUNTS = smoke ? 5 : 100

async function makeAccounts(origin, count) {
  for (let made = 0; made < count; made++) {
    const response = await fetch(`${origin}/__sandbox/accounts`, { method: 'POST', body: '{"projects": 2}' })
    if (response.status !== 201) throw new Error(`POST /__sandbox/accounts answered ${response.status}: ${await response.text()}`)
  }
}

// The physical limit (issue #37): the same bytes from a bare node:http server after the same key
// check, the servers on one core and wrk -t1 -c50 on the other. Goal 0.9 each. Each row pools its
// rounds over PHYSICAL_PROCESSES fresh sandbox processes (100 accounts made in each), a reference
// started afresh for each: interleaved, as issue #37 measures, and both served at once.
const physical = [
  ['/validate', '/api/v1/validate', user],
  ['/projects', '/api/v1/projects', user],
  ['/monitoring (default range)', '/api/v1/monitoring', project],
  ['/overview (default range)', '/api/v1/overview', project],
]
const PHYSICAL_GOAL = 0.9
const pooled = physical.map(() => ({
  ratios: [],
  byProcess: [],
  p99s: [],
  limitP99s: [],
  limitBusies: [],
  errors: 0,
  bytes: 0,
  atOnce: [],
  atOnceByProcess: [],
}))
let peakRss = 0
for (let run = 0; run < PHYSICAL_PROCESSES; run++) {
  const fresh = await startSandbox()
  try {
    await makeAccounts(fresh.origin, ACCOUNTS)
    for (const [index, [, path, headers]] of physical.entries()) {
      const result = await compare(fresh, [path], headers, { rounds: Math.ceil(PHYSICAL_ROUNDS / PHYSICAL_PROCESSES) })
      const into = pooled[index]
      into.ratios.push(...result.ratios)
      into.byProcess.push(result.ratio)
      into.p99s.push(...result.p99s)
      into.limitP99s.push(...result.limitP99s)
      into.limitBusies.push(...result.limitBusies)
      into.errors += result.errors
      into.bytes = result.bytes
      peakRss = Math.max(peakRss, result.peakRss)
    }
    // The same four, both servers served at once on one core: the phases of the machine cancel
    // out, so one reading is nearer the next than the interleaved rows' are.
    for (const [index, [, path, headers]] of physical.entries()) {
      const ratios = await ratiosAtOnce(fresh, path, headers)
      pooled[index].atOnce.push(...ratios)
      pooled[index].atOnceByProcess.push(median(ratios))
    }
  } finally {
    await stop(fresh)
  }
}
const each = (values) => values.map((value) => value.toFixed(2)).join(', ')
for (const [index, [endpoint]] of physical.entries()) {
  const result = pooled[index]
  const ratio = median(result.ratios)
  row(
    `throughput ${endpoint} vs the physical limit`,
    ratio,
    PHYSICAL_GOAL,
    ratio >= PHYSICAL_GOAL,
    `${result.bytes} B; ${result.ratios.length} rounds in ${PHYSICAL_PROCESSES} processes (each ${each(result.byProcess)}); reference busy ${percent(median(result.limitBusies))}`,
  )
  const p99 = median(result.p99s)
  row(
    `p99 ${endpoint} (ms)`,
    p99,
    10,
    p99 <= 10 && result.errors === 0,
    `reference: ${median(result.limitP99s)} ms; ${result.errors} errors`,
  )
}
for (const [index, [endpoint]] of physical.entries()) {
  const result = pooled[index]
  const ratio = median(result.atOnce)
  row(
    `throughput ${endpoint} vs the physical limit, both served at once`,
    ratio,
    PHYSICAL_GOAL,
    ratio >= PHYSICAL_GOAL,
    `${result.atOnce.length} runs of ${AT_ONCE.seconds} s in ${PHYSICAL_PROCESSES} processes (each ${each(result.atOnceByProcess)})`,
  )
}

const sandbox = await startSandbox()
await makeAccounts(sandbox.origin, ACCOUNTS)
try {
  for (const [endpoint, days, goal] of [
    ['monitoring', 30, 0.3],
    ['overview', 30, 0.3],
    ['monitoring', 366, 0.15],
    ['overview', 366, 0.15],
  ]) {
    const paths = coldPaths(endpoint, days)
    const result = await compare(sandbox, paths, project)
    peakRss = Math.max(peakRss, result.peakRss)
    row(
      `cold /${endpoint}, ${days}-day ranges`,
      result.ratio,
      goal,
      result.ratio >= goal && result.errors === 0,
      `${paths.length} distinct queries; reference busy ${percent(result.limitBusy)}; RSS ${result.peakRss.toFixed(0)} MB`,
    )
  }
} finally {
  await stop(sandbox)
}
row('RSS during the runs (MB)', peakRss, 120, peakRss > 0 && peakRss < 120)

// The client report (coverage and warnings) against the same build with it off: it must cost nothing measurable.
const reporting = await startSandbox()
const silent = await startSandbox(['--no-client-report'])
try {
  for (const [endpoint, path, headers] of [
    ['/validate', '/api/v1/validate', user],
    ['/projects', '/api/v1/projects', user],
    ['/monitoring?start_date=…', '/api/v1/monitoring?start_date=2026-02-01', project],
    ['/overview', '/api/v1/overview', project],
  ]) {
    const ratio = await compareSandboxes(reporting, silent, path, headers)
    row(`client report on vs off: ${endpoint}`, ratio, 0.97, ratio >= 0.97, 'throughput ratio, the same build')
  }
} finally {
  await stop(reporting)
  await stop(silent)
}

// Masking a key found inside a query value (#36): the journal and the log mask it, the client report warns
// of it. Against the same request with a text of the same length that holds no key, in one process.
const masking = await startSandbox()
try {
  const ratio = await comparePaths(
    masking,
    '/api/v1/projects?note=pre-sbx_user_beta-post',
    '/api/v1/projects?note=pre-sbx_user_nope-post',
    user,
  )
  row(
    '/projects with a key in the query vs without',
    ratio,
    0.9,
    ratio >= 0.9,
    'throughput ratio, one process: found, masked and warned of',
  )
} finally {
  await stop(masking)
}

// Production's surprises (#38): /projects under variant-large (2,000 projects) is built once per
// change and shared, so a warm request only sends it: goal under 100 ms; its throughput against the
// same bytes from the physical limit is reported beside it. With no variant in force the rows above
// are the measure that an unused scenario costs nothing on the hot path.
const large = await startSandbox()
try {
  const headers = { ...user, 'X-Sandbox-Scenario': 'variant-large' }
  const url = `${large.origin}/api/v1/projects`
  const times = []
  for (let count = 0; count < (smoke ? 5 : 53); count++) {
    const started = performance.now()
    const response = await fetch(url, { headers })
    await response.arrayBuffer()
    if (response.status !== 200) throw new Error(`GET /projects under variant-large answered ${response.status}`)
    if (count >= 3) times.push(performance.now() - started)
  }
  const warmMs = median(times)
  const result = await compare(large, ['/api/v1/projects'], headers)
  row(
    '/projects under variant-large, warm, median (ms)',
    warmMs,
    100,
    warmMs <= 100,
    `${result.bytes} B; throughput vs the physical limit ${result.ratio.toFixed(2)}`,
  )
} finally {
  await stop(large)
}

// Sessions: what one costs to make, the API under one against the same request unprefixed, and
// memory with the most a process holds by default, each with an account and a few requests.
const SESSIONS = smoke ? 20 : 1000
const hosting = await startSandbox()
try {
  const post = async (path, body) => {
    const response = await fetch(`${hosting.origin}${path}`, { method: 'POST', body: JSON.stringify(body) })
    if (response.status !== 201) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`)
    return (await response.json()).data
  }
  const made = []
  const times = []
  for (let count = 0; count < SESSIONS; count++) {
    const started = performance.now()
    made.push(await post('/__sandbox/sessions', { label: `worker ${count}` }))
    times.push(performance.now() - started)
  }
  const createMs = median(times)
  row('creating a session, median (ms)', createMs, 2, createMs <= 2, `${SESSIONS} made one after another, over HTTP`)
  const [first] = made
  const prefix = new URL(first.base_url).pathname
  for (const [endpoint, path, headers] of [
    ['/validate', 'validate', user],
    ['/monitoring', 'monitoring', project],
  ]) {
    const ratio = await comparePaths(hosting, `${prefix}${path}`, `/api/v1/${path}`, headers)
    row(`API under a session vs unprefixed: ${endpoint}`, ratio, 0.9, ratio >= 0.9, 'throughput ratio, one process')
  }
  for (const session of made) {
    const account = await post(`${new URL(session.admin_url).pathname}accounts`, { projects: 1 })
    for (const path of ['validate', 'projects', 'monitoring']) {
      await fetch(`${session.base_url}${path}`, { headers: { 'X-API-Key': account.user_key } }).then((response) => response.arrayBuffer())
    }
  }
  const rss = rssOf(hosting.child.pid)
  row(`RSS with ${SESSIONS} live sessions, an account and 3 requests each (MB)`, rss, 200, rss > 0 && rss <= 200)
  // A session's silent_url (#54): 1,000 clients that never give up cost their sockets alone, and
  // ending the session closes them.
  const silent = await silentConnections(first.silent_url, 1000, () => rssOf(hosting.child.pid))
  const ended = await fetch(`${new URL(first.admin_url).origin}/__sandbox/sessions/${first.id}`, { method: 'DELETE' })
  await ended.arrayBuffer()
  const open = await silent.openAfter(1000)
  row(
    'RSS added by 1,000 connections held under a silent_url (KB a connection)',
    silent.kbEach,
    16,
    silent.kbEach <= 16,
    'the server process, before and after',
  )
  row('silent_url connections still open 1 s after their session ended', open, 0, open === 0, 'of 1,000')
} finally {
  await stop(hosting)
}

// mutate (#39): the sandbox's share of a run. Making a session with a mutation; a mutated answer
// against the same answer unmutated (two sessions of one process); memory over 500 runs (a
// session with a mutation, three requests, the session ended); and --jobs 4 against --jobs 1 with
// a suite that sleeps a second a run.
const mutating = await startSandbox()
try {
  const { mutations } = (await (await fetch(`${mutating.origin}/__sandbox/mutations`)).json()).data
  const open = async (body) => {
    const response = await fetch(`${mutating.origin}/__sandbox/sessions`, { method: 'POST', body: JSON.stringify(body) })
    if (response.status !== 201) throw new Error(`POST /__sandbox/sessions answered ${response.status}: ${await response.text()}`)
    return (await response.json()).data
  }
  const end = (session) => fetch(`${mutating.origin}/__sandbox/sessions/${session.id}`, { method: 'DELETE' }).then((r) => r.arrayBuffer())
  const times = []
  for (let count = 0; count < (smoke ? 20 : 300); count++) {
    const started = performance.now()
    const session = await open({ mutation: mutations[count % mutations.length].id })
    times.push(performance.now() - started)
    await end(session)
  }
  const makeMs = median(times)
  row('making a session with a mutation, median (ms)', makeMs, 2, makeMs <= 2, 'POST /__sandbox/sessions {"mutation": …}, over HTTP')
  const mutated = await open({ mutation: 'drop:monitoring:data.historical_comparison.trend' })
  const plain = await open({})
  const ratio = await comparePaths(
    mutating,
    `${new URL(mutated.base_url).pathname}monitoring`,
    `${new URL(plain.base_url).pathname}monitoring`,
    project,
  )
  row(
    'a mutated answer vs the same unmutated: /monitoring',
    ratio,
    0.91,
    ratio >= 0.91,
    'throughput ratio (goal: cost at most 1.1 ×), one process',
  )
  const run = async (index) => {
    const session = await open({ mutation: mutations[index % mutations.length].id })
    for (const path of ['validate', 'projects', 'monitoring'])
      await fetch(`${session.base_url}${path}`, { headers: project }).then((r) => r.arrayBuffer())
    await end(session)
  }
  for (let index = 0; index < 50; index++) await run(index)
  const before = rssOf(mutating.child.pid)
  for (let index = 0; index < (smoke ? 50 : 500); index++) await run(index)
  const after = rssOf(mutating.child.pid)
  // RSS may also fall (a collection): the growth is at least nothing.
  const grown = Math.max(0, after - before)
  row(
    'RSS after 500 mutate runs, over where it started (MB)',
    grown,
    20,
    grown <= 20,
    `${before.toFixed(0)} MB after 50 runs, ${after.toFixed(0)} MB after`,
  )
} finally {
  await stop(mutating)
}
{
  const wall = (jobs) => {
    const started = performance.now()
    execFileSync(
      process.execPath,
      [
        'dist/cli/main.cjs',
        'mutate',
        // 46 runs (5 and a fifth of the sleep in smoke mode), so the baseline and the start weigh little.
        ...(smoke
          ? ['--only', 'drop:validate:data.*']
          : ['--only', 'drop:validate:*', '--only', 'drop:projects:*', '--only', 'drop:monitoring:*']),
        '--jobs',
        String(jobs),
        '--',
        process.execPath,
        '-e',
        // Each endpoint reached first: mutate runs nothing of an endpoint the baseline never reached (#51).
        `Promise.all(['validate', 'projects', 'monitoring'].map((path) => fetch(process.env.ANALYTICS_SANDBOX_URL + path, { headers: { 'X-API-Key': 'sbx_project_101' } }))).then(() => setTimeout(() => {}, ${smoke ? 200 : 1000}))`,
      ],
      { cwd: root, stdio: 'ignore' },
    )
    return performance.now() - started
  }
  const one = wall(1)
  const four = wall(4)
  const speedup = one / four
  row(
    'mutate --jobs 4 vs --jobs 1, a suite that sleeps 1 s (speed-up)',
    speedup,
    3,
    speedup >= 3,
    `${(one / 1000).toFixed(1)} s and ${(four / 1000).toFixed(1)} s`,
  )
}

// mutate on a careful suite (#51): 22 vitest tests, an in-process server, a session per test
// (bench/judge-suite). Before #51 every variant and every drop and retype ran, envelope fields and
// endpoints never reached included, one at a time by default; now only what can tell runs, at the
// cores (at most 4) at once. The time before is the runs then × this run's median time a run, one at
// a time (the code before cannot run here); the goal is a third of it or less.
if (!smoke) {
  const started = performance.now()
  const out = execFileSync(
    process.execPath,
    [
      'dist/cli/main.cjs',
      'mutate',
      '--format',
      'json',
      '--',
      process.execPath,
      'node_modules/vitest/vitest.mjs',
      'run',
      '--root',
      'bench/judge-suite',
    ],
    { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  )
  const wallMs = performance.now() - started
  const report = JSON.parse(out)
  const perRun = median(report.runs.map((run) => run.ms))
  const { mutations, variants } = (await import(join(root, 'dist/core/mutation-list.js'))).MUTATION_LIST
  const before = mutations.filter((mutation) => mutation.kind === 'drop' || mutation.kind === 'retype').length + variants.length
  const share = wallMs / (before * perRun)
  row(
    'mutate on a careful 22-test suite: time against the runs before #51',
    share,
    0.34,
    share <= 0.34,
    `${report.runs.length} runs in ${(wallMs / 1000).toFixed(1)} s (${report.unreached.length} unreached, ${report.envelope.length} envelope, not run); before: ${before} runs × ${(perRun / 1000).toFixed(2)} s one at a time; tolerance ${report.tolerance}, sensitivity ${report.sensitivity}`,
  )
}

// What mutate's own memory grows by while it reads 100 MB of a run's output, or a 10 MB JUnit file (#51).
if (!smoke) {
  const grown = await mutateMemory(quick ? 1 : 3)
  row(
    "mutate reading 100 MB of a run's output: its memory over a quiet run (MB)",
    grown.output,
    50,
    grown.output <= 50,
    `${grown.base.toFixed(0)} MB for a quiet run; peak RSS`,
  )
  row('mutate reading a 10 MB JUnit file: its memory over a quiet run (MB)', grown.junit, 50, grown.junit <= 50, 'peak RSS')
}

const GENERATED = smoke ? 200 : 10_000
const scaled = await startSandbox(['--generate-projects', String(GENERATED), '--seed', '7'])
try {
  const generated = { 'X-API-Key': 'sbx_user_generated' }
  const validate = await compare(scaled, ['/api/v1/validate'], generated)
  row(
    `${GENERATED.toLocaleString('en')} projects: throughput /validate`,
    validate.ratio,
    0.7,
    validate.ratio >= 0.7,
    `reference busy ${percent(validate.limitBusy)}`,
  )
  const monitoring = await compare(scaled, ['/api/v1/monitoring'], { ...generated, 'X-Project-ID': '1001' })
  row(
    `${GENERATED.toLocaleString('en')} projects: throughput /monitoring`,
    monitoring.ratio,
    0.6,
    monitoring.ratio >= 0.6,
    `reference busy ${percent(monitoring.limitBusy)}`,
  )
  const projects = await compare(scaled, ['/api/v1/projects'], generated)
  row(
    `${GENERATED.toLocaleString('en')} projects: /projects vs same bytes`,
    projects.ratio,
    0.7,
    projects.ratio >= 0.7,
    `${(projects.bytes / 1e6).toFixed(1)} MB an answer; reference busy ${percent(projects.limitBusy)}`,
  )
} finally {
  await stop(scaled)
}

const bare = await startupMs(
  [
    '-e',
    "require('node:http').createServer((q, s) => s.end('{}')).listen(0, '127.0.0.1', function () { console.log('PORT ' + this.address().port) })",
  ],
  /PORT (\d+)/,
  '/',
)
const startup = await startupMs(
  ['dist/cli/main.cjs', '--port', '0', '--log', 'none'],
  /listening on (http:\/\/[^/\s]+)\//,
  '/api/v1/validate',
)
row('start-up to first answer (ms)', startup, 250, startup <= 250, `bare node: ${bare.toFixed(0)} ms`)

// Another client's wait for /validate while the process is attacked (#53): the goal of the
// hostile-load tests, which assert only a liveness bound ten times wider.
if (!smoke) {
  const attacked = await startSandbox()
  try {
    const { pipelinedMs, sessionsMs } = await waitsUnderAttack(attacked.origin, quick ? 1 : 3)
    const note = 'the worst of 8 probes 250 ms apart, median of the runs'
    row(
      '/validate while 50 connections pipeline 400 unread 366-day answers each: worst wait (ms)',
      pipelinedMs,
      1000,
      pipelinedMs <= 1000,
      note,
    )
    row(
      '/validate while 1,500 connections pipeline 2 unread GET /__sandbox/sessions (1,000 live): worst wait (ms)',
      sessionsMs,
      1000,
      sessionsMs <= 1000,
      note,
    )
  } finally {
    await stop(attacked)
  }
}

// How soon SIGTERM ends the process once nothing is left to answer (#53): the goal of the lifecycle
// tests, which assert only that it does not wait out its grace.
if (!smoke) {
  const { drainedMs, idleMs } = await shutdownMs(startSandbox, quick ? 1 : 3)
  row('SIGTERM: exit after the last answer, sent on a keep-alive connection (ms)', drainedMs, 1500, drainedMs <= 1500, 'median of the runs')
  row('SIGTERM with five idle keep-alive connections: exit (ms)', idleMs, 1500, idleMs <= 1500, 'median of the runs')
}

// The behaviour judge (#54): its verdicts over a suite's journal, every entry judged once.
{
  const ms = judgeMs(100_000, smoke ? 1 : 5)
  row(
    'behaviour verdicts over 100,000 journal entries (ms)',
    ms,
    200,
    ms <= 200,
    '100 keys; 5xx, 429, 401 and resets among them; median of the runs',
  )
}

// The paced faults' pace, and the sockets faults leave open (#54): the goals of the network-fault
// tests, which assert only that the rate is never beaten and that a liveness bound holds.
{
  const faulted = await startSandbox()
  try {
    const { bandwidth, slowHeaders, sockets } = await networkFaultFigures(faulted, smoke ? { seconds: 1, requests: 100 } : {})
    const off = ({ rate, goal }) => Math.abs(rate / goal - 1)
    const said = ({ rate, goal, bytes }) => `${rate.toFixed(0)} B/s against ${goal.toFixed(0)} B/s, ${bytes.toLocaleString('en')} bytes`
    row(
      'fault-bandwidth over a ~5 s answer: achieved rate off bytes_per_second (share)',
      off(bandwidth),
      0.1,
      off(bandwidth) <= 0.1,
      said(bandwidth),
    )
    row(
      'fault-slow-headers over a ~5 s head: achieved rate off head bytes / duration (share)',
      off(slowHeaders),
      0.1,
      off(slowHeaders) <= 0.1,
      said(slowHeaders),
    )
    row(
      'server sockets open after 1,000 faulted answers ended, over those before',
      sockets.over,
      0,
      sockets.over === 0,
      `bandwidth, slow-headers and cut-after, 50 at a time, ${sockets.answered} with a head; ${sockets.baseline} before; settled in ${sockets.settledMs.toFixed(0)} ms`,
    )
  } finally {
    await stop(faulted)
  }
}

// The single executable (#52) against the npm bin: start-up to the first answer, and throughput.
if (!smoke) {
  execFileSync(process.execPath, [join(root, 'scripts/build-exe.mjs')], { cwd: root, stdio: 'ignore' })
  const exe = exePath(root)
  const serveArgs = ['--port', '0', '--log', 'none', '--now', NOW]
  const ready = /listening on (http:\/\/[^/\s]+)\//
  // The first start unpacks the executable's files: later starts are what a user waits for.
  execFileSync(exe, ['--version'], { stdio: 'ignore' })
  const exeStartup = await startupMs(serveArgs, ready, '/api/v1/validate', exe)
  const binStartup = await startupMs(['dist/cli/main.cjs', ...serveArgs], ready, '/api/v1/validate')
  row(
    'single executable: start-up to first answer over the npm bin’s',
    exeStartup / binStartup,
    1.5,
    exeStartup / binStartup <= 1.5,
    `${exeStartup.toFixed(0)} ms against ${binStartup.toFixed(0)} ms (medians)`,
  )
  const [fromExe, fromBin] = [await startProcess(serveArgs, ready, exe), await startSandbox()]
  try {
    const ratio = await compareSandboxes(fromExe, fromBin, '/api/v1/projects', user)
    row('throughput of the single executable over the npm bin, /projects', ratio, 0.95, ratio >= 0.95, 'median of the rounds')
    // The pytest plugin against the executable, as a Python team runs it.
    const overhead = pytestFixtureMs(root, `${fromExe.origin}/api/v1/`, quick ? 100 : 300)
    if (overhead === undefined) row('pytest fixtures over a bare session (ms a test)', Number.NaN, 5, false, 'pytest is not installed here')
    else
      row(
        'pytest fixtures over a bare session (ms a test)',
        overhead.ms,
        5,
        overhead.ms <= 5,
        `${overhead.tests} tests: ${overhead.fixtureS.toFixed(2)} s with sandbox_session, ${overhead.bareS.toFixed(2)} s with a session made by hand (medians of 3)`,
      )
  } finally {
    await stop(fromExe)
    await stop(fromBin)
  }
}

// The import cost. A smoke run times the repository's own build beside its msw; a real run installs
// the packed tarball as users do: msw 2 on this Node (20 here), and msw 3 on Node 24.
const importRunCount = smoke ? 1 : quick ? 3 : 9
const importCells = smoke
  ? [{ label: 'this repository (msw 2)', node: process.execPath, cwd: root, library: join(root, 'dist/index.js'), target: 120 }]
  : (() => {
      const tarball = packTarball(root, work)
      return [
        { msw: 2, major: Number(process.versions.node.split('.')[0]), target: 120 },
        { msw: 3, major: 24, target: 60 },
      ].map(({ msw, major, target }) => ({
        label: `msw ${msw}, Node ${major}, packed`,
        node: nodeBinary(root, major),
        cwd: consumerProject(join(work, `import-msw${msw}-node${major}`), tarball, String(msw)),
        library: 'analytics-sandbox',
        target,
      }))
    })()
for (const cell of importCells) {
  const cost = importCost(cell.node, cell.cwd, cell.library, importRunCount)
  row(
    `import('analytics-sandbox') over import('msw/node') (ms), ${cell.label}`,
    cost.overMs,
    cell.target,
    cost.overMs <= cell.target,
    `msw/node ${cost.mswMs.toFixed(0)} ms, both ${cost.bothMs.toFixed(0)} ms`,
  )
}

const inProcess = JSON.parse(
  execFileSync(process.execPath, [join(root, 'bench/in-process.mjs'), quick ? '--quick' : ''], { cwd: root, encoding: 'utf8' }),
)
row('in-process: msw handlers vs a trivial msw handler', inProcess.ratio, 1.3, inProcess.ratio <= 1.3, 'cost ratio, lower is better')
row('reset() with the default fixtures (ms)', inProcess.resetMs, 1, inProcess.resetMs <= 1)
row('reset after an account, a revocation and a clock move (ms)', inProcess.resetChangedMs, 5, inProcess.resetChangedMs <= 5)

rmSync(work, { recursive: true, force: true })

if (asJson) {
  process.stdout.write(
    `${JSON.stringify({ pinned: pin, generator, smoke, rounds: ROUNDS, physicalRounds: PHYSICAL_ROUNDS, physicalProcesses: PHYSICAL_PROCESSES, seconds: SECONDS, connections: CONNECTIONS, rows }, null, 2)}\n`,
  )
} else {
  const format = (value) => (Number.isInteger(value) || value >= 100 ? value.toFixed(0) : value.toFixed(2))
  process.stdout.write(
    `analytics-sandbox benchmark: ${CONNECTIONS} connections, ${ROUNDS} × ${SECONDS} s per side (against the physical limit ${PHYSICAL_ROUNDS} in ${PHYSICAL_PROCESSES} processes), ` +
      `${pin ? 'servers on core 0, load on core 1' : 'not pinned'}, load generator ${generator}, Node ${process.version}\n\n`,
  )
  process.stdout.write('| target | measured | goal | met | note |\n|---|---|---|---|---|\n')
  for (const { target, measured, goal, ok, note } of rows) {
    const direction = /^(throughput|cold|client report|API under|\/projects with|a mutated answer|mutate --jobs)|projects: /.test(target)
      ? '≥'
      : '≤'
    process.stdout.write(`| ${target} | ${format(measured)} | ${direction} ${goal} | ${ok ? 'yes' : 'NO'} | ${note} |\n`)
  }
}
// A smoke run proves the harness works; its figures mean nothing, so it does not judge them.
process.exitCode = smoke || rows.every((entry) => entry.ok) ? 0 : 1
