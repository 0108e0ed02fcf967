/** What the hostile-load tests measure of the standalone process while it is attacked. */
import { readFileSync } from 'node:fs'
import { expect } from 'vitest'

/** Resident memory of a process in MB, from /proc. */
export function rssMb(pid: number): number {
  return Number(/^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? Number.NaN) / 1024
}

/** The goal for another client's wait while the process is attacked: measured in `npm run bench`. */
export const ANSWER_GOAL_MS = 1_000

/**
 * What a test asserts of that wait: an answer at all within ten times the goal. A wall-clock goal
 * fails on a busy machine and proves nothing on an idle one, so the bench measures the goal itself.
 */
export const LIVENESS_MS = 10 * ANSWER_GOAL_MS

/** Milliseconds another client waits for GET /validate, which must be 200. */
export async function probe(url: string): Promise<number> {
  const started = performance.now()
  const response = await fetch(`${url}validate`, {
    headers: { 'X-API-Key': 'sbx_user_alpha' },
    signal: AbortSignal.timeout(2 * LIVENESS_MS),
  })
  expect(response.status).toBe(200)
  await response.arrayBuffer()
  return performance.now() - started
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * For `rounds` × 250 ms of an attack (2 s by default): another client must be answered each time,
 * within {@link LIVENESS_MS}. Resolves with the peak RSS in MB.
 */
export async function peakWhileProbing(url: string, pid: number, rounds = 8): Promise<number> {
  let peak = 0
  for (let round = 0; round < rounds; round++) {
    await sleep(250)
    expect(await probe(url)).toBeLessThan(LIVENESS_MS)
    peak = Math.max(peak, rssMb(pid))
  }
  return peak
}

/** POSTs `body` as JSON to `url`: the status and the parsed envelope. */
export async function postJson(url: string, body: unknown) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  })
  return { status: response.status, body: (await response.json()) as { errors?: { error?: string }; data?: Record<string, unknown> } }
}

/** A project body of about 32 KB of JSON (issue #50): 50 topics of 5 brands, every text 100 unique characters. */
export function largeProject(userId: unknown, tag: string) {
  const topics = Array.from({ length: 50 }, (_, topic) => ({
    name: `${tag}t${topic}`.padEnd(100, 't'),
    brands: Array.from({ length: 5 }, (_, brand) => `${tag}t${topic}b${brand}`.padEnd(100, 'b')),
  }))
  return { user_id: userId, topics }
}
