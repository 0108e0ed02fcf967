// How long the behaviour judge takes over 100,000 journal entries (#54): the verdicts are read
// after a suite, over every entry it recorded, so the judging must stay far below a test's time.
import { BehaviourJudge } from '../dist/core/behaviour/behaviour-judge.js'
import { median } from './median.mjs'

/** What a journal entry says, as the journal keeps it: `count` of them, over 100 keys, a suite's mix of answers. */
function entries(count) {
  const paths = ['/api/v1/validate', '/api/v1/projects', '/api/v1/monitoring', '/api/v1/overview']
  const statuses = [200, 200, 200, 200, 500, 503, 429, 400, 401, null]
  const said = []
  for (let index = 0; index < count; index++) {
    const key = `sbx_user_bench_${index % 100}`
    const status = statuses[(index * 7) % statuses.length]
    said.push({
      method: 'GET',
      path: paths[index % paths.length],
      query: index % 3 === 0 ? 'start_date=2026-01-01' : '',
      status,
      keySent: key,
      key: 'sbx_us…00',
      projectId: null,
      scenarios: [],
      error: null,
      cut: false,
      warnings: [],
      fault: status === null ? 'fault-connection-reset' : null,
      retryAfter: status === 429 || status === 503 ? 1 : null,
      cost: 256,
    })
  }
  return said
}

/**
 * The median ms, over `rounds`, to judge `count` entries (each fed as the journal hands them over)
 * and build the suite's verdicts.
 */
export function judgeMs(count = 100_000, rounds = 5) {
  const said = entries(count)
  const times = []
  for (let round = 0; round < rounds; round++) {
    const judge = new BehaviourJudge()
    const started = performance.now()
    for (let index = 0; index < count; index++) judge.feed(said[index], 1_700_000_000_000 + index * 37, index + 1)
    judge.report('suite')
    times.push(performance.now() - started)
  }
  return median(times)
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(`${judgeMs().toFixed(1)} ms`)
