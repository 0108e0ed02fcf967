/**
 * Hostile load against the standalone process (`node dist/cli/main.cjs`), each case named after what once
 * broke it, bounded in time. Each checks that the process stays alive, answers another client within
 * 1 s, and stays under 200 MB of RSS (150 MB again soon after the attacker leaves). `npm test` runs
 * them at a size that takes seconds; `npm run test:hostile` (HOSTILE_SCALE=full) at the size each
 * attack was first run at.
 */
import { readFileSync } from 'node:fs'
import { connect } from 'node:net'
import { afterEach, describe, expect, test } from 'vitest'
import { MAX_DEFINED_SCENARIOS } from '../../src/scenarios/scenario-catalogue.js'
import { MAX_WAITING_REQUESTS, REQUESTS_PER_TURN } from '../../src/server/socket-backlog.js'
import { killAllCli, runCli } from '../cli/run-cli.js'
import { useTempDir } from '../support/temp-dir.js'
import { pipelineFlood, type Flood } from '../hardening/pipeline-flood.js'
import { LIVENESS_MS, peakWhileProbing, probe, rssMb, sleep } from '../hardening/hostile-support.js'

const temp = useTempDir('hostile-load')

const FULL = process.env.HOSTILE_SCALE === 'full'
/** Connections and pipelined requests of the flood: the attack as first run, or a quicker one. */
const FLOOD = FULL ? { connections: 100, requests: 1_000 } : { connections: 50, requests: 400 }

let flood: Flood | undefined
afterEach(async () => {
  flood?.close()
  flood = undefined
  await killAllCli()
})

describe('hostile load', () => {
  test(`Unread pipelined answers: ${FLOOD.connections} connections each pipelining ${FLOOD.requests} 366-day /monitoring requests and reading none leave the process alive, answering others within the liveness bound (the 1 s goal: npm run bench), under 200 MB.`, async () => {
    const cli = runCli(['--port', '0', '--log', 'none'])
    const url = await cli.waitForUrl()
    const pid = cli.child.pid!
    flood = await pipelineFlood(Number(new URL(url).port), FLOOD.connections, FLOOD.requests)
    expect(await peakWhileProbing(url, pid)).toBeLessThan(200)
    // Pipelining deeper than this without reading gets the connection closed.
    expect(MAX_WAITING_REQUESTS).toBeLessThan(FLOOD.requests)
    flood.close()
    await sleep(500)
    expect(await probe(url)).toBeLessThan(LIVENESS_MS)
    expect(rssMb(pid)).toBeLessThan(150)
    expect(cli.child.exitCode).toBeNull()
  }, 30_000)

  test('Journal amplification: one connection pipelining 1,400 GET /__sandbox/requests?limit=1000 of a full journal of long requests, reading none, leaves others answered within the liveness bound (the 1 s goal: npm run bench) under 200 MB.', async () => {
    const cli = runCli(['--port', '0', '--log', 'none'])
    const url = await cli.waitForUrl()
    const pid = cli.child.pid!
    // 1,000 entries of 512-character paths and queries: the largest answer the journal can give.
    const long = 'x'.repeat(600)
    flood = await pipelineFlood(Number(new URL(url).port), 4, 250, `GET /api/v1/${long}?q=${long} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`)
    await sleep(500)
    flood.close()
    flood = await pipelineFlood(
      Number(new URL(url).port),
      1,
      1_400,
      'GET /__sandbox/requests?limit=1000 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n',
    )
    expect(await peakWhileProbing(url, pid)).toBeLessThan(200)
    flood.close()
    await sleep(500)
    expect(rssMb(pid)).toBeLessThan(150)
  }, 30_000)

  test('A catalogue that only grew: 601 PUT /__sandbox/scenario of new inline definitions near 64 KiB each are refused past the bound, leaving the process under 200 MB and an unknown-name answer small.', async () => {
    const cli = runCli(['--port', '0', '--log', 'none'])
    const url = await cli.waitForUrl()
    const pid = cli.child.pid!
    const admin = new URL('/__sandbox/scenario', url).href
    const statuses = new Map<number, number>()
    for (let index = 0; index < 601; index++) {
      const body = JSON.stringify({ scenarios: [{ name: `attack-${index}`, description: 'd'.repeat(60_000), rules: [{ data: 'none' }] }] })
      const response = await fetch(admin, { method: 'PUT', body, headers: { 'Content-Type': 'application/json' } })
      await response.arrayBuffer()
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1)
    }
    expect(statuses.get(200)).toBeLessThanOrEqual(MAX_DEFINED_SCENARIOS)
    expect((statuses.get(200) ?? 0) + (statuses.get(400) ?? 0)).toBe(601)
    expect(rssMb(pid)).toBeLessThan(200)
    const unknown = await fetch(admin, { method: 'PUT', body: '{"scenarios":["nope"]}', headers: { 'Content-Type': 'application/json' } })
    expect(unknown.status).toBe(400)
    expect((await unknown.arrayBuffer()).byteLength).toBeLessThan(2_048)
    expect(await probe(url)).toBeLessThan(LIVENESS_MS)
  }, 60_000)

  test('Dates that made work unbounded: a project created 0001-01-01 answers its first 30-day request within the liveness bound (the 1 s goal: npm run bench), and 126 distinct filters leave the process under 200 MB.', async () => {
    const fixtures = JSON.parse(readFileSync(new URL('../../fixtures/default.json', import.meta.url), 'utf8')) as {
      projects: Array<{ id: number; created_at: string }>
    }
    for (const project of fixtures.projects) if (project.id === 101) project.created_at = '0001-01-01T00:00:00Z'
    const file = await temp.write('ancient.json', JSON.stringify(fixtures))
    const cli = runCli(['--port', '0', '--log', 'none', '--fixtures', file])
    const url = await cli.waitForUrl()
    const pid = cli.child.pid!
    const get = async (query: string) => {
      const started = performance.now()
      const response = await fetch(`${url}monitoring?${query}`, {
        headers: { 'X-API-Key': 'sbx_project_101' },
        signal: AbortSignal.timeout(10_000),
      })
      expect(response.status, query).toBe(200)
      await response.arrayBuffer()
      return performance.now() - started
    }
    expect(await get('')).toBeLessThan(LIVENESS_MS)
    const providers = ['chatgpt', 'perplexity', 'gemini', 'claude', 'google_ai_overview']
    const regions = ['US', 'CA']
    let count = 0
    for (let year = 1; count < 126; year += 37) {
      for (const provider of providers) {
        for (const region of regions) {
          if (count++ >= 126) break
          expect(await get(`provider=${provider}&region=${region}&start_date=${String(year).padStart(4, '0')}-03-01`)).toBeLessThan(
            LIVENESS_MS,
          )
        }
      }
    }
    expect(rssMb(pid)).toBeLessThan(200)
    expect(await probe(url)).toBeLessThan(LIVENESS_MS)
  }, 60_000)

  test('A client that pipelines and reads gets every answer of a burst of 60, a share each turn; one that pipelines more than 80 at once is closed.', async () => {
    const cli = runCli(['--port', '0', '--log', 'none'])
    const port = Number(new URL(await cli.waitForUrl()).port)
    const burst = (count: number) =>
      new Promise<{ statuses: number }>((resolve) => {
        const socket = connect(port, '127.0.0.1', () => {
          let payload = ''
          for (let index = 0; index < count; index++)
            payload += `GET /api/v1/validate?n=${index} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-Key: sbx_user_alpha\r\n\r\n`
          socket.write(payload)
        })
        let text = ''
        socket.setEncoding('utf8').on('data', (chunk: string) => {
          text += chunk
          if ((text.match(/HTTP\/1\.1 200/g) ?? []).length === count) socket.end()
        })
        socket.on('error', () => undefined)
        socket.on('close', () => resolve({ statuses: (text.match(/HTTP\/1\.1 200/g) ?? []).length }))
        setTimeout(() => socket.destroy(), 5_000)
      })
    expect((await burst(60)).statuses).toBe(60)
    expect((await burst(REQUESTS_PER_TURN + MAX_WAITING_REQUESTS + 100)).statuses).toBeLessThanOrEqual(
      REQUESTS_PER_TURN + MAX_WAITING_REQUESTS,
    )
    expect(await probe(await cli.waitForUrl())).toBeLessThan(LIVENESS_MS)
  })
})
