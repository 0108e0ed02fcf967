// What a mutate run's own memory grows by (#51) while it reads what a suite writes: 100 MB of a
// run's output, and a 10 MB JUnit file. Each against the same mutate with a quiet suite; the peak
// RSS of the mutate process, sampled every 20 ms. Run alone: node bench/mutate-memory.mjs
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../', import.meta.url))

/** The peak RSS (MB) of `node dist/cli/main.cjs mutate …args` until it exits. */
async function peakOf(args, env = {}) {
  const child = spawn(process.execPath, [join(root, 'dist/cli/main.cjs'), 'mutate', ...args], {
    cwd: root,
    stdio: 'ignore',
    env: { ...process.env, ...env },
  })
  let peak = 0
  const timer = setInterval(() => {
    try {
      const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0)
      peak = Math.max(peak, kb / 1024)
    } catch {
      // Gone.
    }
  }, 20)
  await new Promise((resolve) => child.once('exit', resolve))
  clearInterval(timer)
  return peak
}

/**
 * The growth (MB) of mutate's peak over a quiet suite's: with 100 MB of output from a failing run,
 * and with a 10 MB JUnit file of failing tests; the median of `rounds` each.
 */
export async function mutateMemory(rounds = 3) {
  const work = mkdtempSync(join(tmpdir(), 'analytics-sandbox-mutate-memory-'))
  try {
    const junit = join(work, 'junit.xml')
    const big = join(work, 'big-junit.xml')
    const cases = []
    let size = 0
    for (let index = 0; size < 10 * 1024 * 1024; index++) {
      const text = `<testcase classname="c" name="test ${index}"><failure message="expected 1 to be 2">${'at line\n'.repeat(20)}</failure></testcase>`
      cases.push(text)
      size += text.length
    }
    writeFileSync(big, `<testsuites><testsuite>${cases.join('')}</testsuite></testsuites>`)
    const suite = join(work, 'suite.js')
    writeFileSync(
      suite,
      `fetch(process.env.ANALYTICS_SANDBOX_URL + 'projects', { headers: { 'X-API-Key': 'sbx_user_alpha' } }).then((r) => r.arrayBuffer()).then(async () => {
        if (!process.env.ANALYTICS_SANDBOX_MUTATION) return
        const chunk = ('x'.repeat(99) + '\\n').repeat(10000)
        for (let i = 0; i < (process.env.LOUD ? 100 : 0); i++) await new Promise((res) => process.stdout.write(chunk, res))
        if (process.env.JUNIT_FROM) require('node:fs').copyFileSync(process.env.JUNIT_FROM, ${JSON.stringify(junit)})
        process.exit(1)
      })`,
    )
    const only = ['--jobs', '1', '--only', 'variant-large', '--only', 'drop:projects:data.total']
    const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]
    const quiet = []
    const loud = []
    const junitRead = []
    for (let round = 0; round < rounds; round++) {
      quiet.push(await peakOf([...only, '--', process.execPath, suite]))
      loud.push(await peakOf([...only, '--', process.execPath, suite], { LOUD: '1' }))
      junitRead.push(await peakOf([...only, '--junit', junit, '--', process.execPath, suite], { JUNIT_FROM: big }))
    }
    const base = median(quiet)
    return { base, output: median(loud) - base, junit: median(junitRead) - base }
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(await mutateMemory())
