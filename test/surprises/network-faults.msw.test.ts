import { getResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { useMswSandbox } from '../support/transport.js'
import { CUT_AFTER_ERROR } from '../../src/msw/create-handlers.js'
import { DEFAULT_BYTES_PER_SECOND } from '../../src/vocabulary/faults.js'
import { faultFieldMisplaced, faultFieldRange } from '../../src/vocabulary/fault-fields.js'

const URL_PROJECTS = 'http://sandbox.test/api/v1/projects'
const USER = { 'X-API-Key': 'sbx_user_alpha' }
const get = (scenario?: string) =>
  fetch(URL_PROJECTS, { headers: scenario === undefined ? USER : { ...USER, 'X-Sandbox-Scenario': scenario } })

/** Timers alive in the process now (node's own view), to tell whether a fault left one behind. */
const liveTimers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length

/** What a reader of `response`'s body met: each chunk's size and when it came (ms after `started`), and the error it ended with. */
async function readTimed(response: Response, started: number) {
  const reader = response.body!.getReader()
  const sizes: number[] = []
  const arrivals: number[] = []
  let error: unknown
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      sizes.push(read.value.byteLength)
      arrivals.push(performance.now() - started)
    }
  } catch (caught) {
    error = caught
  }
  return { sizes, arrivals, bytes: sizes.reduce((sum, size) => sum + size, 0), error }
}

describe('fault-bandwidth, fault-slow-headers and fault-cut-after in-process through msw', () => {
  const sandbox = useMswSandbox({ now: '2026-03-01', baseUrl: 'http://sandbox.test' })
  /** Puts a scenario of one fault rule in force (reset after each test). */
  const inForce = (fault: Record<string, unknown>) =>
    sandbox.useScenario({ name: 'mine', description: 'One fault', rules: [{ fault: fault as { type: 'bandwidth' } }] })
  const whole = async () => Buffer.from(await (await get()).arrayBuffer())

  it("fault-bandwidth gives the status and headers, then a body stream at the rule's bytes_per_second, never faster", async () => {
    const expected = await whole()
    inForce({ type: 'bandwidth', bytes_per_second: 2_000 })
    const started = performance.now()
    const response = await get()
    expect(response.status).toBe(200)
    expect(Number(response.headers.get('content-length'))).toBe(expected.length)
    const read = await readTimed(response, started)
    expect(read.error).toBeUndefined()
    expect(read.bytes).toBe(expected.length)
    expect(read.sizes.length).toBeGreaterThan(5)
    // 679 bytes at 2,000 a second: 340 ms, of which most at least; never more bytes than the rate allows by then.
    expect(read.arrivals.at(-1)).toBeGreaterThanOrEqual(((expected.length * 1000) / 2_000) * 0.8)
    let seen = 0
    for (const [index, atMs] of read.arrivals.entries()) {
      seen += read.sizes[index]!
      expect(seen).toBeLessThanOrEqual(((atMs + 2) * 2_000) / 1000 + 100)
    }
  })

  it(`fault-bandwidth streams at ${DEFAULT_BYTES_PER_SECOND} bytes a second where its built-in scenario gives no rate`, async () => {
    const expected = await whole()
    const started = performance.now()
    const text = await (await get('fault-bandwidth')).text()
    expect(Buffer.from(text).equals(expected)).toBe(true)
    expect(performance.now() - started).toBeGreaterThanOrEqual(((expected.length * 1000) / DEFAULT_BYTES_PER_SECOND) * 0.8)
  })

  it("fault-bandwidth's body stream stops its timer when its reader cancels it", async () => {
    inForce({ type: 'bandwidth', bytes_per_second: 1 })
    const timers = liveTimers()
    // The handlers' own answer: msw's fetch hands the reader a copy (it tees the body for its events), whose cancel waits for both.
    const response = await getResponse(sandbox.handlers, new Request(URL_PROJECTS, { headers: USER }))
    const reader = response!.body!.getReader()
    const first = reader.read()
    await reader.cancel()
    expect((await first).done).toBe(true)
    expect(liveTimers()).toBeLessThanOrEqual(timers)
  })

  it('fault-slow-headers gives the whole answer after its duration (msw cannot trickle a head)', async () => {
    const expected = await whole()
    inForce({ type: 'slow-headers', duration: 300 })
    const started = performance.now()
    const response = await get()
    expect(performance.now() - started).toBeGreaterThanOrEqual(280)
    expect(response.status).toBe(200)
    expect(Buffer.from(await response.arrayBuffer()).equals(expected)).toBe(true)
  })

  it("fault-cut-after gives the status and the whole body's Content-Length, then its bytes of the body, then an error", async () => {
    const expected = await whole()
    inForce({ type: 'cut-after', bytes: 100 })
    const response = await get()
    expect(response.status).toBe(200)
    expect(Number(response.headers.get('content-length'))).toBe(expected.length)
    const read = await readTimed(response, performance.now())
    expect(read.bytes).toBe(100)
    expect(String(read.error)).toContain(CUT_AFTER_ERROR)
  })

  it('fault-cut-after of its built-in scenario (bytes 0) gives a body that errors before its first byte', async () => {
    const response = await get('fault-cut-after')
    expect(response.status).toBe(200)
    await expect(response.text()).rejects.toThrow(CUT_AFTER_ERROR)
  })

  it("fault-cut-after with bytes past the body's length still cuts it, one byte short of its end", async () => {
    const expected = await whole()
    inForce({ type: 'cut-after', bytes: 100_000 })
    const read = await readTimed(await get(), performance.now())
    expect(read.bytes).toBe(expected.length - 1)
    expect(String(read.error)).toContain(CUT_AFTER_ERROR)
  })

  it('counts each fault in the client report and names it in the journal with the 200 the client saw', async () => {
    inForce({ type: 'bandwidth', bytes_per_second: 100_000 })
    await (await get()).arrayBuffer()
    inForce({ type: 'slow-headers', duration: 10 })
    await (await get()).arrayBuffer()
    inForce({ type: 'cut-after', bytes: 10 })
    await (await get()).arrayBuffer().catch(() => undefined)
    expect(sandbox.requests.map((entry) => [entry.fault, entry.status])).toEqual([
      ['fault-bandwidth', 200],
      ['fault-slow-headers', 200],
      ['fault-cut-after', 200],
    ])
    const seen = Object.fromEntries(sandbox.coverage().outcomes.map((outcome) => [outcome.id, outcome.seen]))
    expect([seen['fault-bandwidth'], seen['fault-slow-headers'], seen['fault-cut-after']]).toEqual([1, 1, 1])
  })

  it.each([
    [{ type: 'bandwidth', bytes_per_second: 0 }, `rules[0].fault.bytes_per_second: ${faultFieldRange('bytes_per_second')}`],
    [{ type: 'slow-body', bytes_per_second: 100 }, `rules[0].fault.bytes_per_second: ${faultFieldMisplaced('bytes_per_second')}`],
    [{ type: 'cut-after', bytes: -1 }, `rules[0].fault.bytes: ${faultFieldRange('bytes')}`],
    [{ type: 'truncated-body', bytes: 10 }, `rules[0].fault.bytes: ${faultFieldMisplaced('bytes')}`],
    [{ type: 'bandwidth', duration: 10 }, `rules[0].fault.duration: ${faultFieldMisplaced('duration')}`],
  ])('useScenario refuses the fault %j, naming the field, and changes nothing', (fault, message) => {
    expect(() => inForce(fault)).toThrow(message)
    expect(sandbox.requests).toEqual([])
  })
})
