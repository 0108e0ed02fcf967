// The pipelined flood that once ran the sandbox out of memory, said once for the hostile-load tests
// (through test/hardening/pipeline-flood.ts) and the benchmark's waits under attack (bench/under-attack.mjs).
import { connect } from 'node:net'

/** One GET of a 366-day /monitoring range (a large answer) for the documented PROJECT key. */
export const LARGE_ANSWER_REQUEST =
  'GET /api/v1/monitoring?start_date=2025-01-01&end_date=2026-01-01 HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-Key: sbx_project_101\r\n\r\n'

/**
 * Opens `connections` sockets to `port` that each write `requests` pipelined requests at once and
 * never read an answer: the attack that once ran the sandbox out of memory.
 *
 * @example
 * const flood = await pipelineFlood(port, 100, 1_000)
 * flood.close()
 */
export async function pipelineFlood(port, connections, requests, request = LARGE_ANSWER_REQUEST) {
  const payload = request.repeat(requests)
  const sockets = await Promise.all(
    Array.from(
      { length: connections },
      () =>
        new Promise((resolve, reject) => {
          const socket = connect(port, '127.0.0.1', () => {
            socket.pause()
            socket.write(payload)
            resolve(socket)
          })
          socket.on('error', () => undefined)
          socket.once('error', reject)
        }),
    ),
  )
  return { sockets, close: () => sockets.forEach((socket) => socket.destroy()) }
}
