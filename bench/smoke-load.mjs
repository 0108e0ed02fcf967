// A smoke run's load: a fixed number of requests over keep-alive connections, in place. It only
// proves the harness works (autocannon rounds every run up to a whole second, which made the smoke
// run of `npm test` wait 40 s for 17 comparisons); its figures are not measurements.
import { Agent, request } from 'node:http'

/**
 * Sends `plan.amount` requests (`plan.paths` in turn) over `plan.connections` connections and
 * resolves with { rps, p50, p99, errors, non2xx }, latencies in ms.
 */
export async function runSmokePlan(plan) {
  const agent = new Agent({ keepAlive: true, maxSockets: plan.connections })
  const latencies = []
  let errors = 0
  let non2xx = 0
  let next = 0
  const one = () =>
    new Promise((resolve) => {
      const path = plan.paths[next++ % plan.paths.length]
      const started = performance.now()
      const sent = request(new URL(path, plan.url), { agent, headers: plan.headers }, (response) => {
        response.resume()
        response.on('end', () => {
          latencies.push(performance.now() - started)
          if (response.statusCode < 200 || response.statusCode > 299) non2xx++
          resolve()
        })
      })
      sent.on('error', () => {
        errors++
        resolve()
      })
      sent.end()
    })
  const started = performance.now()
  let remaining = plan.amount
  await Promise.all(
    Array.from({ length: plan.connections }, async () => {
      while (remaining > 0) {
        remaining--
        await one()
      }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  agent.destroy()
  latencies.sort((a, b) => a - b)
  const at = (share) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))] ?? 0)
  return { rps: plan.amount / seconds, p50: at(0.5), p99: at(0.99), errors, non2xx }
}
