/**
 * Issue #36, rows 3 and 7: keys were masked only where a whole path segment, query name or value,
 * or X-Project-ID was one, and only among the keys of the sandbox that answered. A key inside a
 * query value (`?q=pre-sbx_user_alpha-post`), a path segment (`/api/v1/projects-sbx_user_alpha`),
 * `X-Project-ID: 101 sbx_user_alpha`, or a key made in one session and sent to the root or to
 * another session reached the journal and the stdout log whole; `X-Sandbox-Scenario:
 * sbx_user_alpha` was echoed in the 400's detail. Every known key of the process is now found
 * inside any text in one pass and masked.
 */
import { afterEach, describe, expect, test } from 'vitest'
import type { JournalEntry } from '../../src/index.js'
import { ERRORS } from '../../src/vocabulary/errors.js'
import { KEY_AS_SCENARIO_NAME } from '../../src/scenarios/scenario-catalogue.js'
import { killAllCli, runCli } from '../cli/run-cli.js'
import { useMswSandbox } from '../support/transport.js'

const KEY = 'sbx_user_alpha'
const MASKED = 'sbx_us…ha'

/** The requests that put the key inside a longer text, and where the journal shows each. */
const HIDING_PLACES = [
  { name: 'a query value', path: 'projects', query: `q=pre-${KEY}-post`, headers: {} },
  { name: 'a query name', path: 'projects', query: `x${KEY}=1`, headers: {} },
  { name: 'a path segment', path: `projects-${KEY}`, query: '', headers: {} },
  { name: 'X-Project-ID', path: 'monitoring', query: '', headers: { 'X-Project-ID': `101 ${KEY}` } },
] as const

afterEach(async () => {
  await killAllCli()
})

/** The request lines of a `--log json` output (the banner lists the documented keys on purpose). */
const requestLines = (stdout: string) => stdout.split('\n').filter((line) => line.includes('"status":') && line.includes('/api/v1/'))

describe('a key inside a longer text, over HTTP', () => {
  test.each(HIDING_PLACES)('is masked in the journal and the log when it hides in $name', async ({ path, query, headers }) => {
    const cli = runCli(['--port', '0', '--log', 'json'])
    const url = await cli.waitForUrl()
    const response = await fetch(`${url}${path}${query === '' ? '' : `?${query}`}`, { headers: { 'X-API-Key': KEY, ...headers } })
    await response.arrayBuffer()
    const journal = (await (await fetch(new URL('/__sandbox/requests', url))).json()) as { data: { requests: JournalEntry[] } }
    const entry = JSON.stringify(journal.data.requests.at(-1))
    expect(entry).not.toContain(KEY)
    expect(entry).toContain(MASKED)
    await cli.waitForStdout(/"status":/)
    expect(requestLines(cli.stdout())).toHaveLength(1)
    expect(requestLines(cli.stdout()).join('\n')).not.toContain(KEY)
  })

  test('is masked when a key made in one session is sent to the root and to another session', async () => {
    const cli = runCli(['--port', '0', '--log', 'json'])
    const url = await cli.waitForUrl()
    const origin = new URL(url).origin
    const post = async (path: string, body: unknown) =>
      ((await (await fetch(`${origin}${path}`, { method: 'POST', body: JSON.stringify(body) })).json()) as { data: Record<string, string> })
        .data
    const a = await post('/__sandbox/sessions', {})
    const b = await post('/__sandbox/sessions', {})
    const made = (await post(`/sessions/${a.id}/__sandbox/accounts`, { projects: 1 })).user_key!
    for (const base of [url, b.base_url!]) {
      const response = await fetch(`${base}projects?q=${made}`, { headers: { 'X-API-Key': KEY } })
      await response.arrayBuffer()
    }
    const root = await (await fetch(`${origin}/__sandbox/requests`)).text()
    const other = await (await fetch(`${b.admin_url}requests`)).text()
    expect(root).not.toContain(made)
    expect(other).not.toContain(made)
    await cli.waitForStdout(new RegExp(`/sessions/${b.id}/api/v1/projects`))
    expect(requestLines(cli.stdout()).join('\n')).not.toContain(made)
  })

  test('leaves a warning alone when a chosen short key is a word of it, and the warning header stays ASCII', async () => {
    // A chosen key "monitoring" was masked inside the warning's text, whose "…" in the header ended the process.
    const cli = runCli(['--port', '0', '--log', 'json'])
    const url = await cli.waitForUrl()
    const made = await fetch(new URL('/__sandbox/keys', url), {
      method: 'POST',
      body: JSON.stringify({ level: 'USER', user_id: 1, key: 'monitoring' }),
    })
    expect(made.status).toBe(201)
    const response = await fetch(`${url}projects?start_date=2026-01-01`, { headers: { 'X-API-Key': KEY } })
    await response.arrayBuffer()
    expect(response.status).toBe(200)
    expect(response.headers.get('x-sandbox-warning')).toMatch(/^ignored_parameter: [\x20-\x7e]+\/monitoring[\x20-\x7e]+$/)
    const journal = (await (await fetch(new URL('/__sandbox/requests?path=/api/v1/projects', url))).json()) as {
      data: { requests: unknown[] }
    }
    expect(journal.data.requests).toHaveLength(1)
    expect((await fetch(`${url}validate`, { headers: { 'X-API-Key': KEY } })).status).toBe(200)
  })

  test('is not echoed by the unknown-scenario 400 when sent as X-Sandbox-Scenario', async () => {
    const cli = runCli(['--port', '0', '--log', 'none'])
    const url = await cli.waitForUrl()
    const response = await fetch(`${url}projects`, { headers: { 'X-API-Key': KEY, 'X-Sandbox-Scenario': KEY } })
    const body = (await response.json()) as { errors: { error: string; detail: string } }
    expect(response.status).toBe(400)
    expect(body.errors.error).toBe(ERRORS.unknownScenario.error)
    expect(body.errors.detail).toContain(KEY_AS_SCENARIO_NAME)
    expect(body.errors.detail).not.toContain(KEY)
  })
})

describe('a key inside a longer text, through msw in process', () => {
  const sandbox = useMswSandbox()

  test.each(HIDING_PLACES)('is masked in the journal when it hides in $name', async ({ path, query, headers }) => {
    const response = await fetch(`http://sandbox.test/api/v1/${path}${query === '' ? '' : `?${query}`}`, {
      headers: { 'X-API-Key': KEY, ...headers },
    })
    await response.arrayBuffer()
    const entry = JSON.stringify(sandbox.requests.at(-1))
    expect(entry).not.toContain(KEY)
    expect(entry).toContain(MASKED)
  })

  test('is not echoed by the unknown-scenario 400 when sent as X-Sandbox-Scenario', async () => {
    const response = await fetch('http://sandbox.test/api/v1/projects', { headers: { 'X-API-Key': KEY, 'X-Sandbox-Scenario': KEY } })
    const body = (await response.json()) as { errors: { detail: string } }
    expect(response.status).toBe(400)
    expect(body.errors.detail).not.toContain(KEY)
  })
})
