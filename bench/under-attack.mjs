// How long another client waits for GET /validate while the process is attacked (#53): the goal of
// the hostile-load tests (≤ 1 s), measured here rather than asserted in `npm test`, where a busy
// machine fails it and an idle one proves nothing (the tests keep a liveness bound ten times wider).
import { median } from './median.mjs'
import { LARGE_ANSWER_REQUEST, pipelineFlood } from './pipeline-flood.mjs'

const SESSIONS_REQUEST = 'GET /__sandbox/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** Milliseconds GET /validate takes (any status counts: the wait is what is measured). */
async function probe(origin) {
  const started = performance.now()
  const response = await fetch(`${origin}/api/v1/validate`, {
    headers: { 'X-API-Key': 'sbx_user_alpha' },
    signal: AbortSignal.timeout(30_000),
  })
  await response.arrayBuffer()
  return performance.now() - started
}

/** The worst of `rounds` probes 250 ms apart while `attack` runs: the wait a test would see at its worst. */
async function worstWhile(origin, rounds, attack) {
  const flood = await attack()
  const waits = []
  try {
    for (let round = 0; round < rounds; round++) {
      await sleep(250)
      waits.push(await probe(origin))
    }
  } finally {
    flood.close()
  }
  return Math.max(...waits)
}

/**
 * The worst wait for /validate under two attacks of the hostile-load tests, the median over `runs`
 * runs each: 50 connections pipelining 400 unread 366-day /monitoring requests; and, with 1,000
 * sessions live, 1,500 connections pipelining 2 unread GET /__sandbox/sessions.
 */
export async function waitsUnderAttack(origin, runs) {
  const port = Number(new URL(origin).port)
  const pipelined = []
  for (let run = 0; run < runs; run++) pipelined.push(await worstWhile(origin, 8, () => pipelineFlood(port, 50, 400, LARGE_ANSWER_REQUEST)))
  for (let made = 0; made < 1_000; made++) {
    const response = await fetch(`${origin}/__sandbox/sessions`, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    })
    await response.arrayBuffer()
  }
  const sessions = []
  for (let run = 0; run < runs; run++) sessions.push(await worstWhile(origin, 8, () => pipelineFlood(port, 16, 200, SESSIONS_REQUEST)))
  return { pipelinedMs: median(pipelined), sessionsMs: median(sessions) }
}
