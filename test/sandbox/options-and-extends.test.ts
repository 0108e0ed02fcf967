import { SANDBOX_OPTION_NAMES } from '../../src/sandbox/sandbox-options.js'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSandbox } from '../../src/msw/create-sandbox.js'
import { startSandbox, type RunningSandbox } from '../../src/server/start-sandbox.js'
import { wholeOptionRule } from '../../src/vocabulary/whole-option.js'
import type { FixturesInput } from '../../src/contract/fixtures-schema.js'
import { ConfigError } from '../../src/vocabulary/config-error.js'

const EXTENDED: FixturesInput = {
  extends: 'default',
  users: [{ id: 9, name: 'Mine' }],
  api_keys: [{ key: 'my_user_key_9', name: 'Mine', level: 'USER', user_id: 9, project_id: null, expiry: '2099-12-31T23:59:59Z' }],
  projects: [
    {
      id: 901,
      user_id: 9,
      name: 'mine',
      display_name: 'Mine',
      domain: 'mine.example',
      region: 'US',
      language: 'en',
      created_at: '2024-01-01T00:00:00Z',
      providers: ['chatgpt'],
      data_regions: ['US'],
      topics: [{ name: 'shoes', brands: ['Mine', 'Theirs'] }],
    },
  ],
}

const projectIds = (body: { data: { projects: Array<{ id: number }> } }) => body.data.projects.map((project) => project.id)

describe('options are checked', () => {
  it('refuses an unknown option by name, suggesting the closest, in createSandbox and startSandbox', async () => {
    expect(() => createSandbox({ seeed: 1 } as never)).toThrow(
      new ConfigError(`Unknown option "seeed" (did you mean "seed"?); the options are ${[...SANDBOX_OPTION_NAMES].join(', ')}`),
    )
    await expect(startSandbox({ prot: 0 } as never)).rejects.toThrow('Unknown option "prot" (did you mean "port"?)')
    await expect(startSandbox({ baseUrl: 'http://x.test/api/v1/' } as never)).rejects.toThrow('Unknown option "baseUrl"')
    expect(() => createSandbox({ whatever: true } as never)).toThrow(/^Unknown option "whatever"; the options are /)
  })

  it.each([
    [{ port: 70_000 }, `Invalid option "port": ${wholeOptionRule('port')} (got 70000)`],
    [{ port: -1 }, `Invalid option "port": ${wholeOptionRule('port')} (got -1)`],
    [{ timeouts: { headersMs: 50 } }, `Invalid option "timeouts.headersMs": ${wholeOptionRule('headersTimeout')} (got 50)`],
    [{ timeouts: { keepAliveMs: 1.5 } }, `Invalid option "timeouts.keepAliveMs": ${wholeOptionRule('keepAliveTimeout')} (got 1.5)`],
    [{ timeouts: { graceMs: 1 } }, 'Unknown option "timeouts.graceMs": it takes headersMs, keepAliveMs and shutdownGraceMs'],
    [{ timeouts: 5 }, 'Invalid option "timeouts": must be an object of headersMs, keepAliveMs and shutdownGraceMs (got 5)'],
  ])(
    'refuses startSandbox(%j) with a ConfigError naming the option and its range, not node’s RangeError (#53)',
    async (options, message) => {
      await expect(startSandbox(options as never)).rejects.toThrow(new ConfigError(message))
    },
  )

  it('takes the timeouts the flags set, as startSandbox options (the limits named them and the library refused them, #53)', async () => {
    const running = await startSandbox({ timeouts: { headersMs: 600_000, keepAliveMs: 100, shutdownGraceMs: 0 } })
    try {
      expect((await fetch(`${running.url}validate`, { headers: { 'X-API-Key': 'sbx_user_alpha' } })).status).toBe(200)
    } finally {
      await running.close()
    }
  })

  it('refuses options that are not an object', () => {
    expect(() => createSandbox(5 as never)).toThrow(ConfigError)
    expect(() => createSandbox([] as never)).toThrow(/Invalid options: must be an object/)
  })

  it('refuses a library fixtures option that extends a file: only "default" can be reached without a file system', () => {
    expect(() => createSandbox({ fixtures: { extends: './base.json' } })).toThrow(/extends: must be "default"/)
  })
})

describe('fixtures that extend the default data, over real HTTP', () => {
  let sandbox: RunningSandbox
  beforeAll(async () => {
    sandbox = await startSandbox({ fixtures: EXTENDED, now: '2026-03-01' })
  })
  afterAll(() => sandbox.close())

  it('serve both the documented keys and the added ones', async () => {
    const documented = await (await fetch(`${sandbox.url}projects`, { headers: { 'X-API-Key': 'sbx_user_alpha' } })).json()
    expect(projectIds(documented)).toEqual([101, 102, 103])
    const added = await (await fetch(`${sandbox.url}projects`, { headers: { 'X-API-Key': 'my_user_key_9' } })).json()
    expect(projectIds(added)).toEqual([901])
  })
})

describe('fixtures that extend the default data, through msw in process', () => {
  const sandbox = createSandbox({ fixtures: EXTENDED, now: '2026-03-01' })
  const server = setupServer(...sandbox.handlers)
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
  afterAll(() => server.close())

  it('serve both the documented keys and the added ones', async () => {
    const documented = await (await fetch('http://sandbox.test/api/v1/projects', { headers: { 'X-API-Key': 'sbx_user_alpha' } })).json()
    expect(projectIds(documented)).toEqual([101, 102, 103])
    const monitoring = await fetch('http://sandbox.test/api/v1/monitoring', {
      headers: { 'X-API-Key': 'my_user_key_9', 'X-Project-ID': '901' },
    })
    expect(monitoring.status).toBe(200)
  })
})
