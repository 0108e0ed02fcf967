import { afterAll, describe, expect, it } from 'vitest'
import { setupServer } from 'msw/node'
import { createSandbox } from '../../src/msw/create-sandbox.js'
import { startSandbox } from '../../src/server/start-sandbox.js'
import { runCli } from '../cli/run-cli.js'

const NOW = '2026-03-01T00:00:00Z'

/** The same sequence of portal calls, through `admin` (an admin API origin) or the library, and what the API then answers. */
async function overHttp(origin: string) {
  const post = async (path: string, body: unknown) =>
    (await (await fetch(`${origin}/__sandbox/${path}`, { method: 'POST', body: JSON.stringify(body) })).json()).data
  const account = await post('accounts', { projects: 2 })
  const key = await post('keys', { level: 'PROJECT', project_id: account.projects[1].id })
  const project = await post('projects', { user_id: account.user_id })
  const monitoring = await (
    await fetch(`${origin}/api/v1/monitoring`, { headers: { 'X-API-Key': account.user_key, 'X-Project-ID': String(project.id) } })
  ).text()
  return { account, key, project, monitoring }
}

describe('deterministic creation: the same calls on the same seed give the same ids, keys and data in any process', () => {
  const running: Array<() => Promise<unknown>> = []
  afterAll(() => Promise.all(running.map((close) => close())))

  it('gives the same answers from the bin in another process, from startSandbox, and from the library through msw', async () => {
    const cli = runCli(['--port', '0', '--log', 'none', '--now', NOW, '--seed', '7'])
    running.push(() => cli.kill())
    const fromBin = await overHttp(new URL(await cli.waitForUrl()).origin)

    const server = await startSandbox({ now: NOW, seed: 7 })
    running.push(() => server.close())
    expect(await overHttp(new URL(server.url).origin)).toEqual(fromBin)

    const sandbox = createSandbox({ now: NOW, seed: 7 })
    const msw = setupServer(...sandbox.handlers)
    msw.listen({ onUnhandledRequest: 'bypass' })
    running.push(async () => msw.close())
    const account = await sandbox.accounts.create({ projects: 2 })
    const key = await sandbox.keys.create({ level: 'PROJECT', project_id: account.projects[1]!.id })
    const project = await sandbox.projects.create({ user_id: account.user_id })
    const monitoring = await (
      await fetch('http://sandbox.test/api/v1/monitoring', {
        headers: { 'X-API-Key': account.user_key, 'X-Project-ID': String(project.id) },
      })
    ).text()
    expect({ account, key, project, monitoring }).toEqual(fromBin)
  })
})
