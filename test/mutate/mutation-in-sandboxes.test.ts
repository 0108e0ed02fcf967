import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REPO_ROOT } from '../cli/run-cli.js'
import { createSandbox } from '../../src/msw/create-sandbox.js'
import { startSandbox, type RunningSandbox } from '../../src/server/start-sandbox.js'
import { ConfigError } from '../../src/vocabulary/config-error.js'
import { MUTATIONS } from '../../src/vocabulary/mutations.js'
import { MUTATION_LIST } from '../../src/core/mutation-list.js'
import { UNKNOWN_MUTATION } from '../../src/sandbox/resolve-mutation.js'

const USER = { 'X-API-Key': 'sbx_user_alpha' }
const USER_101 = { ...USER, 'X-Project-ID': '101' }

describe('a mutation in a session, over HTTP', () => {
  let sandbox: RunningSandbox
  beforeAll(async () => {
    sandbox = await startSandbox({ now: '2026-03-01' })
  })
  afterAll(() => sandbox.close())

  it('lists every mutation and the variants at GET /__sandbox/mutations, in the catalogue’s order', async () => {
    const body = await (await fetch(new URL('/__sandbox/mutations', sandbox.url))).json()
    expect(body.data.mutations.map((mutation: { id: string }) => mutation.id)).toEqual(MUTATIONS.map((mutation) => mutation.id))
    expect(body.data.variants.map((variant: { name: string }) => variant.name)).toEqual([
      'variant-extra-fields',
      'variant-large',
      'variant-project-status',
      'variant-sparse',
      'variant-trend',
      'variant-unicode',
    ])
    expect(body.data).toEqual(JSON.parse(JSON.stringify(MUTATION_LIST)))
  })

  it('answers every success of the endpoint with the field dropped, and leaves the root and other endpoints alone', async () => {
    const session = await sandbox.createSession({ mutation: 'drop:monitoring:data.visibility_score.history' })
    const mutated = await (await fetch(`${session.url}monitoring`, { headers: USER_101 })).json()
    expect(mutated.data.visibility_score).not.toHaveProperty('history')
    expect(mutated.data.visibility_score).toHaveProperty('current')
    expect((await (await fetch(`${sandbox.url}monitoring`, { headers: USER_101 })).json()).data.visibility_score).toHaveProperty('history')
    expect((await (await fetch(`${session.url}overview`, { headers: USER_101 })).json()).data.visibility_score).toHaveProperty('trend')
    await session.close()
  })

  it('leaves error answers as they are', async () => {
    const session = await sandbox.createSession({ mutation: 'drop:monitoring:message' })
    const refused = await (await fetch(`${session.url}monitoring`, { headers: USER })).json()
    expect(refused.message).toBe('X-Project-ID header is required for USER-level API keys')
    await session.close()
  })

  it('takes a variant’s name as the mutation: that variant in force', async () => {
    const session = await sandbox.createSession({ mutation: 'variant-trend' })
    expect((await (await fetch(`${session.url}overview`, { headers: USER_101 })).json()).data.visibility_score.trend).toBe('volatile')
    await session.close()
  })

  it('refuses an unknown mutation with 400 invalid_body naming the field, and makes no session', async () => {
    const answer = await fetch(new URL('/__sandbox/sessions', sandbox.url), {
      method: 'POST',
      body: '{"mutation": "drop:projects:data.totl"}',
    })
    expect(answer.status).toBe(400)
    const body = await answer.json()
    expect(body.errors.fields).toEqual([{ field: 'mutation', message: UNKNOWN_MUTATION('drop:projects:data.totl') }])
  })
})

describe('a mutation in createSandbox, through msw', () => {
  it('takes the mutation option, and throws a ConfigError for an unknown one', async () => {
    const mutated = createSandbox({ baseUrl: 'https://option.test', mutation: 'drop:projects:data.total' })
    const server = setupServer(...mutated.handlers)
    server.listen({ onUnhandledRequest: 'error' })
    try {
      expect((await (await fetch('https://option.test/api/v1/projects', { headers: USER })).json()).data).not.toHaveProperty('total')
    } finally {
      server.close()
    }
    expect(() => createSandbox({ mutation: 'drop:nowhere' })).toThrow(ConfigError)
  })

  // In a process of its own: a test here must not change this process's environment.
  it('reads ANALYTICS_SANDBOX_MUTATION from the environment where the option is absent, and names it when it is wrong', () => {
    const script = (mutation: string) =>
      spawnSync(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          `import { createSandbox } from ${JSON.stringify(join(REPO_ROOT, 'dist/index.js'))}
import { setupServer } from 'msw/node'
try {
  const sandbox = createSandbox({ baseUrl: 'https://env.test' })
  const server = setupServer(...sandbox.handlers)
  server.listen()
  const body = await (await fetch('https://env.test/api/v1/projects', { headers: { 'X-API-Key': 'sbx_user_alpha' } })).json()
  server.close()
  console.log(JSON.stringify(body.data.total))
} catch (error) {
  console.log(error.message)
}`,
        ],
        { cwd: REPO_ROOT, encoding: 'utf8', env: { ...process.env, ANALYTICS_SANDBOX_MUTATION: mutation } },
      ).stdout.trim()
    expect(script('retype:projects:data.total')).toBe('"3"')
    expect(script('drop:nowhere')).toContain('ANALYTICS_SANDBOX_MUTATION in the environment')
  })
})
