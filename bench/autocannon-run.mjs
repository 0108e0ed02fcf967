// One autocannon load run, in whatever process calls it: bench/autocannon-load.mjs runs it in a
// process of its own (pinned to a core) for measurements; a smoke run calls it in place, since
// it only proves the harness works and starting a process per run cost most of its time.
import autocannon from 'autocannon'

/**
 * Runs `plan` ({ url, paths, headers, connections, seconds | amount }) and resolves with
 * { rps, p50, p99, errors, non2xx }, latencies in ms.
 */
export async function runAutocannonPlan(plan) {
  let next = 0
  const result = await autocannon({
    url: plan.url,
    connections: plan.connections,
    ...(plan.amount === undefined ? { duration: plan.seconds } : { amount: plan.amount }),
    headers: plan.headers,
    // A different path on every request when the plan lists several: no answer can be reused.
    requests: [
      {
        method: 'GET',
        setupRequest(request) {
          request.path = plan.paths[next++ % plan.paths.length]
          return request
        },
      },
    ],
  })
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  }
}
