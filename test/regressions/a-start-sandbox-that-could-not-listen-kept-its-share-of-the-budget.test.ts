/**
 * Found by the review of #36: a `startSandbox` whose port was taken threw, but its sandbox kept
 * what it had drawn on the process's budget (its definitions, its records) and its keys in the
 * process's key finder; enough failed starts, and every later `startSandbox` with definitions was
 * 409 `memory_full`, with nothing a user could end. And a session indexed the server's records
 * again while it was charged a flat share, so sessions of a server with many generated projects
 * ran the heap out before `--max-sessions`.
 */
import { createServer, type Server } from 'node:http'
import { afterEach, describe, expect, test } from 'vitest'
import { startSandbox, type RunningSandbox, type ScenarioInput } from '../../src/index.js'
import { INDEX_ENTRY_HEAP_BYTES, SESSION_HEAP_BYTES } from '../../src/server/session-store.js'
import { THIS_PROCESS } from '../../src/sandbox/this-process.js'

let occupied: Server | undefined
let sandbox: RunningSandbox | undefined
afterEach(async () => {
  await sandbox?.close()
  sandbox = undefined
  await new Promise((resolve) => (occupied === undefined ? resolve(undefined) : occupied.close(resolve)))
  occupied = undefined
})

const DEFINITIONS: ScenarioInput[] = [
  { name: 'heavy', description: 'Many rules', rules: Array.from({ length: 256 }, () => ({ latency: 1 })) },
]

describe('a sandbox that ends before it serves', () => {
  test('gives back its share of the budget and its keys when startSandbox cannot listen', async () => {
    occupied = createServer()
    await new Promise<void>((resolve) => occupied!.listen(0, '127.0.0.1', resolve))
    const port = (occupied.address() as { port: number }).port
    const used = THIS_PROCESS.serverBudget.used
    const keys = THIS_PROCESS.serverKeys.size
    for (let attempt = 0; attempt < 5; attempt++)
      await expect(startSandbox({ port, scenarios: DEFINITIONS })).rejects.toThrow(/already in use/)
    expect(THIS_PROCESS.serverBudget.used).toBe(used)
    expect(THIS_PROCESS.serverKeys.size).toBe(keys)
  })
})

describe('a session of a server with many records', () => {
  test('is charged for the records its index holds, and gives it all back when it ends', async () => {
    sandbox = await startSandbox({ generateProjects: 500 })
    const before = THIS_PROCESS.serverBudget.used
    const session = await sandbox.createSession()
    const charged = THIS_PROCESS.serverBudget.used - before
    expect(charged).toBeGreaterThanOrEqual(SESSION_HEAP_BYTES + 1_000 * INDEX_ENTRY_HEAP_BYTES)
    await session.close()
    expect(THIS_PROCESS.serverBudget.used).toBe(before)
  })
})
