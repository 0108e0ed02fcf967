/**
 * The README's Python blocks, run as written against the bin (only its address replaced by the
 * port the test got): a snippet a reader pastes must work.
 */
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OUTCOMES } from '../../src/core/report/outcome-catalogue.js'
import { killAllCli, REPO_ROOT, runCli } from '../cli/run-cli.js'
import { fetchSurprise } from '../support/fetch-surprise.js'

const README = readFileSync(`${REPO_ROOT}README.md`, 'utf8')
const BLOCKS = [...README.matchAll(/```python\n([\s\S]*?)```/g)].map((match) => match[1]!)

let origin = ''
beforeAll(async () => {
  const cli = runCli(['--port', '0', '--log', 'none'])
  origin = new URL(await cli.waitForUrl()).origin
  // The report block expects a suite behind it: every outcome met once.
  for (const { example } of OUTCOMES) {
    const search = new URLSearchParams(example.query).toString()
    // A fault's example may get no answer, or one that breaks off: what it sends is what counts.
    await fetchSurprise(`${origin}/api/v1/${example.path}${search === '' ? '' : `?${search}`}`, { headers: example.headers })
  }
}, 30_000)
afterAll(() => killAllCli())

describe("the README's Python blocks", () => {
  it('are there', () => {
    expect(BLOCKS.length).toBeGreaterThanOrEqual(3)
  })

  it.each(BLOCKS.map((block, index) => [index + 1, block] as const))('block %i runs as written against the bin', (_, block) => {
    const result = spawnSync('python3', ['-c', block.replaceAll('http://127.0.0.1:4010', origin)], { encoding: 'utf8', timeout: 20_000 })
    expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0)
  })
})
