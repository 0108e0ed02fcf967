/** What the hostile-load tests measure of the standalone process while it is attacked. */
import { readFileSync } from 'node:fs'
import { expect } from 'vitest'

/** Resident memory of a process in MB, from /proc. */
export function rssMb(pid: number): number {
  return Number(/^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? Number.NaN) / 1024
}

/** Milliseconds another client waits for GET /validate, which must be 200. */
export async function probe(url: string): Promise<number> {
  const started = performance.now()
  const response = await fetch(`${url}validate`, { headers: { 'X-API-Key': 'sbx_user_alpha' }, signal: AbortSignal.timeout(5_000) })
  expect(response.status).toBe(200)
  await response.arrayBuffer()
  return performance.now() - started
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * For `rounds` × 250 ms of an attack (2 s by default): another client must be answered within 1 s
 * each time. Resolves with the peak RSS in MB.
 */
export async function peakWhileProbing(url: string, pid: number, rounds = 8): Promise<number> {
  let peak = 0
  for (let round = 0; round < rounds; round++) {
    await sleep(250)
    expect(await probe(url)).toBeLessThan(1_000)
    peak = Math.max(peak, rssMb(pid))
  }
  return peak
}
