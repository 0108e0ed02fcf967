import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
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
  const previous = process.env.ANALYTICS_SANDBOX_MUTATION
  afterEach(() => {
    if (previous === undefined) delete process.env.ANALYTICS_SANDBOX_MUTATION
    else process.env.ANALYTICS_SANDBOX_MUTATION = previous
  })

  it('takes the mutation option, and ANALYTICS_SANDBOX_MUTATION from the environment where the option is absent', async () => {
    process.env.ANALYTICS_SANDBOX_MUTATION = 'retype:projects:data.total'
    const fromEnvironment = createSandbox({ baseUrl: 'https://env.test' })
    const fromOption = createSandbox({ baseUrl: 'https://option.test', mutation: 'drop:projects:data.total' })
    const server = setupServer(...fromEnvironment.handlers, ...fromOption.handlers)
    server.listen({ onUnhandledRequest: 'error' })
    try {
      const total = async (origin: string) => (await (await fetch(`${origin}/api/v1/projects`, { headers: USER })).json()).data.total
      expect(await total('https://env.test')).toBe('3')
      expect(await total('https://option.test')).toBeUndefined()
    } finally {
      server.close()
    }
  })

  it('throws a ConfigError for an unknown mutation, naming where it came from', () => {
    expect(() => createSandbox({ mutation: 'drop:nowhere' })).toThrow(ConfigError)
    process.env.ANALYTICS_SANDBOX_MUTATION = 'drop:nowhere'
    expect(() => createSandbox()).toThrow(/ANALYTICS_SANDBOX_MUTATION in the environment/)
  })
})
